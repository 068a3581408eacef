import ArgumentParser
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeReplay
import WalkscapeTours

/// `walkscape info TOUR`: one tour in detail.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a tour in detail: description, stats, languages, points, audio lengths, download size.",
        discussion: """
            Each point is listed with its trigger radius, its distance from the previous point (from the \
            starting point for the first) and the exact length of its audio in every language. The tour must \
            be valid enough to read; run `walkscape validate` for a full check.

            Examples:
              walkscape info tours/torino-portici
              walkscape info --lang en tours/paris-ile-de-la-cite/tour.json
              walkscape info --json tours/torino-portici
              walkscape info tours/torino-portici --timing --speed 1.2

            --timing sets talk time against walk time: per leg, the walk from leaving point n's region to \
            entering point n+1's (along the route when there is one) at --speed and at a slow (0.9 m/s) and \
            brisk (1.5 m/s) walker's pace, against point n's narration in each language: how long walkers \
            wait for it to end, or how long they walk in silence. Then the announced distanceKm and \
            durationMinutes against what the points and recordings add up to. `validate` warns about the same \
            findings. With --json, all of it as JSON.
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @OptionGroup var language: LanguageOption

    @Flag(help: "Print JSON for machines.")
    var json = false

    @Flag(help: "Talk time against walk time: each leg's walk against the narration before it, and the announced totals.")
    var timing = false

    @Option(help: ArgumentHelp("With --timing: the walking speed in m/s (default 1.2).", valueName: "M/S"))
    var speed: Double?

    func validate() throws {
        if speed != nil && !timing { throw ValidationError("--speed is the walking speed of --timing; add --timing.") }
        if let speed, !(speed >= 0.1 && speed <= 10) {
            throw ValidationError("--speed must be a walking speed in m/s from 0.1 to 10, got \(formatShortNumber(speed)).")
        }
    }

    func run() throws {
        try TourInfoReport.run(tour, language: language.requested, json: json, timing: timing, speed: speed, console: CommandContext.console)
    }
}
