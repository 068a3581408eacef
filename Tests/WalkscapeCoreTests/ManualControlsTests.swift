import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The player's next/previous buttons and seek step per profile, as (state, action) → events on `lineTour`
/// (point k at 600·(k−1) m north, radius 100 m, 60 s of audio). Upstream lines are at commit 5c84126.
@Suite struct ManualControlsTests {
    func started(_ profile: EngineProfile, points: Int = 4) -> EngineState {
        var state = EngineState(tour: lineTour(points: points), policy: profile.policy)
        _ = TriggerEngine.reduce(&state, .start)
        return state
    }

    @Test func eachProfileNamesItsControls() {
        expectEqual(EngineProfile.prd.policy.manualControls, .walkscape)
        expectEqual(EngineProfile.ideal.policy.manualControls, .walkscape)
        // PlayerView.swift lines 419–436: ±10 s; AudioPlayerManager.kt lines 108–115: ±15 s.
        expectEqual(EngineProfile.ios5c84126.policy.manualControls.seekStepSeconds, 10)
        expectEqual(EngineProfile.android5c84126.policy.manualControls.seekStepSeconds, 15)
    }

    @Test func iOSNextPlaysTheScreensNextPointAndLeavesTheGPSCursor() {
        // PlayerView.swift moveToNextPoint (lines 516–543): currentPointIndex += 1, stop, play; LocationManager untouched.
        var state = started(.ios5c84126)
        _ = TriggerEngine.reduce(&state, fix(0, 0))  // point 1 fires and plays
        let next = TriggerEngine.reduce(&state, .nextPoint(at: 10))
        expectEqual(brief(next), ["10.0 audio_cut 1", "10.0 audio_started 2"])
        expectEqual(state.cursor, 1)
        expectEqual(state.screenPoint, 2)
        expectTrue(!state.triggered[1])
        // The walker reaching point 2 still triggers it from the GPS (the cursor never moved past 1 ...).
        _ = TriggerEngine.reduce(&state, .advance(to: 71))  // point 2's manual audio ends: the cursor moves on
        expectEqual(state.cursor, 2)
        expectEqual(state.screenPoint, 2)
        let gps = TriggerEngine.reduce(&state, fix(80, 600))
        expectTrue(brief(gps).contains("80.0 point_triggered 2"))
    }

    @Test func iOSPreviousStopsAtTheFirstPointAndNextOnTheLastCompletes() {
        var state = started(.ios5c84126, points: 2)
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        expectTrue(TriggerEngine.reduce(&state, .previousPoint(at: 5)).isEmpty)  // guard currentPointIndex > 0 (line 546)
        _ = TriggerEngine.reduce(&state, .nextPoint(at: 10))
        // Next on the last point: stop, completion screen, trackTourCompleted (lines 518–523), point 2 never triggered.
        let last = TriggerEngine.reduce(&state, .nextPoint(at: 20))
        expectEqual(brief(last), ["20.0 audio_cut 2", "20.0 tour_completed 2 missed=2"])
        expectTrue(state.ended)
    }

    @Test func androidNextSetsTheCursorAndMarksThePointTriggered() {
        // PlayerViewModel.kt moveToNextPoint (lines 300–330) → LocationManager.setPointIndex (lines 185–192).
        var state = started(.android5c84126)
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(5, 550))  // point 2 flagged
        expectEqual(state.queue, [2])
        let next = TriggerEngine.reduce(&state, .nextPoint(at: 10))
        expectEqual(brief(next), ["10.0 audio_cut 1", "10.0 point_triggered 2", "10.0 audio_started 2"])
        expectEqual(state.cursor, 2)
        expectTrue(state.triggered[1])
        expectTrue(state.queue.isEmpty)  // setPointIndex clears the flag
        // Walking into point 2 later fires nothing: it counts as triggered.
        expectTrue(!brief(TriggerEngine.reduce(&state, fix(20, 600))).contains { $0.contains("point_triggered") })
        let back = TriggerEngine.reduce(&state, .previousPoint(at: 30))
        expectEqual(brief(back), ["30.0 audio_cut 2", "30.0 point_triggered 1", "30.0 audio_started 1"])
        expectEqual(state.cursor, 1)
    }

    @Test func androidNextOnTheLastPointCompletesAndItsEndCompletesToo() {
        var state = started(.android5c84126, points: 3)
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, .nextPoint(at: 10))
        let toLast = TriggerEngine.reduce(&state, .nextPoint(at: 20))
        expectEqual(brief(toLast), ["20.0 audio_cut 2", "20.0 point_triggered 3", "20.0 audio_started 3"])
        // The last narration's end completes the tour (onPlaybackCompleted, lines 106–109).
        let end = TriggerEngine.reduce(&state, .advance(to: 81))
        expectEqual(brief(end), ["80.0 audio_finished 3", "80.0 tour_completed 3 missed="])
        // Next on the last point completes at once (lines 304–314); after completion the buttons do nothing.
        var other = started(.android5c84126, points: 2)
        _ = TriggerEngine.reduce(&other, fix(0, 0))
        _ = TriggerEngine.reduce(&other, .nextPoint(at: 5))
        expectEqual(brief(TriggerEngine.reduce(&other, .nextPoint(at: 6))), ["6.0 audio_cut 2", "6.0 tour_completed 2"])
        expectTrue(TriggerEngine.reduce(&other, .previousPoint(at: 7)).isEmpty)
    }

    @Test func walkscapeNextSkipsAndPreviousReplays() {
        var state = started(.prd)
        _ = TriggerEngine.reduce(&state, fix(0, 0))
        _ = TriggerEngine.reduce(&state, fix(5, 600))  // point 2 queued behind 1
        expectEqual(brief(TriggerEngine.reduce(&state, .nextPoint(at: 10))), ["10.0 audio_finished 1", "10.0 audio_started 2"])
        expectEqual(brief(TriggerEngine.reduce(&state, .previousPoint(at: 20))), ["20.0 audio_finished 2", "20.0 audio_started 1"])
        expectTrue(state.triggered[1])
    }
}
