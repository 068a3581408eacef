import PropertyBased
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// A random tour, trace and policy built from a seed: points on a random walk with random radii and audio
/// lengths (zero included), a walker heading for each point in turn (sometimes skipping one) with GPS noise,
/// jumps, repeated timestamps and random sampling intervals.
struct RandomWalk {
    var tour: EngineTour
    var trace: Trace
    var policy: EnginePolicy

    init(seed: Int) {
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: seed))
        let n = Int.random(in: 1...8, using: &rng)
        var location = LatLng(lat: Double.random(in: -60...60, using: &rng), lng: Double.random(in: -179...179, using: &rng))
        var points: [EngineTour.Point] = []
        for k in 1...n {
            if k > 1 {
                location = Geodesy.destination(from: location, bearing: Double.random(in: 0..<360, using: &rng), distance: Double.random(in: 20...600, using: &rng))
            }
            let audio = Bool.random(using: &rng) && Int.random(in: 0..<8, using: &rng) == 0 ? 0 : Double.random(in: 1...120, using: &rng)
            points.append(EngineTour.Point(order: k, id: "p\(k)", location: location, radiusMeters: Double.random(in: 20...300, using: &rng), audioSeconds: audio))
        }
        tour = EngineTour(points: points)
        policy = EnginePolicy(
            queueDepth: Int.random(in: 0...3, using: &rng),
            minAccuracyMeters: Bool.random(using: &rng) ? Double.random(in: 5...40, using: &rng) : nil,
            confirmFixes: Int.random(in: 1...3, using: &rng),
            skipMissed: Int.random(in: 0..<4, using: &rng) == 0)
        trace = Trace()
        var t = 1_700_000_000.0
        var here = Geodesy.destination(from: points[0].location, bearing: Double.random(in: 0..<360, using: &rng), distance: Double.random(in: 0...800, using: &rng))
        let speed = Double.random(in: 0.5...6, using: &rng)
        for point in points {
            if Int.random(in: 0..<6, using: &rng) == 0 { continue }  // skip a point now and then
            let pause = Double.random(in: 0...90, using: &rng)
            var remaining = Geodesy.distance(here, point.location)
            var paused = 0.0
            while remaining > 1 || paused < pause {
                let step = Double.random(in: 0...10, using: &rng)
                t += Int.random(in: 0..<20, using: &rng) == 0 ? 0 : step  // repeated timestamps happen
                if remaining > 1 {
                    let move = min(remaining, speed * max(step, 0.1))
                    here = Geodesy.destination(from: here, bearing: Geodesy.initialBearing(from: here, to: point.location), distance: move)
                    remaining = Geodesy.distance(here, point.location)
                } else {
                    paused += max(step, 1)
                }
                let jump = Int.random(in: 0..<40, using: &rng) == 0 ? Double.random(in: 50...300, using: &rng) : Double.random(in: 0...15, using: &rng)
                let seen = Geodesy.destination(from: here, bearing: Double.random(in: 0..<360, using: &rng), distance: jump)
                let accuracy: Float = Bool.random(using: &rng) ? Float.random(in: 3...60, using: &rng) : .nan
                trace.append(time: t, lat: seen.lat, lng: seen.lng, accuracy: accuracy)
                if trace.count > 3000 { break }
            }
        }
    }
}

@Suite struct TriggerEnginePropertyTests {
    @Test func timelinesKeepTheQueueRules() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let walk = RandomWalk(seed: seed)
            let timeline = Simulation.run(tour: walk.tour, trace: walk.trace, policy: walk.policy)
            let events = timeline.events
            let n = walk.tour.points.count

            // Time never goes backwards, and the timeline starts with tour_started at 0.
            expectTrue(events.first?.kind == .tourStarted && events.first?.t == 0)
            expectTrue(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t })

            // Points trigger in order, at most once each; without skipping, with no gaps.
            let triggered = events.filter { $0.kind == .pointTriggered }.compactMap(\.point)
            expectTrue(triggered == triggered.sorted() && Set(triggered).count == triggered.count)
            let skipped = events.filter { $0.kind == .pointSkipped }.compactMap(\.point)
            expectTrue(Set(triggered).isDisjoint(with: skipped))
            if !walk.policy.skipMissed { expectEqual(triggered, Array(1..<(triggered.count + 1))) }

            // The queue never exceeds its depth.
            expectTrue(events.allSatisfy { $0.queueLength <= walk.policy.queueDepth })

            // Audio never overlaps: start p, finish p, start q, … each lasting exactly its length.
            let audio = events.filter { $0.kind == .audioStarted || $0.kind == .audioFinished }
            var playing: EngineEvent?
            for event in audio {
                if event.kind == .audioStarted {
                    expectTrue(playing == nil)
                    playing = event
                } else {
                    expectTrue(playing?.point == event.point)
                    if let start = playing { expectEqual(event.t, start.t + walk.tour.points[start.point! - 1].audioSeconds) }
                    playing = nil
                }
            }
            expectTrue(playing == nil)  // the trace's end plays everything out

            // Every triggered point plays, in trigger order, at its trigger time or when the previous audio ends.
            let starts = audio.filter { $0.kind == .audioStarted }
            expectEqual(starts.compactMap(\.point), triggered)
            for start in starts {
                let trigger = events.first { $0.kind == .pointTriggered && $0.point == start.point }!
                let previousEnd = audio.last { $0.kind == .audioFinished && $0.t <= start.t && $0.point != start.point }
                expectTrue(start.t == trigger.t || start.t == previousEnd?.t)
            }

            // tour_completed iff every point triggered; otherwise tour_incomplete names the missed ones.
            let completed = events.filter { $0.kind == .tourCompleted }.count
            let incomplete = events.filter { $0.kind == .tourIncomplete }
            expectEqual(completed, (triggered.count == n ? 1 : 0))
            expectEqual(incomplete.count, (triggered.count == n ? 0 : 1))
            if let last = incomplete.first {
                expectEqual(last.missed, (1...n).filter { !triggered.contains($0) })
                expectEqual(events.last, last)
            }

            // Geofence crossings alternate per point: entered, exited, entered, …
            for order in 1...n {
                let crossings = events.filter { ($0.kind == .pointEntered || $0.kind == .pointExited) && $0.point == order }.map(\.kind)
                expectTrue(zip(crossings, crossings.dropFirst()).allSatisfy { $0 != $1 })
                expectTrue(crossings.first != .pointExited)
            }

            // Same inputs, same timeline, byte for byte.
            let again = Simulation.run(tour: walk.tour, trace: walk.trace, policy: walk.policy)
            expectEqual(again, timeline)
            expectEqual(TimelineWriter().jsonLines(again), TimelineWriter().jsonLines(timeline))
        }
    }

    @Test func reduceMatchesAFreshReplayFromAnyPrefix() async {
        // The reducer is a function of (state, action): replaying the same actions on a copy gives the same events.
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let walk = RandomWalk(seed: seed)
            var state = EngineState(tour: walk.tour, policy: walk.policy)
            var copy: EngineState?
            var fromCopy: [EngineEvent] = []
            var fromOriginal: [EngineEvent] = []
            let half = walk.trace.count / 2
            for i in 0..<walk.trace.count {
                if i == half { copy = state }
                let action = EngineAction.fix(t: walk.trace.elapsed(i), location: walk.trace.location(i), accuracy: walk.trace.effectiveAccuracy(i))
                let events = TriggerEngine.reduce(&state, action)
                if i >= half {
                    fromOriginal += events
                    fromCopy += TriggerEngine.reduce(&copy!, action)
                }
            }
            expectEqual(fromCopy, fromOriginal)
        }
    }
}
