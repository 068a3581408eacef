import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeTraces

/// `walkscape synth TOUR`: a made-up walk of a tour as a GPS trace, deterministic for a seed.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate a synthetic GPS trace of a walk along a tour (GPX, NMEA, GeoJSON, KML or Xcode GPX on stdout).",
        discussion: """
            The walker follows the tour's route line (or goes point to point without one) from its first \
            position to its last, at --speed m/s on average (varying by about 8 %, within +/-25 %), optionally \
            standing still at each point for as long as its audio plays. A fix is taken every --interval \
            seconds, starting 2026-05-09T09:00:00Z.

            GPS errors (docs/fieldtesting.md): --noise SIGMA adds a correlated drift (Gauss-Markov per axis, \
            sigma = SIGMA metres, 30 s time constant); --jumps RATE adds jumps of 30-300 m lasting 1-8 s, RATE an \
            hour on average; --dropouts RATE removes 5-60 s of fixes, RATE times an hour. Fixes then report \
            an accuracy (GPX: opentracks:accuracy_horizontal; NMEA: HDOP = accuracy / 5). NMEA carries the \
            speed and course of each move; xcode-gpx is timed waypoints for Xcode's location simulation \
            (docs/live.md). The same arguments always print the same bytes.

            Examples:
              walkscape synth tours/torino-portici > walk.gpx
              walkscape synth tours/torino-portici --pause-at-points --noise 8 \\
                  --jumps 4 --seed 7 > noisy.gpx
              walkscape synth tours/paris-ile-de-la-cite --speed 1.5 --interval 2 \\
                  --format nmea > walk.nmea
              walkscape synth tours/torino-portici --format kml > walk.kml
              walkscape synth tours/torino-portici --format xcode-gpx > Walk.gpx
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("Mean walking speed in m/s.", valueName: "M/S"))
    var speed: Double = 1.2

    @Flag(help: "Stand still at each point for as long as its audio plays.")
    var pauseAtPoints = false

    @Option(help: ArgumentHelp("Seconds between fixes.", valueName: "S"))
    var interval: Double = 1

    @Option(help: ArgumentHelp("GPS drift: standard deviation in metres per axis (0: exact positions).", valueName: "SIGMA"))
    var noise: Double = 0

    @Option(help: ArgumentHelp("GPS jumps (30-300 m for 1-8 s) an hour, on average.", valueName: "RATE"))
    var jumps: Double = 0

    @Option(help: ArgumentHelp("GPS dropouts (5-60 s without fixes) an hour, on average.", valueName: "RATE"))
    var dropouts: Double = 0

    @Option(help: ArgumentHelp("Random seed (0 ... 2^64 - 1).", valueName: "S"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Output format: \(TraceWriter.OutputFormat.list).", valueName: "FORMAT"))
    var format: String = "gpx"

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration whose lengths the pauses take (default: the tour's first language).", valueName: "L"))
    var language: String?

    func validate() throws {
        guard speed > 0, speed <= 10, speed.isFinite else { throw ValidationError("--speed must be a walking speed in m/s, above 0 and at most 10, got \(formatShortNumber(speed)).") }
        guard interval > 0, interval <= 3600, interval.isFinite else { throw ValidationError("--interval must be seconds above 0 and at most 3600, got \(formatShortNumber(interval)).") }
        guard noise >= 0, noise <= 10_000, noise.isFinite else { throw ValidationError("--noise must be metres, 0 or more, got \(formatShortNumber(noise)).") }
        guard jumps >= 0, jumps <= 3600, jumps.isFinite else { throw ValidationError("--jumps must be a rate an hour between 0 and 3600, got \(formatShortNumber(jumps)).") }
        guard dropouts >= 0, dropouts <= 3600, dropouts.isFinite else { throw ValidationError("--dropouts must be a rate an hour between 0 and 3600, got \(formatShortNumber(dropouts)).") }
        guard TraceWriter.OutputFormat(rawValue: format) != nil else { throw ValidationError("--format must be \(TraceWriter.OutputFormat.list), got \(format).") }
    }

    func run() throws {
        let console = CommandContext.console
        let replay = try Replay.loadTour(tour, language: language, console: console)
        let path = SyntheticWalk.path(for: replay.tour)
        let pauses = pauseAtPoints
            ? SyntheticWalk.pauses(along: path, at: replay.engineTour.points.map { ($0.location, $0.audioSeconds) }) : []
        let errors = GPSErrorModel(sigmaMeters: noise, jumpsPerHour: jumps, dropoutsPerHour: dropouts)
        let walk = SyntheticWalk(path: path, pauses: pauses, meanSpeed: speed, interval: interval, errors: errors)
        // Counted before anything is generated: a tiny speed or interval would otherwise make fixes for ever.
        let bound = walk.fixBound
        if !(bound <= Double(ValueRanges.maxSyntheticFixes)) {
            let count = bound < 1e12 ? "about \(Int(bound))" : "more than 10^12"
            console.error("\(tour): --speed \(formatShortNumber(speed)) and --interval \(formatShortNumber(interval)) would make \(count) fixes along this tour's \(formatFixed(Geodesy.pathLength(path), 0)) m\(pauseAtPoints ? " and pauses" : ""); at most \(ValueRanges.maxSyntheticFixes) are made: raise --speed or --interval")
            throw CommandExit(.usage)
        }
        let trace = walk.generate(seed: seed)
        let description = walk.description(followsRoute: replay.tour.route != nil, pauseLanguage: pauseAtPoints ? replay.language : nil, fixes: trace.count)
        console.write(TraceWriter.write(trace, output: TraceWriter.OutputFormat(rawValue: format)!, name: "\(replay.tour.id) synthetic walk, seed \(seed)", description: description))
    }
}
