import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTours

/// `walkscape validate TOUR...`: a full check of one or more tours.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check tours completely: JSON shape, rules, every asset's size, SHA-256 and content.",
        discussion: """
            Prints one line a problem, `file: where: severity: what is wrong`, then a count of errors and \
            warnings. Errors: bad JSON or field shapes, duplicate ids, orders that are not 1..N, coordinates out \
            of range, radius <= 0, a declared language without a track, assets missing, leaving the tour \
            directory, or not matching their size and SHA-256, audio that does not decode, subtitles that do not \
            parse, a route that does not decode. Warnings: radius outside 100-300 m, overlapping consecutive \
            regions, a first point far from the starting point, audio shorter than its header promises, and \
            more (see docs/tour-format.md). Every audio file is decoded in full (with --json, its exact length in \
            frames is reported; see docs/audio.md).

            Exit status: 0 all valid (warnings allowed unless --strict), 1 some tour invalid, 2 usage error \
            or a tour that cannot be read at all.

            Examples:
              walkscape validate tours/*
              walkscape validate --strict tours/torino-portici
              walkscape validate --json tours/paris-ile-de-la-cite/tour.json
            """)

    @Argument(help: "Tour directories or tour.json files.")
    var tours: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print JSON for machines.")
    var json = false

    func validate() throws {
        if tours.isEmpty { throw ValidationError("Name at least one tour directory or tour.json.") }
    }

    func run() throws {
        try ValidationRun.run(tours, strict: strict, json: json, console: CommandContext.console)
    }
}
