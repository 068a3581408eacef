import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The listener's controls as engine actions: seek, skip and replay keep the queue rules.
@Suite struct TriggerEngineControlTests {
    /// Points 1 and 2 overlap; 60 s of audio each: after two fixes 1 plays (from t = 0) and 2 is queued.
    func playingWithQueue() -> EngineState {
        var state = EngineState(tour: lineTour(points: 3, spacing: 150, audio: [60, 40, 30]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(1, 150))
        return state
    }

    @Test func seekingMovesTheEndOfTheAudio() {
        var state = playingWithQueue()
        let events = TriggerEngine.reduce(&state, .seekAudio(to: 50, at: 10))
        expectEqual(brief(events), ["10.0 audio_seeked 1"])
        expectTrue(events.first?.audioSeconds == 50)
        expectEqual(state.playing, EngineState.Playing(point: 1, startedAt: -40, endsAt: 20))
        // The queued point now starts when the shortened audio ends.
        expectEqual(brief(TriggerEngine.reduce(&state, .advance(to: 25))), ["20.0 audio_finished 1", "20.0 audio_started 2"])
    }

    @Test func seekingIsClampedAndSeekingToTheEndFinishes() {
        var state = playingWithQueue()
        _ = TriggerEngine.reduce(&state, .seekAudio(to: -30, at: 10))
        expectTrue(state.playing?.startedAt == 10)
        expectEqual(brief(TriggerEngine.reduce(&state, .seekAudio(to: 999, at: 12))), ["12.0 audio_seeked 1", "12.0 audio_finished 1", "12.0 audio_started 2"])
    }

    @Test func skippingFinishesNowAndTheQueueMovesOn() {
        var state = playingWithQueue()
        expectEqual(brief(TriggerEngine.reduce(&state, .skipAudio(at: 5))), ["5.0 audio_finished 1", "5.0 audio_started 2"])
        expectEqual(brief(TriggerEngine.reduce(&state, .skipAudio(at: 6))), ["6.0 audio_finished 2"])
        expectTrue(TriggerEngine.reduce(&state, .skipAudio(at: 7)).isEmpty)  // nothing playing: nothing to skip
    }

    @Test func replayingRestartsAPointWithoutTriggeringAnything() {
        var state = playingWithQueue()
        let events = TriggerEngine.reduce(&state, .replayAudio(point: 1, at: 30))
        expectEqual(brief(events), ["30.0 audio_finished 1", "30.0 audio_started 1"])
        expectEqual(state.playing, EngineState.Playing(point: 1, startedAt: 30, endsAt: 90))
        expectEqual(state.queue, [2])
        expectEqual(state.next, 3)
        expectEqual(state.triggered, [true, true, false])
        // Replaying an earlier point after the queue drained.
        _ = TriggerEngine.reduce(&state, .advance(to: 200))
        expectEqual(brief(TriggerEngine.reduce(&state, .replayAudio(point: 1, at: 201))), ["201.0 audio_started 1"])
        expectTrue(TriggerEngine.reduce(&state, .replayAudio(point: 9, at: 202)).isEmpty)
    }

    @Test func skippingTheLastPointsAudioCompletesTheTour() {
        var state = EngineState(tour: lineTour(points: 1, audio: [60]))
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        expectEqual(brief(TriggerEngine.reduce(&state, .skipAudio(at: 3))), ["3.0 audio_finished 1", "3.0 tour_completed 1"])
        // A replay after completion does not complete the tour twice.
        _ = TriggerEngine.reduce(&state, .replayAudio(point: 1, at: 4))
        expectEqual(brief(TriggerEngine.reduce(&state, .skipAudio(at: 5))), ["5.0 audio_finished 1"])
    }
}
