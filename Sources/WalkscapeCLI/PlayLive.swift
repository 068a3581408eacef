import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeLive
import WalkscapePlayer
import WalkscapeTours

extension PlayCommand {
    /// `--gps` goes with a TOUR and none of the replay's options.
    func validateLive() throws {
        guard live.gps != nil else { return }
        if tour == nil { throw ValidationError("--gps needs a TOUR to walk.") }
        if trace != nil { throw ValidationError("--gps and --trace are two sources of positions; give one.") }
        if watch { throw ValidationError("--watch reloads the tour a --trace plays; a live walk (--gps) does not reload.") }
        if speed != 1 { throw ValidationError("--speed is for replays; a live walk (--gps) runs at ×1.") }
    }

    /// The player for a live walk: the tour read and checked, the source connected (so that a wrong address
    /// fails here, before curses takes the terminal).
    func startLive(tour: String, address: GPSSourceAddress, console: Console) throws -> Start {
        let replay = try Replay.loadTour(
            tour, language: narration.requested, languageIsPreference: narration.language == nil, allowMissing: allowMissing, offersAllowMissing: true,
            console: console)
        let languages = PlayerTour.subtitleLanguages(replay)
        if let wanted = subs, wanted != "off", !languages.contains(wanted) {
            console.error("\(tour): no \"\(wanted)\" subtitles for the \"\(replay.language)\" narration; available: \(languages.isEmpty ? "none" : languages.joined(separator: ", "))")
            throw CommandExit(.failure)
        }
        let feed: LiveFeed
        do {
            feed = try LiveFeed(
                address: address, clock: live.liveClock, recordPath: live.record, idleTimeout: live.idleSeconds, reachTargets: replay.reachTargets)
        } catch {
            console.error("walkscape play: \(error.message)")
            throw CommandExit(.failure)
        }
        return .live(replay, subtitles: PlayerTour.startingSubtitles(replay, wanted: subs, off: subs == "off"), feed: feed)
    }
}
