import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours

/// `walkscape tours`: the tours in a directory, each with its state (complete, partial, edited, outdated),
/// unfinished first downloads and tours sharing an id; with update checks against each tour's API.
public enum TourCatalogueListing {
    /// Lists the tours in `directory` on `console`: a table with notes, or JSON; with `checkUpdates`, each
    /// tour's API is asked for a newer version (`token` sent to it, `timeout` seconds of patience,
    /// `interruption` ending the checks).
    public static func run(
        directory: String, language: String?, checkUpdates: Bool, token: String?, timeout: Double, json: Bool, interruption: StopToken,
        console: Console
    ) throws {
        let catalogue = try TourInput.catalogue(directory, console: console)
        for entry in catalogue.entries where entry.tour == nil {
            for problem in entry.errors.prefix(3) { console.error(TerminalText.sanitize(problem.description)) }
            console.error("\(entry.directory): skipped; run `walkscape validate \(entry.directory)` for every problem")
        }
        let tours = catalogue.entries.compactMap { entry in entry.tour.map { (entry.directory, $0) } }
        var updates: [String: UpdateChecker.Answer] = [:]
        if checkUpdates {
            // Only a token given here: the addresses come from the tours' files, so WALKSCAPE_TOKEN is not sent.
            let checker = UpdateChecker(token: token, retry: RetryPolicy(attempts: 2, initialDelay: 0.5), timeout: timeout, interruption: interruption)
            // An API that cannot be reached is not asked again for its other tours (each try costs the timeout).
            var unreachable: [String: UpdateChecker.Answer] = [:]
            for entry in catalogue.entries {
                guard let tour = entry.tour else { continue }
                let source = UpdateChecker.source(of: entry.document)
                if let source, let known = unreachable[source] {
                    updates[entry.directory] = known
                    continue
                }
                let answer = checker.check(version: tour.version, languages: tour.languages, isProtected: tour.isProtected, document: entry.document)
                if case .unreachable = answer, let source { unreachable[source] = answer }
                updates[entry.directory] = answer
            }
        }
        let area = DownloadArea(destination: catalogue.directory)
        let staged = Dictionary(area.stagedDownloads().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let installedNames = Set(tours.map { ($0.0 as NSString).lastPathComponent })
        let unfinished = staged.values.filter { !installedNames.contains($0.name) }.sorted { $0.name < $1.name }
        func document(_ directory: String) -> JSONValue? {
            catalogue.entries.first { $0.directory == directory }?.document
        }
        func state(_ directory: String, _ tour: Tour) -> (name: String, detail: String) {
            let (files, location) = TourFileState.of(tour, directory: directory)
            if case let .partial(integrity) = files {
                return ("partial", "\(integrity.missing.count) of \(integrity.assetCount) files missing")
            }
            if case let .edited(integrity) = files {
                // Every file is there, some differ from tour.json: a producer's edits, previewable as they are.
                let files = integrity.edited.map(\.asset.file)
                return ("edited", "\(files.count) of \(integrity.assetCount) files differ from tour.json (\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", …" : "")); `walkscape manifest \(TourIntegrity.shellQuoted(directory))` records them")
            }
            let download = staged[(directory as NSString).lastPathComponent].flatMap { $0.tourID == tour.id && $0.version > tour.version ? $0 : nil }
            if case let .newer(published) = updates[directory] {
                var detail = "version \(published) is published, \(tour.version) is installed"
                if let download, download.version == published {
                    detail += " (\(Formatting.bytes(download.stagedBytes)) of \(download.plannedText) of it downloaded)"
                }
                let command = location.map { TourIntegrity.downloadCommand(for: tour, document: document(directory), at: $0) } ?? "walkscape download"
                return ("outdated", detail + "; `\(command)` updates it")
            }
            if let download {
                return ("outdated", "version \(download.version) partly downloaded (\(Formatting.bytes(download.stagedBytes)) of \(download.plannedText))")
            }
            switch updates[directory] {
            case let .failed(message), let .unreachable(message): return ("complete", "could not check for updates: \(message)")
            case .unknownSource: return ("complete", "could not check for updates: tour.json does not say which API it came from (it was not downloaded by `walkscape download`)")
            default: return ("complete", "")
            }
        }
        if json {
            let items: [JSONValue] = tours.map { directory, tour in
                let lang = tour.language(for: language)
                return .object([
                    ("id", .string(tour.id)), ("directory", .string(directory)), ("slug", .string(tour.slug)),
                    ("version", .integer(tour.version)), ("title", .string(tour.title.resolved(lang, fallbacks: tour.languages))),
                    ("language", .string(lang)), ("city", .string(tour.city)),
                    ("durationMinutes", .number(formatShortNumber(tour.durationMinutes))),
                    ("distanceKm", .number(formatShortNumber(tour.distanceKm))), ("stops", .integer(tour.points.count)),
                    ("languages", .array(tour.languages.map(JSONValue.string))), ("isProtected", .bool(tour.isProtected)),
                    ("state", .string(state(directory, tour).name)),
                ] + publishedField(updates[directory]))
            }
            let downloads: [JSONValue] = unfinished.map { download in
                .object([
                    ("id", .string(download.tourID)), ("directory", .string(area.installed(download.name))), ("version", .integer(download.version)),
                    ("state", .string("partial")), ("stagedBytes", .integer(download.stagedBytes)), ("totalBytes", .integer(download.totalBytes)),
                ])
            }
            let skipped: [JSONValue] = catalogue.entries.filter { $0.tour == nil }.map { .string($0.directory) }
            console.write(JSONWriter().write(.object([("directory", .string(catalogue.directory)), ("tours", .array(items)), ("unfinishedDownloads", .array(downloads)), ("skipped", .array(skipped))])))
            return
        }
        guard !tours.isEmpty || !unfinished.isEmpty else {
            console.line("No tours in \(catalogue.directory)/ (a tour is a directory with a tour.json).")
            return
        }
        var table = TextTable(["ID", "TITLE", "CITY", "DURATION", "DISTANCE", "STOPS", "LANGUAGES", "ACCESS", "STATE"], rightAligned: [3, 4, 5])
        var notes: [String] = []
        for (directory, tour) in tours {
            let (stateName, detail) = state(directory, tour)
            if !detail.isEmpty { notes.append("\(directory): \(stateName): \(detail)") }
            let lang = tour.language(for: language)
            table.add([
                tour.id, DisplayWidth.truncate(tour.title.resolved(lang, fallbacks: tour.languages), to: 40), tour.city,
                Formatting.minutes(tour.durationMinutes), Formatting.kilometres(tour.distanceKm), String(tour.points.count),
                tour.languages.joined(separator: ","), tour.isProtected ? "protected" : "free", stateName,
            ])
        }
        // Copies of one tour (or tours that share an id by mistake): a command given the id cannot tell them apart.
        let directoriesByID = Dictionary(grouping: tours, by: { $0.1.id }).filter { $0.value.count > 1 }
        for (id, shared) in directoriesByID.sorted(by: { $0.key < $1.key }) {
            let directories = shared.map(\.0)
            notes.append("\(directories.joined(separator: ", ")): the same id \(id); commands given the id (`walkscape remove \(TourIntegrity.shellQuoted(id))`) refuse it as ambiguous: name the directory, or remove the copy")
        }
        for download in unfinished {
            table.add([download.tourID, "(not installed yet)", "", "", "", "", "", "", "partial"])
            notes.append("\(area.installed(download.name)): partial: first download unfinished (\(Formatting.bytes(download.stagedBytes)) of \(download.plannedText)); rerun `walkscape download` to finish it")
        }
        for line in table.render() { console.line(line) }
        console.line()
        for note in notes { console.line(note) }
        if !notes.isEmpty { console.line() }
        console.line("\(tours.count) tour\(tours.count == 1 ? "" : "s") in \(catalogue.directory)/")
    }

    /// The JSON fields an update check adds to a tour's entry.
    static func publishedField(_ answer: UpdateChecker.Answer?) -> [(key: String, value: JSONValue)] {
        switch answer {
        case let .current(published), let .newer(published): return [("publishedVersion", .integer(published))]
        case let .failed(message), let .unreachable(message): return [("updateCheckError", .string(message))]
        case .unknownSource: return [("updateCheckError", .string("no x-walkscape-source in tour.json"))]
        case nil: return []
        }
    }
}
