import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
@testable import WalkscapeRuntime

/// Live walks (`track`, `play --gps`) on the GPS clock and the wall clock.
@Suite struct LiveWalkTests {
    @Test func onTheGPSClockFixesThatArriveInBurstsGiveTheSimulationsTimelineForEveryProfile() {
        let (tour, trace) = walkInputs()
        for profile in EngineProfile.allCases {
            let expected = Simulation.run(tour: tour, trace: trace, policy: profile.policy)
            let queue = FixQueue(clock: .gps, monotonic: ManualClock())
            let timeline = TimelineSink()
            var walk = Walk(tour: tour, policy: profile.policy, source: queue, speed: 1)
            timeline.take(walk.startUpdate, from: walk)
            // Bursts of 1 to 40 fixes (a source replaying far faster than real time), a step of a few
            // milliseconds of wall time after each: the clock follows the fixes' own times.
            var random = SplitMix64(seed: 7)
            var i = 0
            while i < trace.count {
                let burst = min(trace.count - i, 1 + Int(random.uniform(in: 0...39)))
                for k in i..<(i + burst) { queue.push(trace.fix(k)) }
                i += burst
                timeline.take(walk.step(wallSeconds: 0.003), from: walk)
                expectEqual(walk.time, trace.elapsed(i - 1), "\(profile): the clock is the last fix's time")
            }
            queue.finish(reason: "closed")
            timeline.take(walk.endNow(), from: walk)
            expectTrue(walk.ended)
            expectEqual(walk.events, expected.events, "\(profile)")
            expectEqual(timeline.timeline(withheldFixes: walk.driver.withheldFixes), expected, "\(profile)")
        }
    }

    @Test func onTheGPSClockTheClockHoldsBetweenFixesThenRunsOnWhenTheGPSIsLost() {
        let (tour, trace) = walkInputs()
        let wall = ManualClock()
        let queue = FixQueue(clock: .gps, monotonic: wall)
        var walk = Walk(tour: tour, source: queue, speed: 1)
        // Up to point 1's narration (it starts at 25 s and lasts 20 s), then the receiver goes quiet.
        for k in 0...30 { queue.push(trace.fix(k)) }
        walk.step(wallSeconds: 0.1)
        expectEqual(walk.time, 30)
        expectTrue(walk.engine.playing?.point == 1)
        // Within the hold-over the clock waits for the next fix.
        wall.advance(by: 2)
        walk.step(wallSeconds: 2)
        expectEqual(walk.time, 30)
        expectEqual(walk.snapshot.fixWallAge, 2)
        // Past it the clock runs on with the wall clock: the narration finishes on time.
        wall.advance(by: 20)
        for _ in 0..<20 { walk.step(wallSeconds: 1) }
        expectEqual(walk.time, 50)
        expectTrue(walk.events.contains { $0.kind == .audioFinished && $0.point == 1 && $0.t == 45 })
        // A fix from before the clock (the receiver's backlog) is taken at the clock's time, never earlier.
        queue.push(trace.fix(31))
        walk.step(wallSeconds: 0.1)
        expectTrue(walk.driver.lastFix?.time == trace.times[0] + 50)
        expectEqual(walk.time, 50)  // a fix just came: the clock waits again
        expectEqual(walk.events.map(\.t), walk.events.map(\.t).sorted())
    }

    @Test func onTheWallClockEachFixIsStampedWithItsArrival() {
        let (tour, trace) = walkInputs()
        let wall = ManualClock(start: 500)
        let queue = FixQueue(clock: .wall, monotonic: wall)
        var walk = Walk(tour: tour, source: queue, speed: 1)
        queue.push(trace.fix(0))
        walk.step(wallSeconds: 0.5)
        expectEqual(walk.time, 0)  // the clock starts with the first fix
        // The next fixes arrive 2.5 s apart although their GPS times are 1 s apart.
        for k in 1...4 {
            wall.advance(by: 2.5)
            queue.push(trace.fix(k))
            walk.step(wallSeconds: 2.5)
        }
        expectTrue(walk.driver.lastFix?.time == trace.times[0] + 10)
        expectEqual(walk.time, 10)
        expectTrue(queue.nextFixTime == nil)
        expectTrue(!queue.clockFollowsFixes)
    }

    @Test func endingAWallClockWalkTakesTheFixesThatArrivedSinceTheLastStep() {
        let (tour, trace) = walkInputs()
        let wall = ManualClock()
        let queue = FixQueue(clock: .wall, monotonic: wall)
        var walk = Walk(tour: tour, source: queue, speed: 1)
        queue.push(trace.fix(0))
        walk.step(wallSeconds: 0.1)
        for k in 1...3 {
            wall.advance(by: 1)
            queue.push(trace.fix(k))
        }
        walk.endNow()
        expectTrue(walk.ended)
        expectEqual(walk.driver.received, 4)
        expectTrue(walk.events.last?.kind == .tourIncomplete)
    }

    @Test func theSourcesEndReasonAndTheFixAgeReachTheSnapshot() {
        let (tour, trace) = walkInputs()
        let wall = ManualClock()
        let queue = FixQueue(clock: .gps, monotonic: wall)
        var walk = Walk(tour: tour, source: queue, speed: 1)
        expectTrue(walk.snapshot.fixWallAge == nil && walk.snapshot.sourceEnded == nil)
        queue.push(trace.fix(0))
        wall.advance(by: 4)
        walk.step(wallSeconds: 4)
        expectEqual(walk.snapshot.fixWallAge, 4)
        queue.finish(reason: "gpsd://127.0.0.1:2947 closed the connection")
        queue.finish(reason: "ignored: the first reason stays")
        expectEqual(walk.snapshot.sourceEnded, "gpsd://127.0.0.1:2947 closed the connection")
        queue.push(trace.fix(1))  // after the end: ignored
        expectEqual(queue.counts.pushed, 1)
        // The source is over: the walk plays out and ends.
        while !walk.ended { walk.step(wallSeconds: 1) }
        expectTrue(walk.events.last?.kind == .tourIncomplete)
    }
}
