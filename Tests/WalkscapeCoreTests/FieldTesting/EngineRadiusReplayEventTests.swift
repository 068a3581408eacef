import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The radius replay is `Simulation.run` event for event: a replay that never stops early hands its body the
/// very timeline `simulate` gives, for every profile of the catalogue (the app profiles with their fix
/// delivery, at two phases of the delivery grid) and skipping, on whole walks and on walks cut off mid-tour
/// just after a withheld fix. Device scenarios are not part of the radius analysis: a policy's screen locks
/// and kill are ignored by the replay (`EngineRadiusReplay.replay`).
@Suite struct EngineRadiusReplayEventTests {
    /// The first `n` fixes of `trace`.
    static func prefix(_ trace: Trace, _ n: Int) -> Trace {
        var cut = Trace()
        cut.startSegment()
        for i in 0..<n {
            cut.append(time: trace.times[i], lat: trace.latitudes[i], lng: trace.longitudes[i], accuracy: trace.accuracies[i], hdop: trace.hdops[i])
        }
        return cut
    }

    /// Every event of a replay that never stops.
    static func replayedEvents(_ tour: EngineTour, _ trace: Trace, _ policy: EnginePolicy, phase: Double) -> [EngineEvent] {
        let walk = EngineRadiusReplay.DeliveredFixes(FixColumns(trace), rules: policy.fixDelivery, distance: policy.distanceModel, phase: phase)
        var events: [EngineEvent] = []
        EngineRadiusReplay.replay(tour: tour, policy: policy, walk: walk) { event in
            events.append(event)
            return false
        }
        return events
    }

    @Test(arguments: EngineProfile.catalogue)
    func aReplayThatNeverStopsGivesSimulationsEvents(profile: EngineProfile) {
        var policies = [(profile.name, profile.policy)]
        if profile == .prd { policies.append(("prd --skip-missed", EnginePolicy(skipMissed: true))) }
        // Walks whose last fix is withheld and whose tour is left incomplete after the last delivered fix:
        // there `tour_incomplete` is stamped with the clock the withheld fixes moved (`.advance`).
        var endsOnAWithheldFix = 0
        for (name, policy) in policies {
            for seed in 0..<5 {
                let (tour, trace, _) = EngineRadiusReplayTests.setUp(seed: seed)
                var walks = [("whole", trace)]
                // Cut off at 60 %, just after the last withheld fix before that (every fix when none is).
                let delivered = EngineRadiusReplay.DeliveredFixes(FixColumns(trace), rules: policy.fixDelivery, distance: policy.distanceModel).delivered
                let cut = (1..<(trace.count * 6 / 10)).last { !delivered[$0] }.map { $0 + 1 } ?? trace.count * 6 / 10
                walks.append(("cut at \(cut)", Self.prefix(trace, cut)))
                for (label, walk) in walks {
                    for phase in policy.fixDelivery == nil ? [0.0] : [0, 0.4] {
                        let expected = Simulation.run(tour: tour, trace: walk, policy: policy, phase: phase).events
                        let got = Self.replayedEvents(tour, walk, policy, phase: phase)
                        expectEqual(got, expected, "\(name) seed \(seed) \(label) phase \(phase): \(got.count) events replayed, \(expected.count) simulated")
                        expectTrue(expected.first?.kind == .tourStarted)
                        let kept = EngineRadiusReplay.DeliveredFixes(FixColumns(walk), rules: policy.fixDelivery, distance: policy.distanceModel, phase: phase).delivered
                        if let last = expected.last, last.kind == .tourIncomplete, kept.last == false,
                            let lastKept = kept.lastIndex(of: true), last.t > walk.elapsed(lastKept) {
                            endsOnAWithheldFix += 1
                        }
                    }
                }
            }
        }
        // The walks reach the case a replay that dropped withheld fixes would get wrong.
        if profile.policy.fixDelivery != nil { expectTrue(endsOnAWithheldFix > 0, "\(profile.name): no walk ends on a withheld fix") }
    }

    @Test(arguments: [EngineProfile.prd, .android5c84126, .iosEfba3ee])
    func theReplayIgnoresTheDeviceScenario(profile: EngineProfile) {
        // The radius analysis models no screen locks or kill: a policy carrying them replays as one without.
        let (tour, trace, _) = EngineRadiusReplayTests.setUp(seed: 7)
        var device = profile.policy
        device.device = DeviceScenario(
            screenLocked: [.init(from: 60, to: 400), .init(from: 900, to: 1_000)], positionsWhileLocked: false, killedAt: trace.elapsed(trace.count / 2))
        let awake = Self.replayedEvents(tour, trace, profile.policy, phase: 0)
        expectEqual(Self.replayedEvents(tour, trace, device, phase: 0), awake)
        expectEqual(awake, Simulation.run(tour: tour, trace: trace, policy: profile.policy).events)
        // The scenario does change the simulated walk: ignoring it is a choice, not a no-op.
        expectTrue(Simulation.run(tour: tour, trace: trace, policy: device).events != awake)
    }
}
