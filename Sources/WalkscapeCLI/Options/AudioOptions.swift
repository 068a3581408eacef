import ArgumentParser
import WalkscapeAudio

/// `--audio pulse|none|wav:FILE|auto`: where sound goes.
struct AudioOptions: ParsableArguments {
    @Option(
        name: .customLong("audio"),
        help: ArgumentHelp(
            "Audio output: auto (PulseAudio when a server answers, else none), pulse, none (silent, timed by the clock) or wav:FILE (what would be heard, written to FILE).",
            valueName: "OUTPUT"))
    var audio: String = "auto"

    var choice: AudioOutputChoice { AudioOutputChoice(argument: audio) ?? .auto }

    func validate() throws {
        guard AudioOutputChoice(argument: audio) != nil else {
            throw ValidationError("--audio must be auto, pulse, none or wav:FILE, got \(audio).")
        }
    }
}
