import Foundation
import Synchronization
import Testing
import WalkscapeCore
import WalkscapeTestSupport
@testable import WalkscapeRuntime

/// The shared meridian walk (`MeridianWalk`).
func walkInputs() -> (EngineTour, Trace) { MeridianWalk.inputs() }

/// A sink that remembers what it was handed.
final class RecordingSink: WalkSink {
    let updates = Mutex<[WalkUpdate]>([])
    let snapshots = Mutex<[Double]>([])
    func walk(_ update: WalkUpdate, snapshot: WalkSnapshot) {
        updates.withLock { $0.append(update) }
        snapshots.withLock { $0.append(snapshot.time) }
    }
}

@Suite struct WalkTests {
    @Test func aReplayAtAnySpeedAndFramingGivesTheSimulationsTimeline() {
        let (tour, trace) = walkInputs()
        for profile in EngineProfile.allCases {
            let expected = Simulation.run(tour: tour, trace: trace, policy: profile.policy)
            for speed in [0.5, 1, 8, 64] {
                let timeline = TimelineSink()
                var walk = Walk(tour: tour, policy: profile.policy, source: TraceReplaySource(trace), speed: speed)
                timeline.take(walk.startUpdate, from: walk)
                var random = SplitMix64(seed: UInt64(speed * 10))
                while !walk.ended { timeline.take(walk.step(wallSeconds: random.uniform(in: 0.01...0.4)), from: walk) }
                expectEqual(walk.events, expected.events, "\(profile) ×\(speed)")
                expectEqual(timeline.timeline(withheldFixes: walk.driver.withheldFixes), expected, "\(profile) ×\(speed)")
            }
        }
    }

    @Test func fixesPushedFromAnotherThreadGiveTheSameTimeline() async {
        // A live source: a reader thread pushes the fixes while the walk steps on its own clock.
        let (tour, trace) = walkInputs()
        let expected = Simulation.run(tour: tour, trace: trace).events
        let queue = FixQueue()
        var walk = Walk(tour: tour, source: queue, speed: 1)
        walk.step(wallSeconds: 5)
        expectEqual(walk.time, 0)  // the clock waits for the first fix
        let reader = Thread {
            for i in 0..<trace.count {
                queue.push(trace.fix(i))
                if i % 50 == 0 { usleep(200) }
            }
            queue.finish()
        }
        reader.start()
        // The walk's clock runs well behind the fixes' times (0.05 s a step): whatever has arrived is fed.
        var steps = 0
        while !queue.isFinished { walk.step(wallSeconds: 0.05); steps += 1; usleep(100) }
        // Then the audio plays out on the clock.
        while !walk.ended { walk.step(wallSeconds: 1) }
        expectEqual(walk.events, expected)
        expectTrue(steps > 0)
    }

    @Test func aLiveQueueDropsFixesThatGoBackInTimeAndAnythingAfterItsEnd() {
        let queue = FixQueue()
        queue.push(Fix(time: 10, location: LatLng(lat: 45, lng: 7)))
        queue.push(Fix(time: 9, location: LatLng(lat: 45, lng: 7)))
        queue.push(Fix(time: .nan, location: LatLng(lat: 45, lng: 7)))
        expectEqual(queue.take(through: 0).map(\.time), [10])
        queue.push(Fix(time: 9.5, location: LatLng(lat: 45, lng: 7)))  // still older than the last taken
        queue.push(Fix(time: 11, location: LatLng(lat: 45, lng: 7)))
        queue.finish()
        expectTrue(!queue.isFinished)  // one fix still waits
        queue.push(Fix(time: 12, location: LatLng(lat: 45, lng: 7)))
        expectEqual(queue.nextFixTime, 1)  // on the GPS clock, due one second after the first
        expectTrue(queue.take(through: 0.5).isEmpty)
        expectEqual(queue.take(through: 1).map(\.time), [11])
        expectTrue(queue.isFinished)
        expectTrue(queue.nextFixTime == nil)
    }

    @Test func theSnapshotSaysWhereTheWalkerIsWithoutTraceIndices() {
        let (tour, trace) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        expectTrue(walk.snapshot.lastFix == nil && walk.snapshot.fixAge == nil && walk.snapshot.trail.isEmpty)
        walk.step(wallSeconds: 100.5)
        let snapshot = walk.snapshot
        expectEqual(snapshot.lastFix, trace.fix(100))
        expectEqual(snapshot.lastFixTime, 100)
        expectEqual(snapshot.fixAge, 0.5)
        expectEqual(snapshot.trail.count, Walk.trailLength + 1)
        expectEqual(snapshot.trail.last, trace.location(100))
        expectEqual(snapshot.trail.first, trace.location(100 - Walk.trailLength))
        expectTrue(abs(snapshot.distanceMeters - 200) < 0.01)
        expectEqual(snapshot.fixes, 101)
        expectTrue(snapshot.engine.playing == nil && snapshot.audioPosition == nil)  // point 1 played from 25 to 45
    }

