import Foundation
import WalkscapeCore

/// One case of a check: a tour, a trace, options and the golden timeline they must produce.
struct CheckCase: Sendable {
    var name: String
    var tour: String
    var trace: String
    var language: String?
    var golden: String
    var policy: EnginePolicy
    var walkSpeed: Double
    var tolerance: Double
}

/// Reads suite files: `{"cases": [{"name", "tour", "trace", "lang"?, "golden", "options"?, "tolerance"?}]}`,
/// paths relative to the suite file. `options.profile` names an `EngineProfile`; the other options override
/// its values.
enum CheckSuite {
    struct ReadError: Error, CustomStringConvertible {
        var path: String
        var location: String
        var message: String
        var description: String { location.isEmpty ? "\(path): error: \(message)" : "\(path): \(location): error: \(message)" }
    }

    static func read(_ path: String) throws(ReadError) -> [CheckCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, location: "", message: "cannot be read (no such file?)")
        }
        let root: JSONValue
        do {
            root = try JSONParser().parse(Array(data))
        } catch {
            throw ReadError(path: path, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        guard let list = root["cases"]?.arrayElements else {
            throw ReadError(path: path, location: "cases", message: "expected an array of cases")
        }
        let base = (path as NSString).deletingLastPathComponent
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || base.isEmpty ? relative : base + "/" + relative
        }
        var cases: [CheckCase] = []
        for (i, item) in list.enumerated() {
            let at = "cases[\(i)]"
            func string(_ key: String) throws(ReadError) -> String {
                guard let value = item[key]?.stringValue, !value.isEmpty else {
                    throw ReadError(path: path, location: "\(at).\(key)", message: "missing, expected a string")
                }
                return value
            }
            let options = item["options"] ?? .object([])
            var policy = EnginePolicy.standard
            if let name = options["profile"] {
                guard let value = name.stringValue, let resolved = EngineProfile.resolve(value) else {
                    throw ReadError(path: path, location: "\(at).options.profile", message: "expected one of \(EngineProfile.names)")
                }
                if let warning = resolved.warning { CommandContext.console.error("\(path): \(at).options.profile: \(warning)") }
                policy = resolved.profile.policy
            }
            if let depth = options["queueDepth"] {
                guard let value = depth.intValue, value >= 0 else { throw ReadError(path: path, location: "\(at).options.queueDepth", message: "expected a whole number ≥ 0") }
                policy.queueDepth = value
            }
            if let accuracy = options["minAccuracy"], accuracy != .null {
                guard let value = accuracy.doubleValue, value > 0 else { throw ReadError(path: path, location: "\(at).options.minAccuracy", message: "expected metres > 0") }
                policy.minAccuracyMeters = value
            }
            if let confirm = options["confirmFixes"] {
                guard let value = confirm.intValue, value >= 1 else { throw ReadError(path: path, location: "\(at).options.confirmFixes", message: "expected a whole number ≥ 1") }
                policy.confirmFixes = value
            }
            if let skip = options["skipMissed"] {
                guard let value = skip.boolValue else { throw ReadError(path: path, location: "\(at).options.skipMissed", message: "expected true or false") }
                policy.skipMissed = value
            }
            if let conflict = policy.conflict {
                throw ReadError(path: path, location: "\(at).options", message: conflict)
            }
            let walkSpeed = options["walkSpeed"]?.doubleValue ?? 1.2
            let tolerance = item["tolerance"]?.doubleValue ?? 0.5
            let golden = try string("golden")
            cases.append(CheckCase(
                name: item["name"]?.stringValue ?? golden, tour: resolve(try string("tour")), trace: resolve(try string("trace")),
                language: item["lang"]?.stringValue, golden: resolve(golden), policy: policy, walkSpeed: walkSpeed, tolerance: tolerance))
        }
        return cases
    }
}
