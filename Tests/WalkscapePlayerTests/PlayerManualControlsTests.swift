import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeRuntime
@testable import WalkscapePlayer
@testable import WalkscapeTUI

/// n/p and ←/→ go through the player's key table and reducer to the walk's driver under the profile's
/// `ManualControls`: walkscape keeps skip / replay-previous, iOS and Android send `.nextPoint`/`.previousPoint`;
/// seeks move by the profile's step (10 s, Android 15 s), and the help says so.
@Suite struct PlayerManualControlsTests {
    func state(_ profile: EngineProfile) -> PlayerState {
        let (tour, trace) = sessionInputs()
        let session = PlayerSession(tour: tour, trace: trace, policy: profile.policy, speed: 1)
        let info = PlayerTourInfo(title: "Tour", pointTitles: [1: "Uno", 2: "Due", 3: "Tre"], route: [], completionMessage: "Grazie", subtitles: [:])
        return PlayerState(session: session, info: info, subtitleLanguages: [], subtitleLanguage: nil, traceName: "walk.gpx")
    }

    /// Ticks until point 1 plays; returns how far into it the clock is.
    func playFirstPoint(_ s: inout PlayerState) -> Double {
        while s.session.engine.playing == nil && !s.session.ended { _ = Player.reduce(&s, .tick(wallSeconds: 1)) }
        guard let playing = s.session.engine.playing else { return .nan }
        return s.session.traceTime - playing.startedAt
    }

    @Test func theKeyTableSendsProfileNeutralActions() {
        expectEqual(Player.action(for: .character("n")), .nextPoint)
        expectEqual(Player.action(for: .character("p")), .previousPoint)
        expectEqual(Player.action(for: .left), .seekStep(forward: false))
        expectEqual(Player.action(for: .right), .seekStep(forward: true))
    }

    @Test(arguments: [(EngineProfile.prd, 10.0), (.ios5c84126, 10), (.android5c84126, 15)])
    func seekKeysMoveByTheProfilesStep(profile: EngineProfile, step: Double) {
        var s = state(profile)
        let into = playFirstPoint(&s)
        expectTrue(s.session.engine.playing?.point == 1)
        expectEqual(Player.reduce(&s, key: .right).audio, [.seek(to: into + step)])
        var frame = s.frame(heardPosition: nil, muted: false)
        expectEqual(frame.seekStepSeconds, step)
        frame.overlay = .help
        let help = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(frame, width: 80, height: 24).text
        expectContains(help, "seek −\(Int(step)) s / +\(Int(step)) s", "\n\(help)")
    }

    @Test func androidNextMovesTheCursorAndPlaysThePoint() {
        var s = state(.android5c84126)
        _ = playFirstPoint(&s)
        let commands = Player.reduce(&s, key: .character("n")).audio
        expectTrue(s.session.engine.cursor == 2 && s.session.engine.triggered[1])
        expectEqual(commands.last, .play(point: 2, offset: 0))
        _ = Player.reduce(&s, key: .character("p"))
        expectEqual(s.session.engine.cursor, 1)
        expectTrue(s.session.engine.playing?.point == 1)
    }

    @Test func iosNextMovesTheScreenOnlyAndNextOnTheLastPointCompletes() {
        var s = state(.ios5c84126)
        _ = playFirstPoint(&s)
        _ = Player.reduce(&s, key: .character("n"))
        expectTrue(s.session.engine.cursor == 1 && s.session.engine.screenPoint == 2 && !s.session.engine.triggered[1])
        expectTrue(s.session.engine.playing?.point == 2)
        _ = Player.reduce(&s, key: .character("n"))
        _ = Player.reduce(&s, key: .character("n"))  // on the last point: the tour completes and the walk ends
        expectTrue(s.session.ended)
        expectTrue(s.session.events.last?.kind == .tourCompleted)
        _ = Player.reduce(&s, .tick(wallSeconds: 1))
        guard case .completion? = s.overlay else {
            Issue.record("no completion overlay: \(String(describing: s.overlay))")
            return
        }
    }

    @Test func walkscapeKeepsSkipAndReplayPrevious() {
        var s = state(.prd)
        _ = playFirstPoint(&s)
        let commands = Player.reduce(&s, key: .character("n")).audio
        expectTrue(s.session.engine.playing == nil)
        expectEqual(commands, [.stop])
    }
}
