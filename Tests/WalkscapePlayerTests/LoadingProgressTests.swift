import Foundation
import Testing
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
        #expect(shown.isEmpty && cleared == 0)

        let slow = LoadingProgress(show: { _, fraction in shown.append(fraction) }, clear: { cleared += 1 })
        usleep(UInt32(LoadingProgress.delay * 1_000_000) + 20_000)
        slow.update("walk.gpx", fraction: 0.6)
        slow.update("walk.gpx", fraction: 0.7)  // within 50 ms of the last: not drawn
        #expect(shown == [0.6])
        #expect(slow.shown)
        slow.finish()
        #expect(cleared == 1 && !slow.shown)
    }
}
