/// One problem found in an input file: which file, where in it, and what is wrong.
///
/// Rendered on one line as `file: location: severity: message`, e.g.
/// `tours/x/tour.json: points[2].triggerRadiusMeters: error: expected a number > 0, got -5`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// How bad a problem is: errors make an input invalid, warnings do not (unless asked to).
    public enum Severity: String, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    /// The file the problem is in, as the user named it (relative paths stay relative).
    public var file: String
    /// Where in the file: a JSON field path (`points[0].id`), `line 12`, or empty for the whole file.
    public var location: String
    /// What is wrong and, where it helps, what to do about it.
    public var message: String

    public init(_ severity: Severity, file: String, location: String = "", _ message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    /// An error.
    public static func error(_ file: String, _ location: String = "", _ message: String) -> Diagnostic {
        Diagnostic(.error, file: file, location: location, message)
    }

    /// A warning.
    public static func warning(_ file: String, _ location: String = "", _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: file, location: location, message)
    }

    public var description: String {
        var parts = [file]
        if !location.isEmpty { parts.append(location) }
        parts.append(severity.rawValue)
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}

extension Array where Element == Diagnostic {
    /// The number of errors.
    public var errorCount: Int { reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
    /// The number of warnings.
    public var warningCount: Int { reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }
    /// Whether any problem is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
