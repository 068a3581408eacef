import Foundation
import Testing
import WalkscapeSystem

@Suite(.serialized) struct StopTokenTests {
    @Test func aTokenFiresWhenStoppedAndKeepsTheSignal() {
        let token = StopToken()
        #expect(!token.isStopped)
        token.stop(signal: SIGTERM)
        #expect(token.isStopped)
        #expect(token.signal == SIGTERM)
    }

    @Test func aLinkedTokenFiresWithItsParentButNotTheOtherWayRound() {
        let parent = StopToken()
        let child = StopToken(linkedTo: parent)
        child.stop()
        #expect(child.isStopped)
        #expect(!parent.isStopped)
        let second = StopToken(linkedTo: parent)
        parent.stop(signal: SIGHUP)
        #expect(second.signal == SIGHUP)
    }

    @Test func sleepRunsToItsDeadlineOnTheClockAndEndsEarlyWhenStopped() {
        let clock = ManualClock(start: 100)
        let token = StopToken()
        #expect(token.sleep(until: 130, clock: clock))
        #expect(clock.now() >= 130 && clock.now() < 130.06)
        let stopper = StopToken(watching: { clock.now() >= 140 ? SIGINT : 0 })
        #expect(!stopper.sleep(until: 1000, clock: clock))
        #expect(clock.now() < 141)
    }

    @Test func aSignalWhileWatchedFiresTheSignalsTokenAndLeavesTheProcessRunning() {
        let token = StopSignals.token()
        StopSignals.watch {
            #expect(!token.isStopped)
            raise(SIGINT)
            #expect(token.isStopped)
            #expect(token.signal == SIGINT)
        }
        StopSignals.clear(SIGINT)
        #expect(!token.isStopped)
    }
}
