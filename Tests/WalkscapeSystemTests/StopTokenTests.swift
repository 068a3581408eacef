import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeSystem

@Suite(.serialized) struct StopTokenTests {
    @Test func aTokenFiresWhenStoppedAndKeepsTheSignal() {
        let token = StopToken()
        expectTrue(!token.isStopped)
        token.stop(signal: SIGTERM)
        expectTrue(token.isStopped)
        expectEqual(token.signal, SIGTERM)
    }

    @Test func aLinkedTokenFiresWithItsParentButNotTheOtherWayRound() {
        let parent = StopToken()
        let child = StopToken(linkedTo: parent)
        child.stop()
        expectTrue(child.isStopped)
        expectTrue(!parent.isStopped)
        let second = StopToken(linkedTo: parent)
        parent.stop(signal: SIGHUP)
        expectEqual(second.signal, SIGHUP)
    }

    @Test func sleepRunsToItsDeadlineOnTheClockAndEndsEarlyWhenStopped() {
        let clock = ManualClock(start: 100)
        let token = StopToken()
        expectTrue(token.sleep(until: 130, clock: clock))
        expectTrue(clock.now() >= 130 && clock.now() < 130.06)
        let stopper = StopToken(watching: { clock.now() >= 140 ? SIGINT : 0 })
        expectTrue(!stopper.sleep(until: 1000, clock: clock))
        expectTrue(clock.now() < 141)
    }

    /// SIGWINCH, not SIGINT: the test process's other suites run beside this one, and a signal whose default
    /// action is to ignore it cannot end the run if another suite's `watch` resets the handlers at that moment.
    @Test func aSignalWhileWatchedFiresTheSignalsTokenAndLeavesTheProcessRunning() {
        let token = StopSignals.token()
        StopSignals.watch([SIGWINCH]) {
            expectTrue(!token.isStopped)
            raise(SIGWINCH)
            expectTrue(token.isStopped)
            expectEqual(token.signal, SIGWINCH)
        }
        StopSignals.clear(SIGWINCH)
        expectTrue(!token.isStopped)
    }
}
