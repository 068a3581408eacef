import PropertyBased
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The rules every profile keeps, on random tours and traces (`RandomWalk`) replayed under each profile.
@Suite struct EngineProfilePropertyTests {
    @Test func everyProfileKeepsTheSequenceAndNeverOverlapsAudio() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let walk = RandomWalk(seed: seed)
            for profile in EngineProfile.allCases {
                Self.expectInvariants(walk, profile)
            }
        }
    }

    /// Every phase of the phone's fix delivery (`--phases`) gives a timeline that keeps the profile's rules,
    /// phase 0 is the plain replay, and the spread over the phases is deterministic.
    @Test func everyPhaseKeepsTheProfilesRules() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let walk = RandomWalk(seed: seed)
            for profile in [EngineProfile.ios5c84126, .android5c84126, .androidEfba3ee] {
                for phase in PhaseSpread.fractions(7) { Self.expectInvariants(walk, profile, phase: phase) }
                expectEqual(Simulation.run(tour: walk.tour, trace: walk.trace, policy: profile.policy, phase: 0), Simulation.run(tour: walk.tour, trace: walk.trace, policy: profile.policy))
                let spread = PhaseSpread.run(tour: walk.tour, trace: walk.trace, policy: profile.policy, phases: 7)
                expectEqual(spread, PhaseSpread.run(tour: walk.tour, trace: walk.trace, policy: profile.policy, phases: 7))
                for point in spread.points {
                    expectTrue(point.plays >= 0 && point.plays <= 7)
                    expectEqual((point.plays == 0), (point.startSpread == nil))
                    if let spreadSeconds = point.startSpread { expectTrue(spreadSeconds >= 0) }
                }
            }
        }
    }

    /// The invariants of `profile`'s timeline of `walk` with the phone's delivery grid moved by `phase`.
    static func expectInvariants(_ walk: RandomWalk, _ profile: EngineProfile, phase: Double = 0) {
        let n = walk.tour.points.count
        let policy = profile.policy
let timeline = Simulation.run(tour: walk.tour, trace: walk.trace, policy: policy, phase: phase)
        let events = timeline.events
        expectTrue(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "\(profile)")

        // Points trigger in order, once each, with no gaps.
        let triggered = events.filter { $0.kind == .pointTriggered }.compactMap(\.point)
        expectEqual(triggered, Array(1..<(triggered.count + 1)), "\(profile)")

        // Only the iOS app re-fires, and only a point that already triggered.
        let refired = events.filter { $0.kind == .pointRefired }
        if policy.appCursor?.refiresOnReentry != true { expectTrue(refired.isEmpty, "\(profile)") }
        for event in refired { expectTrue(triggered.contains(event.point ?? 0)) }

        // Audio never overlaps; an audio cut short is the re-fired point's, restarted at once.
        var playing: EngineEvent?
        for event in events where event.kind == .audioStarted || event.kind == .audioFinished || event.kind == .audioCut {
            if event.kind == .audioStarted {
                expectTrue(playing == nil, "\(profile)")
                playing = event
            } else if let start = playing {
                expectEqual(start.point, event.point)
                let full = start.t + walk.tour.points[start.point! - 1].audioSeconds
                if event.kind == .audioCut {
                    // Android's early completion cuts the flagged last point as it starts.
                    expectTrue(policy.appCursor?.completesOnReachingLastPoint == true && start.point == n && event.t == start.t, "\(profile)")
                } else {
                    expectTrue(event.t == full || (event.t < full && refired.contains { $0.t == event.t && $0.point == start.point }), "\(profile)")
                }
                playing = nil
            }
        }
        expectTrue(playing == nil)

        // The queue holds one point at most in the apps; the tour completes iff every point triggered.
        if policy.appCursor != nil { expectTrue(events.allSatisfy { $0.queueLength <= 1 }) }
        // Android completes once the cursor reaches the last point: every point but the last triggered,
        // and nothing triggers after the completion.
        if policy.appCursor?.completesOnReachingLastPoint == true, n > 1 {
            let completions = events.filter { $0.kind == .tourCompleted }
            expectEqual(completions.count, (Set(triggered).isSuperset(of: 1..<n) ? 1 : 0), "\(profile)")
            if let end = completions.first {
                expectTrue(!events.contains { $0.t > end.t && ($0.kind == .pointTriggered || $0.kind == .audioStarted) }, "\(profile)")
                expectEqual(end.missed, (triggered.contains(n) ? [] : [n]), "\(profile)")
            }
        } else {
            expectEqual(events.filter { $0.kind == .tourCompleted }.count, (triggered.count == n ? 1 : 0), "\(profile)")
        }
        expectTrue(timeline.withheldFixes == 0 || policy.fixDelivery != nil)

        // Same inputs, same timeline.
        expectEqual(Simulation.run(tour: walk.tour, trace: walk.trace, policy: policy, phase: phase), timeline)
    }
}
