import Foundation
import Testing

/// Checks that `condition` holds, as `#expect(condition)` does, without the macro: a failure is an issue at the
/// caller's line that quotes that line of the source and adds `comment`.
///
/// Why not `#expect`: each `#expect` is a macro expansion the type checker checks again, and a fresh build of the
/// test targets spent about 40 % of its CPU on them (docs/testing.md, "How long it takes"). `#expect(throws:)`
/// and `#require` stay macros.
public func expectTrue(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    if !condition { Issue.record(failureComment(nil, comment(), sourceLocation), sourceLocation: sourceLocation) }
}

/// Checks that `actual == expected`, as `#expect(actual == expected)` does, without the macro: a failure quotes
/// the caller's source line and says both values (`String(reflecting:)`), then `comment`.
public func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if actual != expected {
        let values = "\(String(reflecting: actual)) ≠ \(String(reflecting: expected))"
        Issue.record(failureComment(values, comment(), sourceLocation), sourceLocation: sourceLocation)
    }
}

/// Checks that `text` contains `part`, as `#expect(text.contains(part))` does, without the macro: a failure quotes
/// the caller's source line and prints the text it searched (what `expectTrue(text.contains(part))` cannot).
public func expectContains(
    _ text: String, _ part: String, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !text.contains(part) {
        let values = "\(String(reflecting: part)) is not in \(String(reflecting: text))"
        Issue.record(failureComment(values, comment(), sourceLocation), sourceLocation: sourceLocation)
    }
}

/// "Expectation failed: `the source line`", then the values and the comment when there are some.
private func failureComment(_ values: String?, _ comment: Comment?, _ location: SourceLocation) -> Comment {
    var text = "Expectation failed"
    if let line = sourceLine(location) { text += ": `\(line)`" }
    if let values { text += "\n" + values }
    if let comment { text += "\n" + comment.rawValue }
    return Comment(rawValue: text)
}

/// The source line a failure points at, trimmed; nil when the file cannot be read (a binary moved off its checkout).
private func sourceLine(_ location: SourceLocation) -> String? {
    guard let text = try? String(contentsOfFile: location.filePath, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard location.line >= 1, location.line <= lines.count else { return nil }
    return lines[location.line - 1].trimmingCharacters(in: .whitespaces)
}
