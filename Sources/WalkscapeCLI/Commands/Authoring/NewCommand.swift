import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeTours
import WalkscapeRemoteModel

/// `walkscape new DIR --city … --lang it,en`: a tour to edit by hand.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a tour by hand: a valid, playable tour.json with example points, notes and placeholder recordings.",
        discussion: """
            DIR gets tour.json (with "//" notes that every reader ignores), EDITING.md (the edit -> manifest -> \
            validate -> simulate loop), a placeholder recording per point and language (silence, marked \
            "placeholder": true) and an example subtitle file. The example points lie 250 m apart, north of \
            --start. The tour is built in a staging directory and renamed to DIR once it validates.

            Exit status: 0 created, 2 DIR exists (without --force) or bad options.

            Examples:
              walkscape new tours/bologna --city Bologna --lang it,en --start 44.4939,11.3428
              walkscape new draft --city Torino --lang it --points 5 --title "I portici"
            """)

    @Argument(help: "The tour directory to create.")
    var directory: String

    @Option(help: "The city the tour takes place in.")
    var city: String

    @Option(help: ArgumentHelp("The tour's languages, the default first.", valueName: "it,en"))
    var lang: String

    @Option(help: ArgumentHelp("Where the walk starts (default: 0,0, to be replaced).", valueName: "lat,lng"))
    var start: String?

    @Option(help: "How many example points (1-50).")
    var points = 2

    @Option(help: "The tour's title in every language (default: DIR's name).")
    var title: String?

    @Option(help: ArgumentHelp("The length of each placeholder recording.", valueName: "seconds"))
    var placeholderAudio = 10.0

    @Flag(help: "Replace DIR when it already holds a tour.")
    var force = false

    var languages: [String] { LanguageList.split(lang) }

    var startPosition: LatLng? {
        guard let start else { return nil }
        let parts = start.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lng = parts[1], LatLng(lat: lat, lng: lng).isValid else { return nil }
        return LatLng(lat: lat, lng: lng)
    }

    func validate() throws {
        try LanguageList.check(languages)
        guard !city.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--city must not be empty.") }
        if start != nil && startPosition == nil {
            throw ValidationError("--start must be LAT,LNG in decimal degrees (latitude -90…90, longitude -180…180), e.g. --start 45.0703,7.6869; got \"\(start!)\".")
        }
        guard (1...50).contains(points) else { throw ValidationError("--points must be from 1 to 50, got \(points).") }
        guard placeholderAudio >= 0.1 && placeholderAudio <= PlaceholderRecording.maxSeconds else {
            throw ValidationError("--placeholder-audio must be from 0.1 to \(Int(PlaceholderRecording.maxSeconds)) seconds, got \(formatShortNumber(placeholderAudio)).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        var scaffold = TourScaffold(directory: directory, city: TerminalText.sanitize(city), languages: languages)
        scaffold.title = title.map { TerminalText.sanitize($0) }
        scaffold.start = startPosition
        scaffold.points = points
        scaffold.placeholderSeconds = placeholderAudio
        scaffold.force = force
        let interruption = StopSignals.token()
        let outcome: TourScaffold.Outcome
        do {
            outcome = try StopSignals.watch { () throws(TourImportError) -> TourScaffold.Outcome in
                try scaffold.create(stop: interruption)
            }
        } catch let error as TourImportError {
            for line in error.message.split(separator: "\n") { console.error(TerminalText.sanitize(String(line))) }
            if case let .interrupted(signal) = error.kind { throw CommandExit(signal: signal) }
            throw CommandExit(error.kind == .invalid ? .failure : .usage)
        }
        for stale in outcome.removedStale { console.error("note: removed \(TerminalText.sanitize(stale)), left by an interrupted run") }
        if start == nil {
            console.error("note: the example points are at 0,0 (in the sea off Africa): put your own positions in tour.json, or run again with --start LAT,LNG")
        }
        console.line("Created \(TerminalText.sanitize(outcome.directory)): \(points) example point\(points == 1 ? "" : "s") in \(languages.joined(separator: ", ")), \(points * languages.count) placeholder recording\(points * languages.count == 1 ? "" : "s") of \(formatShortNumber(placeholderAudio)) s")
        for file in outcome.files { console.line("  " + TerminalText.sanitize(file)) }
        console.line("Next: edit \(TerminalText.sanitize(outcome.directory))/tour.json (EDITING.md says how), then `walkscape manifest \(TerminalText.sanitize(outcome.directory))` and `walkscape validate \(TerminalText.sanitize(outcome.directory))`")
    }
}
