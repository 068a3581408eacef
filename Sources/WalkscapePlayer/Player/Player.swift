import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTUI

/// The player screen's logic as one reducer, like `Browser.reduce`: keys and clock ticks in, a new state and
/// what the driver must do out, as data (`PlayerEffect`). The walk's audio commands come out as
/// `PlayerEffect.walkUpdate`s that the loop hands to the audio sink; the reducer calls no sink and starts no
/// thread, so it is tested without a terminal, an audio player or threads. Everything else (overlays, the
/// quit question, subtitles, speed, the map's view) happens here.
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
            return show(nil, in: &state)
        case .help?:
            return show(nil, in: &state)
        default:
            guard let action = action(for: key) else { return [] }
            return reduce(&state, action)
        }
    }

    /// Applies `action` to `state`; returns what the driver must do, in order (the walk's updates included).
    public static func reduce(_ state: inout PlayerState, _ action: PlayerAction) -> [PlayerEffect] {
        switch action {
        case let .tick(wallSeconds, audio):
            state.age(shownNotice: wallSeconds)
            // A paused walk (by the listener or an overlay) does not move: the session knows.
            var effects = walked(state.session.advance(wallSeconds: wallSeconds, audio: audio))
            if state.session.ended, state.overlay == nil {
                effects += show(.completion(state.session.completionSummary(info: state.info, donation: state.donation)), in: &state)
            }
            return effects
        case .togglePause: return walked(state.session.togglePause())
        case let .seekAudio(seconds): return walked(state.session.seekAudio(by: seconds))
        case .skipAudio: return walked(state.session.skipAudio())
        case .replayCurrent: return walked(state.session.replayCurrent())
        case .replayPrevious: return walked(state.session.replayPrevious())
        case let .seekStep(forward):
            // Nothing playing: the key would do nothing, so it says why (as every key that does nothing does).
            guard state.session.engine.playing != nil else {
                state.explain(KeyRefusal.nothingToSeek(forward: forward))
                return []
            }
            return walked(state.session.seekAudio(by: forward ? state.session.seekStep : -state.session.seekStep))
        case .nextPoint: return step(forward: true, in: &state)
        case .previousPoint: return step(forward: false, in: &state)
        case let .changeSpeed(faster): return walked(state.session.changeSpeed(faster: faster))
        case .stepOneFix: return state.session.paused ? walked(state.session.stepOneFix()) : []
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
        case .showHelp: return show(.help, in: &state)
        case .quit:
            if state.session.ended { return [.quit] }
            return show(.confirmQuit, in: &state)
        case .reload: return [.reload]
        case let .notice(text): state.add(notice: text)
        case let .showNotice(text, seconds):
            state.add(notice: text)
            state.show(notice: text, seconds: seconds)
        }
        return []
    }

    /// The effect that hands `update` on: none when the walk produced nothing.
    static func walked(_ update: WalkUpdate) -> [PlayerEffect] {
        update.isEmpty ? [] : [.walkUpdate(update)]
    }

    /// n/p: the profile's next/previous button; a press that changes nothing says why on the last row.
    static func step(forward: Bool, in state: inout PlayerState) -> [PlayerEffect] {
        let before = state.session.events.count
        let effects = walked(state.session.manualStep(forward: forward))
        guard state.session.events.count == before else { return effects }
        guard forward else {
            state.explain(KeyRefusal.noPreviousPoint)
            return effects
        }
        let engine = state.session.engine
        let lastPassed = engine.next > engine.tour.points.count && engine.playing == nil && engine.queue.isEmpty
        state.explain(state.session.ended || lastPassed ? KeyRefusal.noNextPoint : KeyRefusal.nothingToSkip)
        return effects
    }

    /// Opens or closes an overlay: the one place the overlay's hold on the walk is taken or released. Returns
    /// the walk's pause or resume for the audio, when the hold changed the walk's state while audio plays.
    static func show(_ overlay: PlayerFrame.Overlay?, in state: inout PlayerState) -> [PlayerEffect] {
        state.overlay = overlay
        return walked(state.session.setPaused(overlay?.pausesWalk ?? false, by: .overlay))
    }
}
