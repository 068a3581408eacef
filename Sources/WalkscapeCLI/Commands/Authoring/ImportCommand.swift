import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeTours
import WalkscapeRemoteModel

/// `walkscape import SOURCE --dest DIR`: a tour directory from a producer's files.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a tour directory from the reference app's test-tour file, saved API answers, or GeoJSON/GPX points.",
        discussion: """
            SOURCE is one of:
              - the reference app's test-tour file ({"tour": ..., "points": [...], "metadata": ...});
              - a folder of saved API answers: tour-LANG.json, points-LANG.json, manifest-LANG.json (and \
            tours.json), with the files the manifests name saved in it (or in --audio-dir), found by name;
              - a GeoJSON FeatureCollection of Point features, or a GPX file of <wpt> waypoints (properties or \
            extensions: name, order, radius, id); a LineString or a track becomes the route.

            Recordings and subtitles come from --audio-dir, matched to points by id or order and to languages \
            by folder or name: 3.it.mp3, it/p3.mp3, p3.it.en.srt (English subtitles of the Italian recording). \
            With --placeholder-audio S, a missing recording becomes S seconds of silence (or --placeholder-sound \
            tone), marked "placeholder" in tour.json and shown as such by info, validate and play.

            The tour is built beside DIR in a hidden staging directory, its sizes and SHA-256 written, and \
            validated; only then is it renamed to DIR. Ctrl-C or SIGTERM removes the staging directory; those of \
            killed runs are removed by the next import. DIR must not exist unless --force (then it must be a tour).

            Exit status: 0 imported, 1 the source makes an invalid tour, 2 the source or DIR cannot be used, \
            130/143 interrupted.

            Examples:
              walkscape import milan-test-tour.json --dest tours/milan --placeholder-audio 20
              walkscape import stops.geojson --dest tours/bologna --audio-dir recordings --city Bologna --lang it,en
              walkscape import saved-answers/ --dest tours/torino-portici
            """)

    @Argument(help: "The test-tour file, GeoJSON/GPX points file, or folder of saved API answers.")
    var source: String

    @Option(help: ArgumentHelp("The tour directory to create.", valueName: "dir"))
    var dest: String

    @Option(help: ArgumentHelp("The folder of recordings and subtitles.", valueName: "dir"))
    var audioDir: String?

    @Option(help: ArgumentHelp("Generate a placeholder of this many seconds for every missing recording.", valueName: "seconds"))
    var placeholderAudio: Double?

    @Option(help: "What placeholders sound like: silence or tone (a soft beep each second).")
    var placeholderSound: PlaceholderRecording.Sound = .silence

    @Option(help: ArgumentHelp("The languages to import, the default first (default: all of the source's).", valueName: "it,en"))
    var lang: String?

    @Option(help: "The tour's city (GeoJSON and GPX sources seldom say).")
    var city: String?

    @Option(help: "The tour's title (default: the source's, else DIR's name).")
    var title: String?

    @Option(help: "The tour's id (default: the source's, else DIR's name).")
    var id: String?

    @Flag(help: "Replace DIR when it already holds a tour.")
    var force = false

    var languages: [String]? { lang.map(LanguageList.split) }

    func validate() throws {
        if let list = languages { try LanguageList.check(list) }
        if let seconds = placeholderAudio, !(seconds > 0 && seconds <= PlaceholderRecording.maxSeconds) {
            throw ValidationError("--placeholder-audio must be more than 0 and at most \(Int(PlaceholderRecording.maxSeconds)) seconds, got \(formatShortNumber(seconds)).")
        }
        for (name, value) in [("--city", city), ("--title", title), ("--id", id)] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("\(name) must not be empty.") }
        }
    }

    func run() throws {
        let console = CommandContext.console
        var request = TourImporter.Request(source: source, destination: dest)
        request.audioDirectory = audioDir
        request.placeholderSeconds = placeholderAudio
        request.placeholderSound = placeholderSound
        request.force = force
        request.languages = languages
        request.city = city
        request.title = title
        request.id = id
        var importer = TourImporter()
        importer.stop = StopSignals.token()
        let outcome: TourImporter.Outcome
        do {
            outcome = try StopSignals.watch { () throws(TourImportError) -> TourImporter.Outcome in try importer.run(request) }
        } catch let error as TourImportError {
            for line in error.message.split(separator: "\n") { console.error(TerminalText.sanitize(String(line))) }
            switch error.kind {
            case .unusable: throw CommandExit(.usage)
            case .invalid:
                console.error("\(dest): not created; fix the source and import again")
                throw CommandExit(.failure)
            case let .interrupted(signal): throw CommandExit(signal: signal)
            }
        }
        let report = outcome.report(source: source)
        for note in report.notes { console.error(note) }
        for line in report.lines { console.line(line) }
    }
}

extension PlaceholderRecording.Sound: ExpressibleByArgument {}
