import Foundation
import Testing
import WalkscapeCore
import WalkscapeFieldReport
import WalkscapeTestSupport
import WalkscapeTours
import WalkscapeTraces

/// A long walk's page draws a thinned line (issue 46 item 4: a 505 MB GPX made a 245 MB page and took 2.19 GB):
/// the rows kept are the walk's own, in order, with its last fix and every fix after which the next point
/// changed, no more than the limit allows, and the count of every fix; a walk under the limit is drawn whole.
@Suite struct ReportWalkThinningTests {
    static let tour = "tours/torino-portici"
    static let trace = "fixtures/traces/torino-portici-brisk.gpx"

    struct Walk {
        var replay: ReplayTour
        var trace: Trace
        var timeline: Timeline
        var policy: EnginePolicy
    }

    static func walk(_ profile: EngineProfile) throws -> Walk {
        let replay = try ReplayTour.load(repositoryRoot + "/" + tour, language: "it")
        let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + trace)
        let policy = profile.policy
        return Walk(replay: replay, trace: loaded.trace, timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: policy), policy: policy)
    }

    static func reported(_ walk: Walk, limit: Int) -> ReportData.ReportedWalk {
        ReportWalkBuilder.walk(
            id: "w1", name: "brisk", index: 0, trace: walk.trace, timeline: walk.timeline, tour: walk.replay.engineTour, policy: walk.policy, limit: limit)
    }

    /// Whether `part` is `whole` with some elements left out.
    static func isSubsequence<T: Equatable>(_ part: [T], of whole: [T]) -> Bool {
        var i = whole.startIndex
        for element in part {
            guard let found = whole[i...].firstIndex(of: element) else { return false }
            i = found + 1
        }
        return true
    }

    @Test(arguments: [EngineProfile.prd, .android5c84126])
    func aThinnedLineKeepsTheWalksTurnsAndEnd(profile: EngineProfile) throws {
        let walk = try Self.walk(profile)
        let whole = Self.reported(walk, limit: ReportWalkBuilder.drawnFixLimit)
        expectEqual(whole.fixCount, nil, "a walk under the limit is drawn whole and says no count")
        expectTrue(whole.fixes.count > 100, "\(whole.fixes.count) fixes: the fixture must be long enough to thin")
        for limit in [1, 7, 50, 200] {
            let thinned = Self.reported(walk, limit: limit)
            expectEqual(thinned.fixCount, whole.fixes.count, "limit \(limit)")
            expectTrue(Self.isSubsequence(thinned.fixes, of: whole.fixes), "limit \(limit): rows that are not the walk's, or out of order")
            expectEqual(thinned.fixes.first, whole.fixes.first)
            expectEqual(thinned.fixes.last, whole.fixes.last, "limit \(limit): the walk's last fix")
            // Every fix after which the next point changed is drawn: the distance chart steps where the walk did.
            let turns = whole.fixes.indices.dropFirst().filter { whole.fixes[$0].nextPoint != whole.fixes[$0 - 1].nextPoint }.map { whole.fixes[$0] }
            expectTrue(!turns.isEmpty)
            for turn in turns { expectTrue(thinned.fixes.contains(turn), "limit \(limit): the fix at t \(turn.t) where the next point changed") }
            // At most the limit (rounded up by the stride), the turns and the last.
            expectTrue(thinned.fixes.count <= limit + 1 + turns.count + 1, "limit \(limit): \(thinned.fixes.count) rows")
            // Everything else is the walk's: narrations, misses, completion.
            expectEqual(thinned.narrations, whole.narrations)
            expectEqual(thinned.missed, whole.missed)
            expectEqual(thinned.completedT, whole.completedT)
        }
    }

    /// With phases and a delivery rule, each phase's thinned line decodes through the thinned track to fixes
    /// that phase was delivered, in order, ending with its last.
    @Test func phasesThinTheirLinesIntoOneTrack() throws {
        let walk = try Self.walk(.android5c84126)
        let phases = 4
        let timelines = PhaseSpread.timelines(tour: walk.replay.engineTour, trace: walk.trace, policy: walk.policy, phases: phases)
        for limit in [ReportWalkBuilder.drawnFixLimit, 40] {
            let reported = ReportWalkBuilder.withPhases(Self.reported(walk, limit: limit), trace: walk.trace, timelines: timelines, policy: walk.policy, limit: limit)
            let track = try #require(reported.track)
            if limit == ReportWalkBuilder.drawnFixLimit {
                expectEqual(track.count, walk.trace.count)
            } else {
                expectTrue(track.count < walk.trace.count && track.count <= limit + phases * 2, "\(track.count) fixes in the track")
            }
            for phase in try #require(reported.phases) {
                var filter = FixDeliveryFilter(walk.policy.fixDelivery, distance: walk.policy.distanceModel, phase: Double(phase.k) / Double(phases))
                let delivered = (0..<walk.trace.count).filter { filter.delivers(t: walk.trace.elapsed($0), location: walk.trace.location($0)) }
                    .map { walk.trace.elapsed($0) }
                let gaps = try #require(phase.fixes)
                let drawn = gaps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }.map { track[$0][0] }
                expectTrue(Self.isSubsequence(drawn, of: delivered.map { ReportRounding.seconds($0) }), "limit \(limit), phase \(phase.k)")
                expectEqual(drawn.last, delivered.last.map { ReportRounding.seconds($0) }, "limit \(limit), phase \(phase.k): its last fix")
                if limit == ReportWalkBuilder.drawnFixLimit { expectEqual(drawn.count, delivered.count) }
            }
        }
    }
}
