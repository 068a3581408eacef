import Foundation
import Testing
import WalkscapeCore
import WalkscapeFieldReport
import WalkscapeTestSupport
import WalkscapeTours
import WalkscapeTraces

/// Walks under the phone apps' rules (docs/profiles.md): a narration the iOS app restarts on re-entering the
/// region is cut where it restarted, and a point Android never plays because it completed the tour early is
/// missed.
@Suite struct ReportAppProfileTests {
    static func walk(_ profile: EngineProfile, trace: String) throws -> (ReportData.ReportedWalk, Timeline) {
        let replay = try ReplayTour.load(repositoryRoot + "/tours/torino-portici", language: "it")
        let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + trace)
        let timeline = Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: profile.policy)
        let inputs = FieldReportInputs(
            tour: replay, tourArgument: "tours/torino-portici",
            walks: [FieldReportInputs.SimulatedWalk(file: trace, path: repositoryRoot + "/" + trace, trace: loaded.trace, summary: loaded.summary, timeline: timeline)],
            policy: profile.policy, profile: profile.rawValue, command: "walkscape report", walkscapeVersion: "test")
        return (try FieldReportBuilder.data(inputs).walks[0], timeline)
    }

    @Test func iOSRestartsAreCutWhereTheyRestarted() throws {
        let (walk, timeline) = try Self.walk(.ios5c84126, trace: "fixtures/traces-profiles/torino-edge-jitter.gpx")
        let refires = timeline.events.filter { $0.kind == .pointRefired && $0.point == 2 }.count
        expectTrue(refires > 0)
        let second = walk.narrations.filter { $0.point == 2 }
        expectEqual(second.count, refires + 1)
        for (one, next) in zip(second, second.dropFirst()) {
            expectEqual(one.cutAtSeconds, ReportRounding.seconds(next.startT - one.startT), "\(one)")
        }
        expectTrue(second.last?.cutAtSeconds == nil)
        expectTrue(walk.narrations.filter { $0.point != 2 }.allSatisfy { $0.cutAtSeconds == nil })
        // Fewer fixes than the trace: the 10 m distance filter withholds most of them.
        expectEqual(walk.fixes.count, timeline.fixes - timeline.withheldFixes)
    }

    @Test func theBuildsDifferencesCiteTheRulesBehindThem() throws {
        let trace = "fixtures/traces-profiles/torino-edge-jitter.gpx"
        let replay = try ReplayTour.load(repositoryRoot + "/tours/torino-portici", language: "it")
        let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + trace)
        let differences = ReportBuildDifferenceBuilder.differences(
            walks: [("edge-jitter", loaded.trace)], tour: replay.engineTour, titles: replay.pointTitles())
        let refire = try #require(differences.first { $0.title.hasPrefix("Point 2 ") })
        expectContains(refire.title, "restarts it on re-entering", "\(refire.title)")
        expectContains(refire.detail, "re-fired 6 times", "\(refire.detail)")
        expectTrue(refire.citation?.url?.hasSuffix("/blob/5c84126/mobile-app/ios/SonicWalkscape/SonicWalkscape/Services/LocationManager.swift#L90-L92") == true)
        let last = try #require(differences.first { $0.title.hasPrefix("Point 7 ") })
        expectContains(last.title, "completes the tour before it plays")
        expectTrue(last.citation?.url?.hasSuffix("ui/player/PlayerViewModel.kt#L106-L109") == true)
        expectTrue(differences.allSatisfy { $0.builds == ["ios-app@5c84126", "android-app@5c84126"] && $0.citation != nil })
        // Each difference is a point where `compare` finds the builds disagree, and only those.
        let comparison = ProfileComparison(
            tour: replay.engineTour, trace: loaded.trace, policies: ReportBuildDifferenceBuilder.builds.map { ($0.rawValue, $0.policy) },
            tolerance: ReportBuildDifferenceBuilder.tolerance)
        let disagreeing = comparison.orders.indices.filter { !comparison.agree(point: $0) }.map { comparison.orders[$0] }
        expectEqual(differences.map { Int($0.title.dropFirst(6).prefix { $0.isNumber })! }, disagreeing)
    }

    @Test func onlyAnAppProfileComparesTheBuilds() throws {
        let trace = "fixtures/traces-profiles/torino-edge-jitter.gpx"
        let replay = try ReplayTour.load(repositoryRoot + "/tours/torino-portici", language: "it")
        let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + trace)
        for profile in EngineProfile.allCases {
            let inputs = FieldReportInputs(
                tour: replay, tourArgument: "tours/torino-portici",
                walks: [FieldReportInputs.SimulatedWalk(file: trace, path: repositoryRoot + "/" + trace, trace: loaded.trace, summary: loaded.summary,
                    timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: profile.policy))],
                policy: profile.policy, profile: profile.rawValue, command: "walkscape report", walkscapeVersion: "test")
            let data = try FieldReportBuilder.data(inputs)
            expectEqual((data.buildDifferences != nil), [.ios5c84126, .android5c84126].contains(profile), "\(profile)")
        }
    }

    @Test func androidsEarlyCompletionMissesTheLastPoint() throws {
        let (walk, timeline) = try Self.walk(.android5c84126, trace: "fixtures/traces-profiles/torino-edge-jitter.gpx")
        let completed = try #require(timeline.events.first { $0.kind == .tourCompleted })
        let never = try #require(completed.missed)
        expectTrue(!never.isEmpty)
        expectEqual(walk.missed.map(\.point), never)
        expectTrue(walk.missed.allSatisfy { $0.reason.contains("completed the tour") && $0.t == ReportRounding.seconds(completed.t) })
        expectEqual(walk.completedT, ReportRounding.seconds(completed.t))
        expectEqual(Set(walk.narrations.map(\.point)).count + walk.missed.count, 7)
    }
}
