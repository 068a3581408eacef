import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTraces

/// Reads suite files: `{"cases": [{"name", "tour", "trace", "lang"?, "golden", "options"?, "tolerance"?,
/// "track"?, "segment"?, "minShare"?, "phases"?}]}`, paths relative to the suite file. `options.profile` names an `EngineProfile`; the
/// other options override its values. A key walkscape does not know is an error naming the closest known one
/// (a misspelt option would otherwise be ignored silently).
public enum CheckSuite {
    public struct ReadError: Error, CustomStringConvertible {
        public var path: String
        public var location: String
        public var message: String
        public var description: String { location.isEmpty ? "\(path): error: \(message)" : "\(path): \(location): error: \(message)" }
    }

    /// The keys a suite file may have at the top level, in a case, and in a case's options.
    public static let suiteKeys = ["cases"]
    public static let caseKeys = ["name", "tour", "trace", "lang", "golden", "options", "tolerance", "track", "segment", "minShare", "phases"]
    public static let optionKeys = ["profile", "queueDepth", "minAccuracy", "confirmFixes", "skipMissed", "walkSpeed", "distance"]

    /// Refuses a key of `object` that is not in `known`, naming the closest known key.
    public static func checkKeys(_ object: JSONValue, _ known: [String], path: String, at location: String) throws(ReadError) {
        for (key, _) in object.objectMembers ?? [] where !known.contains(key) {
            let hint = ClosestName.closest(to: key, among: known).map { "; did you mean \"\($0)\"?" } ?? "; expected one of \(known.joined(separator: ", "))"
            throw ReadError(path: path, location: location.isEmpty ? key : "\(location).\(key)", message: "unknown key \"\(key)\"\(hint)")
        }
    }

    /// The cases of the suite in `path`; `warn` hears warnings (a profile read under a removed name), one line each.
    public static func read(_ path: String, warn: (String) -> Void = { _ in }) throws(ReadError) -> [CheckCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, location: "", message: "cannot be read (no such file?)")
        }
        let root: JSONValue
        do {
            root = try JSONParser().parse(Array(data))
        } catch {
            throw ReadError(path: path, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        try checkKeys(root, suiteKeys, path: path, at: "")
        guard let list = root["cases"]?.arrayElements else {
            throw ReadError(path: path, location: "cases", message: "expected an array of cases")
        }
        // An empty suite would pass without checking anything.
        guard !list.isEmpty else {
            throw ReadError(path: path, location: "cases", message: "no cases; a suite needs at least one (an empty one would pass without checking anything)")
        }
        let base = FilePathText.parent(of: path)
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
            guard item.objectMembers != nil else { throw ReadError(path: path, location: at, message: "expected an object") }
            try checkKeys(item, caseKeys, path: path, at: at)
            let options = item["options"] ?? .object([])
            guard options.objectMembers != nil else { throw ReadError(path: path, location: "\(at).options", message: "expected an object") }
            try checkKeys(options, optionKeys, path: path, at: "\(at).options")
            var policy = EnginePolicy.standard
            if let name = options["profile"] {
                guard let value = name.stringValue, let resolved = EngineProfile.resolve(value) else {
                    throw ReadError(path: path, location: "\(at).options.profile", message: "expected one of \(EngineProfile.names)")
                }
                if let warning = resolved.warning { warn("\(path): \(at).options.profile: \(warning)") }
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
                guard let value = confirm.intValue, ValueRanges.confirmFixes.contains(value) else {
                    throw ReadError(path: path, location: "\(at).options.confirmFixes", message: "expected a whole number from \(ValueRanges.confirmFixes.lowerBound) to \(ValueRanges.confirmFixes.upperBound), as --confirm-fixes takes")
                }
                policy.confirmFixes = value
            }
            if let skip = options["skipMissed"] {
                guard let value = skip.boolValue else { throw ReadError(path: path, location: "\(at).options.skipMissed", message: "expected true or false") }
                policy.skipMissed = value
            }
            if let distance = options["distance"] {
                guard let name = distance.stringValue, let model = DistanceModel(rawValue: name) else {
                    throw ReadError(path: path, location: "\(at).options.distance", message: "expected one of \(DistanceModel.names)")
                }
                policy.distanceModel = model
            }
            if let conflict = policy.conflict {
                throw ReadError(path: path, location: "\(at).options", message: conflict)
            }
            var walkSpeed = 1.2
            if let speed = options["walkSpeed"] {
                guard let value = speed.doubleValue, ValueRanges.walkSpeeds.contains(value) else {
                    throw ReadError(path: path, location: "\(at).options.walkSpeed", message: "expected metres a second from 0.1 to 10, as --walk-speed takes")
                }
                walkSpeed = value
            }
            var tolerance = 0.5
            if let given = item["tolerance"] {
                guard let value = given.doubleValue, value >= 0, value.isFinite else { throw ReadError(path: path, location: "\(at).tolerance", message: "expected seconds ≥ 0") }
                tolerance = value
            }
            var selection = TraceSelection()
            for key in ["track", "segment"] {
                guard let given = item[key] else { continue }
                guard let value = given.intValue, value >= 1 else { throw ReadError(path: path, location: "\(at).\(key)", message: "expected a whole number ≥ 1") }
                if key == "track" { selection.track = value } else { selection.segment = value }
            }
            var minShare: Double?
            if let given = item["minShare"] {
                guard let value = given.doubleValue, value >= 0, value <= 1 else { throw ReadError(path: path, location: "\(at).minShare", message: "expected a share from 0 to 1 (0.95: every point plays in 95 % of the phases)") }
                minShare = value
            }
            var phases: Int?
            if let given = item["phases"] {
                guard let value = given.intValue, ValueRanges.phases.contains(value) else { throw ReadError(path: path, location: "\(at).phases", message: "expected a whole number from 1 to 360") }
                phases = value
            }
            let golden = try string("golden")
            cases.append(CheckCase(
                name: TerminalText.sanitize(item["name"]?.stringValue ?? golden), tour: resolve(try string("tour")), trace: resolve(try string("trace")),
                language: item["lang"]?.stringValue, golden: resolve(golden), policy: policy, walkSpeed: walkSpeed, selection: selection,
                tolerance: tolerance, minShare: minShare, phases: phases))
        }
        return cases
    }
}
