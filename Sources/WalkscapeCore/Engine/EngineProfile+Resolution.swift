/// Choosing an app build by what a tester knows: its name or version (`android-app@1.1.4-beta`), a commit
/// (`android-app@5c84126`, seven or more hex digits, also a full hash), or a day (`android-app@2026-05-01`: the
/// build live that day as far as the repository's documents say, said in a note for standard error).
extension EngineProfile {
    /// A `--profile` value resolved: the profile, and a line to show on standard error (a removed name's
    /// warning, or which build a day is and on what grounds), nil when there is nothing to say.
    public struct Resolution: Sendable {
        public var profile: EngineProfile
        public var note: String?
    }

    /// `name` resolved, or why it cannot be: an unknown name, a malformed day, a day no modelled build covers.
    public static func resolving(_ name: String) throws(ValueProblem) -> Resolution {
        if let profile = EngineProfile(rawValue: name) { return Resolution(profile: profile, note: nil) }
        if let removed = removedNames[name] {
            return Resolution(
                profile: removed.replacement,
                note: "warning: profile \(name) is removed: \(removed.reason); using \(removed.replacement.rawValue) instead (the name \(name) goes in the next release)")
        }
        let unknown = ValueProblem("--profile must be one of \(Self.names), got \(TerminalText.sanitize(name)).")
        let parts = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasSuffix("-app"), let platform = AppBuild.Platform(rawValue: String(parts[0].dropLast(4))) else { throw unknown }
        let value = String(parts[1])
        if let profile = byCommit(platform: platform, value) { return Resolution(profile: profile, note: nil) }
        guard value.utf8.count == 10, value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else { throw unknown }
        return try byDay(platform: platform, value, asked: name)
    }

    /// The build named by a commit: seven to forty hex digits whose first seven name a modelled build.
    static func byCommit(platform: AppBuild.Platform, _ value: String) -> EngineProfile? {
        guard (7...40).contains(value.utf8.count), value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return EngineProfile(rawValue: "\(platform.rawValue)-app@\(value.prefix(7))")
    }

    /// The build of `platform` live on `day` (`YYYY-MM-DD`), with the note that says so.
    static func byDay(platform: AppBuild.Platform, _ day: String, asked: String) throws(ValueProblem) -> Resolution {
        let name = TerminalText.sanitize(asked)
        let platformName = platform == .ios ? "iOS" : "Android"
        // A day that parses and formats back the same (2026-02-30 would roll over to March).
        guard let midnight = ISO8601Time.parse(day + "T00:00:00Z"), ISO8601Time.format(midnight).hasPrefix(day) else {
            throw ValueProblem("--profile \(name): \(TerminalText.sanitize(day)) is not a day; expected YYYY-MM-DD, such as \(platform.rawValue)-app@2026-05-01.")
        }
        let builds = catalogue.filter { $0.build?.platform == platform }
        guard let found = builds.first(where: { $0.build?.live.contains(day: day) == true }), let build = found.build else {
            let spans = builds.compactMap { profile in profile.build?.live.first.map { (profile, $0) } }
            if let earliest = spans.min(by: { $0.1 < $1.1 }), day < earliest.1, let first = earliest.0.build {
                throw ValueProblem(
                    "--profile \(name): the first \(platformName) build walkscape models, \(first.label), is from \(earliest.1); no earlier build is modelled "
                        + "(name one to use it anyway, e.g. \(earliest.0.rawValue)).")
            }
            throw ValueProblem("--profile \(name): no modelled \(platformName) build covers \(day); name one (compare --list-profiles).")
        }
        var note = "\(name) is \(found.rawValue) (\(platformName) \(build.label)), \(build.live.track) on \(day) as far as the repository's documents say: \(build.live.evidence)"
        if let why = build.inferredBecause { note += "; its rules are inferred: \(why)" }
        return Resolution(profile: found, note: note + ".")
    }
}
