import WalkscapeCore

/// `compare --list-profiles`: one row a profile (name, the app build it models with its version, build
/// number, commit and date, its rules), then the other names and the removed names; or the same as JSON.
public enum EngineProfileList {
    /// The list, as lines to write as they are (each ends with a newline): a table, or one JSON document.
    public static func lines(json: Bool) -> [String] {
        let removed = EngineProfile.removedNames.sorted { $0.key < $1.key }
        if json {
            let profiles: [JSONValue] = EngineProfile.allCases.map { profile in
                var members: [(key: String, value: JSONValue)] = [
                    ("name", .string(profile.rawValue)), ("upstreamCommit", profile.upstreamCommit.map(JSONValue.string) ?? .null),
                ]
                if let build = profile.build {
                    members += [
                        ("platform", .string(build.platform.rawValue)), ("version", .string(build.version)),
                        ("buildNumber", .integer(build.buildNumber)), ("date", build.date.map(JSONValue.string) ?? .null),
                        ("notBefore", build.notBefore.map(JSONValue.string) ?? .null),
                        ("versionSource", .string(build.versionSource)), ("status", .string(build.status)),
                        ("inferredBecause", build.inferredBecause.map(JSONValue.string) ?? .null),
                        ("live", .object([
                            ("track", .string(build.live.track)), ("evidence", .string(build.live.evidence)),
                            ("first", build.live.first.map(JSONValue.string) ?? .null), ("last", build.live.last.map(JSONValue.string) ?? .null),
                            ("firstWritten", .bool(build.live.firstWritten)),
                        ])),
                    ]
                }
                members += [("aliases", .array(profile.otherNames.map(JSONValue.string))), ("summary", .string(profile.summary))]
                return .object(members)
            }
            let aliases: [JSONValue] = removed.map {
                .object([("name", .string($0.key)), ("replacement", .string($0.value.replacement.rawValue)), ("reason", .string($0.value.reason))])
            }
            return [JSONWriter().write(.object([("repository", .string("gigiorda84/walkspace-app")), ("profiles", .array(profiles)), ("removed", .array(aliases))])) + "\n"]
        }
        var table = TextTable(["PROFILE", "BUILD", "RULES READ AT", "STATUS", "DATE", "LIVE (--profile APP@DAY)", "WHERE", "RULES"])
        for profile in EngineProfile.allCases {
            let build = profile.build
            table.add([
                profile.rawValue, build?.label ?? "walkscape", build.map { "walkspace-app@\($0.commit)" } ?? "-", build?.status ?? "-",
                build?.dateText ?? "-", build?.live.spanText ?? "-", build?.live.track ?? "-", profile.summary,
            ])
        }
        var lines = table.render().map { $0 + "\n" }
        lines.append("\n")
        for profile in EngineProfile.allCases where !profile.otherNames.isEmpty {
            lines.append("\(profile.otherNames.joined(separator: ", ")): \(profile.rawValue)\n")
        }
        for (name, value) in removed { lines.append("\(name): removed, \(value.reason); use \(value.replacement.rawValue)\n") }
        return lines
    }
}
