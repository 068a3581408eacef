import Foundation
import WalkscapeCore

/// Where the two app builds walkscape models (the iOS and Android apps at the reference app's commit) behave
/// differently on the report's walks, point by point, each with the reference app's lines behind it.
///
/// Each walk is replayed under both apps' profiles (`ProfileComparison`, as `walkscape compare --profile
/// ios-app --profile android-app` does); a point whose trigger, start, re-fires or cut differ becomes one
/// difference. Its citation is the rule that explains it: a re-fire is the iOS re-entry rule, a cut or a
/// point never played after completion is Android's early completion, a trigger or start at another time is
/// the apps' fix delivery (`UpstreamSource`).
public enum ReportBuildDifferenceBuilder {
    /// The builds compared, in the order they are named.
    public static let builds: [EngineProfile] = [.ios5c84126, .android5c84126]
    /// Times closer than this (seconds) agree: `compare`'s default `--tolerance`.
    public static let tolerance = 0.5
    /// The reference app's repository, for links.
    static let repository = "https://github.com/gigiorda84/walkspace-app/blob/"
    /// The iOS re-entry rule (docs/profiles.md, "Once only, and the iOS re-entry re-fire").
    static let refireCitation = "mobile-app/ios/SonicWalkscape/SonicWalkscape/Services/LocationManager.swift:90–92 (if !isPointActive → nearbyPoint = nextPoint; cleared at any fix outside, :97–104)"

    /// The differences on `walks` (name and trace), in walk then point order; `titles` are the points' titles.
    public static func differences(walks: [(name: String, trace: Trace)], tour: EngineTour, titles: [Int: String]) -> [ReportData.BuildDifference] {
        var differences: [ReportData.BuildDifference] = []
        let names = builds.map(\.rawValue)
        for walk in walks {
            let comparison = ProfileComparison(tour: tour, trace: walk.trace, policies: builds.map { ($0.rawValue, $0.policy) }, tolerance: tolerance)
            for (index, order) in comparison.orders.enumerated() where !comparison.agree(point: index) {
                let outcomes = comparison.runs.map { $0.outcomes[index] }
                let never = comparison.runs.map { ($0.end?.kind == .tourCompleted ? $0.end?.missed : nil)?.contains(order) == true }
                let (rule, profile): (UpstreamSource.Rule?, EngineProfile)
                if Set(outcomes.map(\.refires)).count > 1 {
                    (rule, profile) = (nil, .ios5c84126)
                } else if outcomes.contains(where: \.cut) || never.contains(true) {
                    (rule, profile) = (.completion, .android5c84126)
                } else {
                    (rule, profile) = (.fixDelivery, .ios5c84126)
                }
                let cites = rule.map { rule in
                    rule == .completion ? builds.compactMap(UpstreamSource.citeEarlyCompletion) : builds.compactMap { UpstreamSource.cite(rule, $0) }
                } ?? [refireCitation]
                let detail = zip(comparison.runs.map(\.name), zip(outcomes, never)).map { name, outcome in
                    "\(name): " + describe(outcome.0, neverPlayed: outcome.1)
                }.joined(separator: "; ")
                let title = "Point \(order)" + (titles[order].map { " (\($0))" } ?? "") + " on \(walk.name): " + summary(rule)
                differences.append(ReportData.BuildDifference(
                    title: title, builds: names, detail: detail + ".",
                    citation: cites.first.map { ReportData.Citation(text: cites.joined(separator: "; "), url: link($0, commit: profile.upstreamCommit)) }))
            }
        }
        return differences
    }

    /// What the difference is about, by the rule behind it.
    static func summary(_ rule: UpstreamSource.Rule?) -> String {
        switch rule {
        case nil: return "the iOS app restarts it on re-entering its region"
        case .completion: return "the Android app completes the tour before it plays"
        default: return "the apps' fix delivery triggers it at different times"
        }
    }

    /// One build's outcome for a point: `triggers at 5:36, starts at 5:36, re-fired 6 times`.
    static func describe(_ outcome: ProfileComparison.PointOutcome, neverPlayed: Bool) -> String {
        var parts: [String] = []
        if let t = outcome.triggerT { parts.append("triggers at \(TimelineWriter.clock(t))") } else { parts.append("never triggers") }
        if let t = outcome.startT { parts.append("starts at \(TimelineWriter.clock(t))") } else if outcome.triggerT != nil || neverPlayed { parts.append("never plays") }
        if outcome.refires > 0 { parts.append("re-fired \(outcome.refires) time\(outcome.refires == 1 ? "" : "s")") }
        if outcome.cut { parts.append("cut as it starts") }
        return parts.joined(separator: ", ")
    }

    /// The GitHub link to a citation's first file and lines (`path:84` or `path:46–51`), nil without a commit.
    static func link(_ citation: String, commit: String?) -> String? {
        guard let commit, let location = citation.split(separator: " ").first, let colon = location.lastIndex(of: ":") else { return nil }
        let path = location[..<colon]
        let lines = location[location.index(after: colon)...].split(separator: "–").map(String.init)
        guard let first = lines.first, Int(first) != nil else { return nil }
        return repository + commit + "/" + path + "#L" + first + (lines.count > 1 && Int(lines[1]) != nil ? "-L" + lines[1] : "")
    }
}
