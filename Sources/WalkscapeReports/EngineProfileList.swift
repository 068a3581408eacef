import WalkscapeCore

/// `compare --list-profiles`: one row a profile (name, the reference app's commit it models, its rules), then
/// the removed names and what replaced them; or the same as JSON.
public enum EngineProfileList {
    /// The list, as lines to write as they are (each ends with a newline): a table, or one JSON document.
    public static func lines(json: Bool) -> [String] {
        let removed = EngineProfile.removedNames.sorted { $0.key < $1.key }
        if json {
            let profiles: [JSONValue] = EngineProfile.allCases.map {
                .object([("name", .string($0.rawValue)), ("upstreamCommit", $0.upstreamCommit.map(JSONValue.string) ?? .null), ("summary", .string($0.summary))])
            }
            let aliases: [JSONValue] = removed.map {
                .object([("name", .string($0.key)), ("replacement", .string($0.value.replacement.rawValue)), ("reason", .string($0.value.reason))])
            }
            return [JSONWriter().write(.object([("repository", .string("gigiorda84/walkspace-app")), ("profiles", .array(profiles)), ("removed", .array(aliases))])) + "\n"]
        }
        var table = TextTable(["PROFILE", "MODELS", "RULES"])
        for profile in EngineProfile.allCases {
            table.add([profile.rawValue, profile.upstreamCommit.map { "walkspace-app@\($0)" } ?? "walkscape", profile.summary])
        }
        var lines = table.render().map { $0 + "\n" }
        for (name, value) in removed { lines.append("\(name): removed, \(value.reason); use \(value.replacement.rawValue)\n") }
        return lines
    }
}
