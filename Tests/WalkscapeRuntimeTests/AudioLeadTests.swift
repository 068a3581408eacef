import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
@testable import WalkscapeRuntime

/// The sound card's clock leads the walk while a narration plays: the clock arithmetic, first on leads given by
/// hand (pure), then through a real `AudioSink` and `AudioPlayer` over an output whose heard position the test
/// moves (latency, underrun, pause, drain).
@Suite struct AudioLeadTests {
    /// A walk of `walkInputs()` (point 1 triggers at 25 s and plays 20 s, point 2 at 175 s for 30 s, point 3
    /// at 325 s for 10 s) whose audio leads.
    func leadingWalk(speed: Double = 1) -> Walk {
        let (tour, trace) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: speed)
        walk.audioLeads = true
        return walk
    }

    @Test func theTargetNeverGoesBackAndOnlyAHeardLeadReachesTheEnd() {
        expectEqual(AudioLead.waiting(atSeconds: 0).clockTarget(startedAt: 25, endsAt: 45, now: 25), 25)
        expectEqual(AudioLead.waiting(atSeconds: 3).clockTarget(startedAt: 25, endsAt: 45, now: 28), 28)
        expectEqual(AudioLead.heard(seconds: 2.5).clockTarget(startedAt: 25, endsAt: 45, now: 25), 27.5)
        expectEqual(AudioLead.heard(seconds: 1).clockTarget(startedAt: 25, endsAt: 45, now: 27.5), 27.5)
        // A narration still opening never lets the clock reach its end.
        expectEqual(AudioLead.waiting(atSeconds: 20.3).clockTarget(startedAt: 25, endsAt: 45, now: 44), (45.0).nextDown)
        // A heard lead (the speaker's position plus the latency the clock runs ahead by) at the measured length
        // reaches the end, so that the narration queued behind, written right after it, starts on the engine
        // without waiting for that latency; never past it.
        expectEqual(AudioLead.heard(seconds: 19.9).clockTarget(startedAt: 25, endsAt: 45, now: 44), 44.9)
        expectEqual(AudioLead.heard(seconds: 20.3).clockTarget(startedAt: 25, endsAt: 45, now: 44), 45)
        expectEqual(AudioLead.finished.clockTarget(startedAt: 25, endsAt: 45, now: 44.9), 45)
        expectEqual(AudioLead.finished.clockTarget(startedAt: 25, endsAt: 45, now: 45), 45)
    }

    @Test func theWalkHoldsAtTheTriggerWhileTheFileOpensThenFollowsTheLead() {
        var walk = leadingWalk()
        // Point 1 triggers at 25 s: the move stops there, and the narration starts from its first sample.
        expectEqual(walk.step(wallSeconds: 30).audio, [.play(point: 1, offset: 0)])
        expectEqual(walk.time, 25)
        // 1.4 s of opening the file: the walk waits.
        for _ in 0..<14 { walk.step(wallSeconds: 0.1, audio: .waiting(atSeconds: 0)) }
        expectEqual(walk.time, 25)
        walk.step(wallSeconds: 0.1, audio: .heard(seconds: 0.05))
        expectEqual(walk.time, 25.05)
        // The sink is the master: a slow frame does not move the walk past what was heard.
        walk.step(wallSeconds: 3, audio: .heard(seconds: 1))
        expectEqual(walk.time, 26)
        // Short of the measured length: the narration has not finished.
        let held = walk.step(wallSeconds: 25, audio: .heard(seconds: 19.9))
        expectTrue(!held.events.contains { $0.kind == .audioFinished })
        expectTrue(walk.engine.playing?.point == 1 && walk.time < 45)
        // The lead at its length: it finishes at its measured end, and nothing is stopped (the stream plays its
        // last samples out).
        let done = walk.step(wallSeconds: 0.1, audio: .heard(seconds: 20))
        expectEqual(done.events.map(\.kind), [.audioFinished])
        expectTrue(done.audio.isEmpty)
        expectTrue(walk.time == 45 && walk.engine.playing == nil)
        // No narration: the walk runs on its own clock again.
        walk.step(wallSeconds: 10)
        expectEqual(walk.time, 55)
    }

    @Test func aQueuedNarrationStartsWhenTheLeadReachesTheEndOfTheOneBefore() {
        // Point 2 (its region at 200 m … 400 m) is reached while a long narration of point 1 plays.
        let origin = LatLng(lat: 45, lng: 7)
        let tour = EngineTour(points: (1...2).map { k in
            EngineTour.Point(order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: 300 * Double(k - 1)),
                radiusMeters: 100, audioSeconds: [200.0, 10][k - 1])
        })
        let (_, trace) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        walk.audioLeads = true
        walk.step(wallSeconds: 30)
        expectEqual(walk.time, 25)
        var heard = 0.0
        while heard < 199.5 {
            heard += 0.5
            walk.step(wallSeconds: 0.5, audio: .heard(seconds: heard))
        }
        expectEqual(walk.engine.queue, [2])
        expectTrue(walk.time < 225)
        let next = walk.step(wallSeconds: 0.5, audio: .heard(seconds: 200))
        expectEqual(next.events.map(\.kind), [.audioFinished, .audioStarted])
        // The queued narration starts at its first sample, at the end of the one before: no gap, no skip (the
        // sink adopts the recording it already wrote behind the other).
        expectEqual(next.audio, [.play(point: 2, offset: 0)])
        expectEqual(walk.time, 225)
        expectTrue(walk.step(wallSeconds: 0.5, audio: .waiting(atSeconds: 0)).isEmpty)
        expectEqual(walk.time, 225)
    }

    @Test func narrationsHeardLateKeepTheirLengthsAndTheSimulationsOrder() {
        // A sink with 0.8 s of latency at every start, framed at 33 ms: every narration lasts its full length on
        // the walk's clock (nothing skipped), the events come in the simulation's order, and each start is
        // later than the simulation's by no more than the latencies before it.
        let (tour, trace) = walkInputs()
        let expected = Simulation.run(tour: tour, trace: trace)
        var walk = leadingWalk()
        var latencyLeft = 0.0
        var heard = 0.0
        var playing: EngineState.Playing?
        var starts = 0
        while !walk.ended {
            var lead: AudioLead?
            if let now = walk.engine.playing {
                if now != playing {
                    playing = now
                    latencyLeft = 0.8
                    heard = 0
                    starts += 1
                }
                if latencyLeft > 0 {
                    latencyLeft -= 0.033
                    lead = .waiting(atSeconds: 0)
                } else {
                    heard += 0.033
                    lead = heard >= now.endsAt - now.startedAt ? .finished : .heard(seconds: heard)
                }
            }
            walk.step(wallSeconds: 0.033, audio: lead)
        }
        expectEqual(walk.events.map(\.kind), expected.events.map(\.kind))
        let started = walk.events.filter { $0.kind == .audioStarted }
        let finished = walk.events.filter { $0.kind == .audioFinished }
        let simulated = expected.events.filter { $0.kind == .audioStarted }
        expectTrue(started.count == 3 && finished.count == 3)
        for (index, (start, end)) in zip(started, finished).enumerated() {
            let length = tour.points[start.point! - 1].audioSeconds
            expectTrue(abs(end.t - start.t - length) < 1e-9, "point \(start.point!): \(end.t - start.t) s on the clock, \(length) s long")
            expectTrue(start.t >= simulated[index].t && start.t <= simulated[index].t + 0.85 * Double(index + 1), "\(start.t) against \(simulated[index].t)")
        }
        expectEqual(starts, 3)
    }

    @Test func aLiveWalkKeepsFixesPastWhatWasHeardUntilTheSinkCatchesUp() {
        let (tour, trace) = walkInputs()
        let queue = FixQueue(clock: .gps, monotonic: ManualClock())
        var walk = Walk(tour: tour, source: queue, speed: 1)
        walk.audioLeads = true
        for index in 0...30 { queue.push(trace.fix(index)) }
        walk.step(wallSeconds: 0.1)
        // Point 1 triggered at 25 s: the fixes after it wait for the narration's sound.
        expectTrue(walk.time == 25 && walk.engine.playing?.point == 1)
        walk.step(wallSeconds: 0.1, audio: .waiting(atSeconds: 0))
        expectTrue(walk.time == 25 && walk.snapshot.fixes == 26)
        walk.step(wallSeconds: 0.1, audio: .heard(seconds: 3.5))
        expectTrue(walk.time == 28.5 && walk.snapshot.fixes == 29)
    }
}
