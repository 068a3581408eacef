import Foundation
import Synchronization
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
@testable import WalkscapeRuntime

/// Waits (up to `seconds`) for `condition` to hold, looking every half millisecond; returns whether it did.
func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(500)
    }
    return condition()
}

/// The audio sink plays a walk's commands, opening recordings on its loader thread, in order.
@Suite struct AudioSinkTests {
    /// A recording of the repository's fixtures (1 s, 44.1 kHz MP3).
    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/audio/tone-440-880hz-1s-44k-stereo-id3.mp3").path


    @Test func aPointStartsOnTheLoaderThreadAndTheCallerDoesNotWait() {
        let opened = Mutex<[Bool]>([])
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let sink = AudioSink(player: player, clock: ManualClock()) { point in
            opened.withLock { $0.append(Thread.isMainThread) }
            return point == 1 ? AudioSinkTests.recording : nil
        }
        sink.execute([.play(point: 1, offset: 0.25)], speed: 1, paused: true)
        expectTrue(!sink.muted)  // heard as soon as asked, while it loads
        sink.drain()
        expectEqual(opened.withLock { $0 }, [false])
        expectTrue(eventually { player.snapshot.point == 1 })
        expectTrue(player.snapshot.paused)
        expectTrue(abs(player.snapshot.position - 0.25) < 0.01)
        expectEqual(sink.heardPosition(point: 1).map { abs($0 - 0.25) < 0.01 }, true)
        expectTrue(sink.heardPosition(point: 2) == nil)
    }

    @Test func aStopWhileLoadingWinsAndAMissingRecordingIsSilence() {
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let sink = AudioSink(player: player, clock: ManualClock()) { point in point == 1 ? AudioSinkTests.recording : nil }
        sink.execute([.play(point: 1, offset: 0), .stop], speed: 1, paused: false)
        sink.drain()
        expectTrue(sink.muted)
        // The stop ran after the play on the loader thread (or the play never ran): the player ends silent.
        expectTrue(eventually { player.snapshot.point == nil })
        sink.execute([.play(point: 2, offset: 0)], speed: 1, paused: false)
        sink.drain()
        expectTrue(sink.muted)
        // Beyond ×2 the narration is muted: nothing is opened.
        sink.execute([.play(point: 1, offset: 0)], speed: 4, paused: false)
        sink.drain()
        expectTrue(sink.muted)
    }

    @Test func theSinkFollowsAWalk() {
        let (tour, trace) = walkInputs()
        let player = AudioPlayer(output: NullOutput(clock: ManualClock()))
        defer { player.shutdown() }
        let sink = AudioSink(player: player, clock: ManualClock()) { _ in AudioSinkTests.recording }
        var walk = Walk(tour: tour, source: TraceReplaySource(trace), speed: 1)
        sink.take(walk.startUpdate, from: walk)
        sink.take(walk.step(wallSeconds: 25.5), from: walk)  // point 1 started at 25
        sink.drain()
        expectTrue(eventually { player.snapshot.point == 1 })
        sink.take(walk.togglePause(), from: walk)
        sink.drain()
        expectTrue(eventually { player.snapshot.paused })
    }
}

/// One stop-signal mechanism: the handler only sets the flag every loop polls.
@Suite(.serialized) struct StopSignalsTests {
    @Test func aSignalSetsTheFlagAndTheWatchGivesTheDefaultBack() {
        StopSignals.watch([SIGUSR2]) {
            expectEqual(StopSignals.pending, 0)
            raise(SIGUSR2)
            expectEqual(StopSignals.pending, SIGUSR2)
            StopSignals.clear(SIGINT)  // not the pending one: kept
            expectEqual(StopSignals.pending, SIGUSR2)
            StopSignals.clear(SIGUSR2)
            expectEqual(StopSignals.pending, 0)
            raise(SIGUSR2)
        }
        expectEqual(StopSignals.pending, SIGUSR2)  // still readable after the watch
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        expectEqual(handler, 0)  // SIG_DFL
        StopSignals.clear(SIGUSR2)
    }
}