    @Test func pauseHoldsStepFeedsOneFixAndSpeedResyncsTheAudio() {
        let (tour, trace) = walkInputs()
        let sink = RecordingSink()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        // The walk calls no sink: its caller hands each update on (`WalkSink.take`), as the player's loop does.
        func hand(_ update: WalkUpdate) -> WalkUpdate {
            sink.take(update, from: walk)
            return update
        }
        _ = hand(walk.startUpdate)
        expectEqual(sink.updates.withLock { $0.first?.events.map(\.kind) }, [.tourStarted])
        expectEqual(hand(walk.step(wallSeconds: 30)).audio, [.play(point: 1, offset: 5)])
        expectEqual(walk.snapshot.audioPosition, 5)
        expectEqual(hand(walk.setPaused(true, by: .overlay)).audio, [.pause])
        expectTrue(hand(walk.step(wallSeconds: 10)).isEmpty)
        expectEqual(walk.time, 30)
        // One fix on: the narration's audio moves with the clock.
        expectEqual(hand(walk.stepOneFix()).audio, [.seek(to: 6)])
        expectTrue(walk.time == 31 && walk.snapshot.fixes == 32)
        expectTrue(hand(walk.togglePause()).isEmpty)  // the listener holds it too
        expectTrue(hand(walk.setPaused(false, by: .overlay)).isEmpty)
        expectEqual(hand(walk.togglePause()).audio, [.resume])
        expectEqual(hand(walk.setSpeed(4)).audio, [.stop])  // muted above ×2
        expectEqual(hand(walk.setSpeed(2)).audio, [.play(point: 1, offset: 6)])
        expectTrue(hand(walk.setSpeed(2)).isEmpty)
        expectEqual(hand(walk.seekAudio(by: 10)).audio, [.seek(to: 16)])
        expectEqual(hand(walk.skipAudio()).audio, [.stop])
        expectEqual(hand(walk.replay(point: 1)).audio, [.play(point: 1, offset: 0)])
        expectEqual(sink.updates.withLock { $0.count }, 10)  // a step that changed nothing is not handed on
    }

    @Test func aCopiedWalkReplaysOnFromItsOwnCursor() {
        // The replay's cursor is a value inside the walk: a copy steps on its own, the original stays put.
        let (tour, trace) = walkInputs()
        var original = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        original.step(wallSeconds: 30)
        let at30 = (original.source as? TraceReplaySource)?.nextIndex
        expectEqual(at30, 31)
        var copy = original
        copy.step(wallSeconds: 100)
        expectTrue((copy.source as? TraceReplaySource)?.nextIndex == 131)
        expectTrue((original.source as? TraceReplaySource)?.nextIndex == at30)
        expectTrue(original.time == 30 && original.snapshot.fixes == 31 && original.source.nextFixTime == 31)
        // The original, stepped the same way afterwards, gives the copy's walk exactly.
        original.step(wallSeconds: 100)
        expectTrue(original.events == copy.events && original.time == copy.time && original.snapshot.fixes == copy.snapshot.fixes)
        // And a copy of a source alone keeps its own cursor too.
        var source = TraceReplaySource(trace)
        _ = source.take(through: 10)
        var other = source
        _ = other.take(through: 20)
        expectTrue(source.nextIndex == 11 && other.nextIndex == 21)
    }

    @Test func aWalkCallsNoSinkAndReturnsWhatItDid() {
        // `startUpdate` is the `tour_started` a sink hears first; every later update is returned, never handed.
        let (tour, trace) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        expectEqual(walk.startUpdate, WalkUpdate(events: walk.events))
        expectEqual(walk.startUpdate.events.map(\.kind), [.tourStarted])
        var handed = walk.startUpdate
        while !walk.ended { handed.append(walk.step(wallSeconds: 7)) }
        expectEqual(handed.events, walk.events)
        expectTrue(handed.ended)
    }

    @Test func anEmptySourceEndsAtOnce() {
        let (tour, _) = walkInputs()
        var walk = Walk(tour: tour, source: TraceReplaySource(Trace()), speed: 1)
        walk.step(wallSeconds: 0.1)
        expectTrue(walk.ended)
        expectEqual(walk.events, Simulation.run(tour: tour, trace: Trace()).events)
    }

    @Test func theTimelineSinkStreamsJSONLinesAsEventsHappen() {
        let (tour, trace) = walkInputs()
        let lines = Mutex<String>("")
        let sink = TimelineSink(line: { line in lines.withLock { $0 += line } })
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 16)
        sink.take(walk.startUpdate, from: walk)
        sink.take(walk.step(wallSeconds: 2), from: walk)  // t = 32: point 1 started
        expectEqual(lines.withLock { $0 }.split(separator: "\n").count, 4)
        while !walk.ended { sink.take(walk.step(wallSeconds: 1), from: walk) }
        expectEqual(lines.withLock { $0 }, TimelineWriter().jsonLines(Simulation.run(tour: tour, trace: trace)))
    }

    @Test func theAudioCommandsOfABatch() {
        func event(_ t: Double, _ kind: EngineEvent.Kind, _ point: Int) -> EngineEvent { EngineEvent(t: t, kind: kind, point: point, queueLength: 0) }
        expectEqual(WalkAudioCommand.commands(for: [event(10, .audioStarted, 1)], at: 12.5), [.play(point: 1, offset: 2.5)])
        expectEqual(WalkAudioCommand.commands(for: [event(10, .audioStarted, 1), event(11, .audioFinished, 1)], at: 12), [.stop])
        expectEqual(WalkAudioCommand.commands(for: [event(10, .audioFinished, 1), event(10, .audioStarted, 2)], at: 10), [.stop, .play(point: 2, offset: 0)])
        expectTrue(WalkAudioCommand.isAudible(speed: 0.5) && WalkAudioCommand.isAudible(speed: 2) && !WalkAudioCommand.isAudible(speed: 4))
    }
}
