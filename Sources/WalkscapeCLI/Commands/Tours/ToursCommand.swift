import ArgumentParser
import Foundation
import WalkscapeSystem
import WalkscapeCore
import WalkscapeReports
import WalkscapeReplay
import WalkscapeRemote
import WalkscapeTours

/// `walkscape tours [DIR]`: the catalogue of downloaded tours.
struct ToursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tours",
        abstract: "List the downloaded tours in a directory, one line a tour.",
        discussion: """
            Shows each tour's title, city, duration, distance, number of stops, languages, whether it is \
            protected (needs a voucher on the phone) and its state: complete (every file present with its \
            size), partial (files missing: it cannot start, `walkscape download` completes it), edited (every \
            file present, some differing from tour.json's size: a producer's edits, which preview with a \
            warning until `walkscape manifest` records them) or outdated (a newer version is published, with --check-updates, or a newer version's download was \
            started and not finished; this one still plays). Unfinished first downloads are listed too. Tours \
            that cannot be read are named on standard error.

            --check-updates asks the API each downloaded tour came from (recorded in its tour.json by \
            `walkscape download`) for the version it publishes now, in every language of the tour; that is \
            the only time `tours` uses the network. A protected tour needs --token (WALKSCAPE_TOKEN is not used \
            here: the addresses come from the tours' files), sent with that tour's requests only.

            Examples:
              walkscape tours
              walkscape tours --lang en ~/walks
              walkscape tours --json | jq '.tours[].id'
              walkscape tours --check-updates --token T
            """)

    @Argument(help: "The directory holding tour directories (default: --tours, else $WALKSCAPE_TOURS, ./tours, ~/.local/share/walkscape/tours).")
    var directory: String?

    @OptionGroup var toursDirectory: ToursDirectoryOption

    @OptionGroup var language: LanguageOption

    @Flag(help: "Print JSON for machines instead of a table.")
    var json = false

    @Flag(help: "Ask each tour's API whether a newer version is published.")
    var checkUpdates = false

    @Option(help: ArgumentHelp("With --check-updates: a bearer token, sent with the protected tours' checks to the API each one's tour.json names.", valueName: "T"))
    var token: String?

    @Option(help: ArgumentHelp("With --check-updates: seconds of silence before a server counts as unreachable.", valueName: "SECONDS"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= ValueRanges.maxTimeoutSeconds else { throw ValidationError("--timeout must be more than 0 seconds and at most 86400 (a day), got \(formatShortNumber(timeout)).") }
        if token != nil && !checkUpdates { throw ValidationError("--token is for --check-updates; add it, or drop --token.") }
    }

    func run() throws {
        let interruption = StopSignals.token()
        try StopSignals.watch {
            try TourCatalogueListing.run(
                directory: toursDirectory.resolved(override: directory), language: language.requested, checkUpdates: checkUpdates, token: token,
                timeout: timeout, json: json, interruption: interruption, console: CommandContext.console)
        }
    }
}
