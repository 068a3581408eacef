import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeSystem
@testable import WalkscapePlayer

/// A step's progress is shown only once it has run for `delay`, at most 20 times a second, and cleared
/// when it finishes only if it was shown.
@Suite struct LoadingProgressTests {
    @Test func aQuickStepShowsNothingAndASlowOneIsShownThenCleared() {
        var shown: [Double?] = []
        var cleared = 0
        let quick = LoadingProgress(show: { _, fraction in shown.append(fraction) }, clear: { cleared += 1 })
        quick.update("walk.gpx", fraction: 0.5)
        quick.finish()
        expectTrue(shown.isEmpty && cleared == 0)

        let clock = ManualClock()
        let slow = LoadingProgress(clock: clock, show: { _, fraction in shown.append(fraction) }, clear: { cleared += 1 })
        clock.advance(by: LoadingProgress.delay - 0.01)
        slow.update("walk.gpx", fraction: 0.5)  // not yet `delay` old: not drawn
        clock.advance(by: 0.02)
        slow.update("walk.gpx", fraction: 0.6)
        clock.advance(by: 0.049)
        slow.update("walk.gpx", fraction: 0.7)  // within 50 ms of the last: not drawn
        clock.advance(by: 0.002)
        slow.update("walk.gpx", fraction: 0.8)
        expectEqual(shown, [0.6, 0.8])
        expectTrue(slow.shown)
        slow.finish()
        expectTrue(cleared == 1 && !slow.shown)
    }
}
