import ArgumentParser
import Foundation
import Synchronization
import WalkscapeAudio
import WalkscapeCore
import WalkscapePlayer
import WalkscapeReports
import WalkscapeReplay
import WalkscapeRemote
import WalkscapeSystem
import WalkscapeTours

/// `walkscape listen TOUR --point N`: plays one point's narration and prints its subtitles as they are heard.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Play one point's narration and print its subtitles as they are heard.",
        discussion: ListenHelp.discussion)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("The point to play (its order, from 1).", valueName: "N"))
    var point: Int

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Subtitle language, or off (default: the track's own language, else its first subtitles).", valueName: "L|off"))
    var subs: String?

    @Option(help: ArgumentHelp("Start this many seconds into the recording.", valueName: "SECONDS"))
    var from: Double = 0

    @Option(help: ArgumentHelp("Playback speed, 0.5 to 2, with the pitch kept (default 1).", valueName: "X"))
    var speed: Double = 1

    @Flag(help: "Preview a tour with files missing: a missing recording plays as silence of its recorded durationSeconds (skipped when unknown).")
    var allowMissing = false

    @OptionGroup var audioOptions: AudioOptions

    func validate() throws {
        guard from >= 0, from <= 86_400 else { throw ValidationError("--from must be a number of seconds from 0 to 86400, got \(formatShortNumber(from)).") }
        guard TimeStretchDecoder.audibleSpeeds.contains(speed) else {
            throw ValidationError("--speed must be between 0.5 and 2 (the narration is time-stretched with its pitch kept), got \(formatShortNumber(speed)).")
        }
    }

    func run() throws {
        try NarrationListening.run(
            ListenRequest(
                tour: tour, point: point, language: language, subtitles: subs, from: from, speed: speed, allowMissing: allowMissing,
                audio: audioOptions.choice),
            console: CommandContext.console)
    }
}
