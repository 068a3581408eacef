import WalkscapeCore
import WalkscapeTUI

/// The player screen's logic as one reducer, like `Browser.reduce`: keys and clock ticks in, a new state and
/// what the driver must do out. The walk's audio follows through its sinks; everything else (overlays, the
/// quit question, subtitles, speed, the map's view) happens here, so it is tested without a terminal.
public enum Player {
    /// The action a key asks for (nil: a key the player does not use). The one key table.
    public static func action(for key: TerminalKey) -> PlayerAction? {
        switch key {
        case .character(" "): return .togglePause
        case .left: return .seekStep(forward: false)
        case .right: return .seekStep(forward: true)
        case .character("n"): return .nextPoint
        case .character("p"): return .previousPoint
        case .character("r"): return .replayCurrent
        case .character("["), .character("-"): return .changeSpeed(faster: false)
        case .character("]"), .character("+"): return .changeSpeed(faster: true)
        case .character("."): return .stepOneFix
        case .character("f"): return .toggleFollow
        case .character("h"): return .pan(dx: -8, dy: 0)
        case .character("j"), .down: return .pan(dx: 0, dy: 8)
        case .character("k"), .up: return .pan(dx: 0, dy: -8)
        case .character("L"): return .pan(dx: 8, dy: 0)
        case .character("z"): return .zoom(by: 1.5)
        case .character("x"): return .zoom(by: 1 / 1.5)
        case .character("0"): return .fitRoute
        case .character("s"): return .cycleSubtitles
        case .character("l"): return .toggleLog
        case .character("b"): return .toggleBasemap
        case .character("?"): return .showHelp
        case .character("q"): return .quit
        default: return nil
        }
    }

    /// Answers that confirm the quit question (yes, sì, oui).
    static let confirmations: Set<Character> = ["y", "Y", "s", "S", "o", "O"]

    /// Applies a key: an open help or quit question takes it first (any key closes them; a yes quits).
    public static func reduce(_ state: inout PlayerState, key: TerminalKey) -> [PlayerEffect] {
        switch state.overlay {
        case .confirmQuit?:
            if case let .character(c) = key, confirmations.contains(c) { return [.quit] }
            show(nil, in: &state)
            return []
        case .help?:
            show(nil, in: &state)
            return []
        default:
            guard let action = action(for: key) else { return [] }
            return reduce(&state, action)
        }
    }

    /// Applies `action` to `state`; returns what the driver must do.
    public static func reduce(_ state: inout PlayerState, _ action: PlayerAction) -> [PlayerEffect] {
        switch action {
        case let .tick(wallSeconds, audio):
            state.age(shownNotice: wallSeconds)
            // A paused walk (by the listener or an overlay) does not move: the session knows.
            state.session.advance(wallSeconds: wallSeconds, audio: audio)
            if state.session.ended, state.overlay == nil {
                show(.completion(state.session.completionSummary(info: state.info, donation: state.donation)), in: &state)
            }
        case .togglePause: state.session.togglePause()
        case let .seekAudio(seconds): state.session.seekAudio(by: seconds)
        case .skipAudio: state.session.skipAudio()
        case .replayCurrent: state.session.replayCurrent()
        case .replayPrevious: state.session.replayPrevious()
        case let .seekStep(forward): state.session.seekAudio(by: forward ? state.session.seekStep : -state.session.seekStep)
        case .nextPoint: step(forward: true, in: &state)
        case .previousPoint: step(forward: false, in: &state)
        case let .changeSpeed(faster): state.session.changeSpeed(faster: faster)
        case .stepOneFix: if state.session.paused { state.session.stepOneFix() }
        case .toggleFollow: state.map.follow.toggle()
        case let .pan(dx, dy): state.map.pan(dx: dx, dy: dy)
        case let .zoom(factor): state.map.zoom *= factor
        case .fitRoute: state.map = MapView()
        case .cycleSubtitles:
            let cycle: [String?] = state.subtitleLanguages.map { Optional($0) } + [nil]
            let index = cycle.firstIndex { $0 == state.subtitleLanguage } ?? (cycle.count - 1)
            state.subtitleLanguage = cycle[(index + 1) % cycle.count]
            return [.loadSubtitles(state.subtitleLanguage)]
        case .toggleLog: state.showLog.toggle()
        case .toggleBasemap:
            guard state.underlay != nil else {
                state.explain(KeyRefusal.noMapTiles)
                return []
            }
            state.showBasemap.toggle()
        case .showHelp: show(.help, in: &state)
        case .quit:
            if state.session.ended { return [.quit] }
            show(.confirmQuit, in: &state)
        case .reload: return [.reload]
        case let .notice(text): state.add(notice: text)
        case let .showNotice(text, seconds):
            state.add(notice: text)
            state.show(notice: text, seconds: seconds)
        }
        return []
    }

    /// n/p: the profile's next/previous button; a press that changes nothing says why on the last row.
    static func step(forward: Bool, in state: inout PlayerState) {
        let before = state.session.events.count
        state.session.manualStep(forward: forward)
        guard state.session.events.count == before else { return }
        guard forward else { return state.explain(KeyRefusal.noPreviousPoint) }
        let engine = state.session.engine
        let lastPassed = engine.next > engine.tour.points.count && engine.playing == nil && engine.queue.isEmpty
        state.explain(state.session.ended || lastPassed ? KeyRefusal.noNextPoint : KeyRefusal.nothingToSkip)
    }

    /// Opens or closes an overlay: the one place the overlay's hold on the walk is taken or released.
    static func show(_ overlay: PlayerFrame.Overlay?, in state: inout PlayerState) {
        state.overlay = overlay
        state.session.setPaused(overlay?.pausesWalk ?? false, by: .overlay)
    }
}
