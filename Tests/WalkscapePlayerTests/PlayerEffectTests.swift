import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeRuntime
@testable import WalkscapePlayer
@testable import WalkscapeTUI

/// The reducer's effects are data: each key or tick returns what the loop must do, the walk's audio commands
/// included (`PlayerEffect.walkUpdate`), and nothing else happens. No audio player, no sink, no thread: the
/// state goes in, the state and the effects come out.
@Suite struct PlayerEffectTests {
    /// The meridian walk at ×1 (point 1 triggers at 25 s and plays 20 s, point 2 at 175 s, point 3 at 325 s).
    func state(speed: Double = 1) -> PlayerState {
        let (tour, trace) = sessionInputs()
        let info = PlayerTourInfo(title: "Tour", pointTitles: [1: "Uno", 2: "Due", 3: "Tre"], route: [], completionMessage: "Grazie", subtitles: [:])
        return PlayerState(session: PlayerSession(tour: tour, trace: trace, speed: speed), info: info, subtitleLanguages: [], subtitleLanguage: nil)
    }

    /// The walk updates among `effects`, in order.
    func updates(_ effects: [PlayerEffect]) -> [WalkUpdate] {
        effects.compactMap { if case let .walkUpdate(update) = $0 { update } else { nil } }
    }

    @Test func aTickReturnsTheStartOfANarrationAndAQuietTickReturnsNothing() {
        var s = state()
        expectEqual(Player.reduce(&s, .tick(wallSeconds: 10)), [])  // fixes fed, nothing happened
        let effects = Player.reduce(&s, .tick(wallSeconds: 20))  // t = 30: point 1 started at 25
        expectEqual(effects.count, 1)
        expectEqual(effects.audio, [.play(point: 1, offset: 5)])
        expectTrue(updates(effects).first?.events.map(\.kind).contains(.audioStarted) == true)
        expectTrue(s.session.engine.playing?.point == 1)
    }

    @Test func spacePausesAndResumesTheNarration() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))
        expectEqual(Player.reduce(&s, key: .character(" ")), [.walkUpdate(WalkUpdate(audio: [.pause]))])
        expectTrue(s.session.paused)
        expectEqual(Player.reduce(&s, .tick(wallSeconds: 5)), [])  // paused: the clock holds
        expectEqual(s.session.traceTime, 30)
        expectEqual(Player.reduce(&s, key: .character(" ")), [.walkUpdate(WalkUpdate(audio: [.resume]))])
        expectTrue(!s.session.paused)
        // With nothing playing, space holds the walk but has nothing to say to the audio.
        var quiet = state()
        expectEqual(Player.reduce(&quiet, key: .character(" ")), [])
        expectTrue(quiet.session.paused)
    }

    @Test func seekKeysReturnTheSeekAndItsEvent() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))  // 5 s into point 1
        let forward = Player.reduce(&s, key: .right)
        expectEqual(forward.audio, [.seek(to: 15)])
        expectEqual(updates(forward).map { $0.events.map(\.kind) }, [[.audioSeeked]])
        expectEqual(s.session.audioPosition, 15)
        expectEqual(Player.reduce(&s, key: .left).audio, [.seek(to: 5)])
        // Nothing playing: nothing to seek, no effect.
        var quiet = state()
        expectEqual(Player.reduce(&quiet, key: .right), [])
    }

    @Test func skipReplayAndSpeedKeysReturnTheirCommands() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))
        expectEqual(Player.reduce(&s, key: .character("r")).audio, [.stop, .play(point: 1, offset: 0)])
        expectEqual(Player.reduce(&s, key: .character("n")).audio, [.stop])  // walkscape's next: skip
        expectTrue(s.session.engine.playing == nil)
        expectEqual(Player.reduce(&s, key: .character("r")).audio, [.play(point: 1, offset: 0)])
        expectEqual(Player.reduce(&s, key: .character("]")).audio, [.play(point: 1, offset: 0)])  // ×1.5: restarted, stretched
        expectEqual(Player.reduce(&s, key: .character("]")).audio, [.play(point: 1, offset: 0)])  // ×2
        expectEqual(Player.reduce(&s, key: .character("]")).audio, [.stop])  // ×4: muted
        expectEqual(s.session.speed, 4)
        // A key the walk ignores returns nothing for the audio.
        expectEqual(Player.reduce(&s, key: .character("f")), [])
    }

    @Test func stepOneFixWhilePausedMovesTheNarrationWithTheClock() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))
        expectEqual(Player.reduce(&s, key: .character(".")), [])  // not paused: nothing
        _ = Player.reduce(&s, key: .character(" "))
        expectEqual(Player.reduce(&s, key: .character(".")).audio, [.seek(to: 6)])
        expectEqual(s.session.traceTime, 31)
    }

    @Test func overlaysHoldTheNarrationAndReleaseIt() {
        var s = state()
        _ = Player.reduce(&s, .tick(wallSeconds: 30))
        expectEqual(Player.reduce(&s, key: .character("?")), [.walkUpdate(WalkUpdate(audio: [.pause]))])
        expectEqual(Player.reduce(&s, key: .character("x")), [.walkUpdate(WalkUpdate(audio: [.resume]))])
        expectEqual(Player.reduce(&s, key: .character("q")), [.walkUpdate(WalkUpdate(audio: [.pause]))])
        expectEqual(Player.reduce(&s, key: .character("y")), [.quit])
        // The listener's own pause outlives the overlay's: closing help resumes nothing.
        var held = state()
        _ = Player.reduce(&held, .tick(wallSeconds: 30))
        _ = Player.reduce(&held, key: .character(" "))
        expectEqual(Player.reduce(&held, key: .character("?")), [])
        expectEqual(Player.reduce(&held, key: .character("x")), [])
        expectTrue(held.session.paused)
    }

    @Test func theEndIsAnUpdateThenQuitIsImmediate() {
        var s = state(speed: 64)
        var last: [PlayerEffect] = []
        while !s.session.ended { last = Player.reduce(&s, .tick(wallSeconds: 1)) }
        // The tick that ended the walk hands on the end (a sink flushes there); the tour was completed.
        expectTrue(updates(last).last?.ended == true)
        expectTrue(s.session.events.contains { $0.kind == .tourCompleted })
        expectEqual(Player.reduce(&s, key: .character("q")), [.quit])
    }

    /// Nothing is dropped on the way: the walk's start and the effects' updates together are the walk's whole
    /// log, whatever the keys, and no update handed out is empty.
    @Test func theEffectsCarryEveryEventTheWalkMade() {
        var s = state()
        var heard = s.session.walk.startUpdate.events
        let script: [PlayerAction] = [
            .tick(wallSeconds: 30), .seekStep(forward: true), .togglePause, .stepOneFix, .togglePause, .replayCurrent, .changeSpeed(faster: true),
            .tick(wallSeconds: 50), .nextPoint, .showHelp, .tick(wallSeconds: 3), .quit, .tick(wallSeconds: 1), .changeSpeed(faster: true),
        ]
        var effects: [PlayerEffect] = []
        for action in script { effects += Player.reduce(&s, action) }
        // Any key closes the quit question (not a yes); then the walk runs to its end.
        effects += Player.reduce(&s, key: .character("x"))
        while !s.session.ended { effects += Player.reduce(&s, .tick(wallSeconds: 5)) }
        for update in updates(effects) {
            expectTrue(!update.isEmpty)
            heard += update.events
        }
        expectEqual(heard, s.session.events)
        expectTrue(effects.allSatisfy { if case .walkUpdate = $0 { true } else { false } })
    }
}
