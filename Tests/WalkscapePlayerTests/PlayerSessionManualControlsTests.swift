import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeRuntime
@testable import WalkscapePlayer
@testable import WalkscapeTUI

/// The player's n/p and ←/→ follow the profile's `ManualControls` (rules in the engine; the session only
/// forwards the keys).
@Suite struct PlayerSessionManualControlsTests {
    @Test func seekStepIsTheProfilesAndNextFollowsTheApp() {
        let (tour, trace) = sessionInputs()
        expectEqual(PlayerSession(tour: tour, trace: trace).seekStep, 10)
        expectEqual(PlayerSession(tour: tour, trace: trace, policy: EngineProfile.ios5c84126.policy).seekStep, 10)
        var android = PlayerSession(tour: tour, trace: trace, policy: EngineProfile.android5c84126.policy, speed: 1)
        expectEqual(android.seekStep, 15)
        while android.engine.playing == nil && !android.ended { _ = android.advance(wallSeconds: 1) }
        let commands = android.manualStep(forward: true).audio
        expectEqual(commands.last, .play(point: 2, offset: 0))
        expectEqual(android.engine.cursor, 2)
        expectTrue(android.engine.triggered[1])
        var ios = PlayerSession(tour: tour, trace: trace, policy: EngineProfile.ios5c84126.policy, speed: 1)
        while ios.engine.playing == nil && !ios.ended { _ = ios.advance(wallSeconds: 1) }
        _ = ios.manualStep(forward: true)
        expectEqual(ios.engine.cursor, 1)
        expectEqual(ios.engine.screenPoint, 2)
        expectTrue(!ios.engine.triggered[1])
    }
}
