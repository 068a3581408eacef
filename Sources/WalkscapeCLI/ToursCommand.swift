import ArgumentParser
import WalkscapeCore
import WalkscapeTours

/// `walkscape tours [DIR]`: the catalogue of downloaded tours.
struct ToursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tours",
        abstract: "List the downloaded tours in a directory, one line a tour.",
        discussion: """
            Shows each tour's title, city, duration, distance, number of stops, languages and whether it is \
            protected (needs a voucher on the phone). Tours that cannot be read are named on standard error.

            Examples:
              walkscape tours
              walkscape tours --lang en ~/walks
              walkscape tours --json | jq '.tours[].id'
            """)

    @Argument(help: "The directory holding tour directories.")
    var directory: String = "tours"

    @OptionGroup var language: LanguageOption

    @Flag(help: "Print JSON for machines instead of a table.")
    var json = false

    func run() throws {
        let console = CommandContext.console
        let catalogue: Catalogue
        do {
            catalogue = try Catalogue(directory: directory)
        } catch {
            console.error(error.description)
            throw CommandExit(.usage)
        }
        for entry in catalogue.entries where entry.tour == nil {
            for problem in entry.errors.prefix(3) { console.error(problem.description) }
            console.error("\(entry.directory): skipped; run `walkscape validate \(entry.directory)` for every problem")
        }
        let tours = catalogue.entries.compactMap { entry in entry.tour.map { (entry.directory, $0) } }
        if json {
            let items: [JSONValue] = tours.map { directory, tour in
                let lang = tour.language(for: language.requested)
                return .object([
                    ("id", .string(tour.id)), ("directory", .string(directory)), ("slug", .string(tour.slug)),
                    ("version", .integer(tour.version)), ("title", .string(tour.title.resolved(lang, fallbacks: tour.languages))),
                    ("language", .string(lang)), ("city", .string(tour.city)),
                    ("durationMinutes", .number(formatShortNumber(tour.durationMinutes))),
                    ("distanceKm", .number(formatShortNumber(tour.distanceKm))), ("stops", .integer(tour.points.count)),
                    ("languages", .array(tour.languages.map(JSONValue.string))), ("isProtected", .bool(tour.isProtected)),
                ])
            }
            let skipped: [JSONValue] = catalogue.entries.filter { $0.tour == nil }.map { .string($0.directory) }
            console.write(JSONWriter().write(.object([("directory", .string(catalogue.directory)), ("tours", .array(items)), ("skipped", .array(skipped))])))
            return
        }
        guard !tours.isEmpty else {
            console.line("No tours in \(catalogue.directory)/ (a tour is a directory with a tour.json).")
            return
        }
        var table = TextTable(["ID", "TITLE", "CITY", "DURATION", "DISTANCE", "STOPS", "LANGUAGES", "ACCESS"], rightAligned: [3, 4, 5])
        for (_, tour) in tours {
            let lang = tour.language(for: language.requested)
            table.add([
                tour.id, DisplayWidth.truncate(tour.title.resolved(lang, fallbacks: tour.languages), to: 40), tour.city,
                Formatting.minutes(tour.durationMinutes), Formatting.kilometres(tour.distanceKm), String(tour.points.count),
                tour.languages.joined(separator: ","), tour.isProtected ? "protected" : "free",
            ])
        }
        for line in table.render() { console.line(line) }
        console.line()
        console.line("\(tours.count) tour\(tours.count == 1 ? "" : "s") in \(catalogue.directory)/")
    }
}
