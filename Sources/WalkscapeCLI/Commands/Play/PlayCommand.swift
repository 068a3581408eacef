import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeRemote
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeLive
import WalkscapePlayer
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTerminal
import WalkscapeTours
import WalkscapeTraces

/// `walkscape play [TOUR] [--trace FILE]`: the terminal player, and the catalogue, tour detail and settings
/// screens before it.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a tour in the terminal: catalogue, tour detail, settings, and the player (map, route card, subtitles, audio).",
        discussion: PlayHelp.discussion)

    @Argument(help: "A tour directory (or its tour.json), or a directory of tours (default: --tours, else $WALKSCAPE_TOURS, ./tours, ~/.local/share/walkscape/tours).")
    var tour: String?

    @Option(help: ArgumentHelp("The GPS trace to replay (\(TraceFileHelp.formats)); opens the player at once.", valueName: "FILE"))
    var trace: String?

    /// `--lang`, defaulting to the locale's language when the tour has it (the headless commands default to
    /// the tour's first language instead, so their output never depends on who runs them).
    @OptionGroup var narration: LanguageOption

    @OptionGroup var toursDirectory: ToursDirectoryOption

    @Option(help: ArgumentHelp("Subtitle language, or off (default: the narration's language when available).", valueName: "L|off"))
    var subs: String?

    @Option(help: ArgumentHelp("Replay speed: 0.25, 0.5, 1, 1.5, 2, 4, 8, 16, 32 or 64 (heard from 0.5 to 2).", valueName: "X"))
    var speed: Double = 1

    @Flag(help: "Preview a tour with files missing: missing recordings play as silence of their recorded durationSeconds (skipped when unknown); the route card marks those points.")
    var allowMissing = false

    @Flag(help: "With --trace: reload the tour when tour.json, a recording or a subtitle file changes (inotify), keeping the walk's position; a broken edit shows its validation line and the last good version keeps playing.")
    var watch = false

    @OptionGroup var live: LiveSourceOptions
    @OptionGroup var audioOptions: AudioOptions
    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    @Option(help: ArgumentHelp("A bearer token for downloading protected tours from their detail (`d`); default: $WALKSCAPE_TOKEN.", valueName: "T"))
    var token: String?

    func validate() throws {
        guard PlayerSession.speeds.contains(speed) else {
            throw ValidationError("--speed must be one of \(PlayerSession.speeds.map { formatShortNumber($0) }.joined(separator: ", ")), got \(formatShortNumber(speed)).")
        }
        if trace != nil && tour == nil { throw ValidationError("--trace needs a TOUR to replay it against.") }
        try validateLive()
        if watch && trace == nil { throw ValidationError("--watch reloads the tour a --trace plays; add --trace FILE.") }
        if allowMissing && trace == nil && live.gps == nil {
            throw ValidationError("--allow-missing previews the walk of a --trace; add --trace FILE (the catalogue starts only tours with every file).")
        }
    }

    func run() throws {
        try PlayApp.run(
            PlayRequest(
                tour: tour, toursDirectory: toursDirectory.resolved(), trace: trace, language: narration.requested,
                languageIsPreference: narration.language == nil, subtitles: subs, speed: speed, allowMissing: allowMissing, watch: watch,
                walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection,
                live: live.address.map { LiveWalkSource(address: $0, clock: live.liveClock, record: live.record, idleSeconds: live.idleSeconds) },
                audio: audioOptions.choice,
                settings: PlaySettings(
                    audioLanguage: narration.language, subtitles: subs == "off" ? .off : subs.map { .language($0) } ?? .sameAsAudio,
                    profile: policyOptions.engineProfile, policy: policyOptions.policy, speed: speed),
                token: AccessToken.resolve(token)),
            console: CommandContext.console)
    }

    /// `--gps` goes with a TOUR and none of the replay's options.
    func validateLive() throws {
        guard live.gps != nil else { return }
        if tour == nil { throw ValidationError("--gps needs a TOUR to walk.") }
        if trace != nil { throw ValidationError("--gps and --trace are two sources of positions; give one.") }
        if watch { throw ValidationError("--watch reloads the tour a --trace plays; a live walk (--gps) does not reload.") }
        if speed != 1 { throw ValidationError("--speed is for replays; a live walk (--gps) runs at ×1.") }
    }
}
