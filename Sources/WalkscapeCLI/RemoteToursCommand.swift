import ArgumentParser
import Foundation
import WalkscapeSystem
import WalkscapeCore
import WalkscapeReports
import WalkscapeRemote

/// `walkscape remote tours --api URL`: the remote catalogue.
struct RemoteToursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tours",
        abstract: "List the tours of a backend (GET /tours), one line a tour.",
        discussion: """
            Reads both the API draft's and the deployed backend's shapes. ACCESS is free, protected (a voucher \
            is needed) or, with --token on the deployed backend, whether your account has access.

            Examples:
              walkscape remote tours --api https://api.example.org/v1
              walkscape remote tours --api https://api.example.org/v1 --lang en --json
            """)

    @OptionGroup var remote: RemoteOptions

    @Option(name: .customLong("lang"), help: ArgumentHelp("Language for titles (sent as ?language=; default: the locale's, else each tour's first).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Only tours in this city (sent as ?city=).", valueName: "CITY"))
    var city: String?

    @Flag(help: "Print JSON for machines instead of a table.")
    var json = false

    func run() throws {
        let console = CommandContext.console
        let interruption = InterruptWatch.interruption()
        let api = try remote.makeAPI(interruption: interruption)
        defer { api.client.close() }
        let requested = language ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment)
        let tours: [RemoteTourSummary]
        do {
            tours = try InterruptWatch.run(interruption) { () throws(RemoteError) -> [RemoteTourSummary] in
                try api.tours(language: language, city: city)
            }
        } catch let error as RemoteError {
            throw RemoteFailure.exit(error, console: console)
        }
        func title(_ tour: RemoteTourSummary) -> String {
            tour.title.resolved(requested.flatMap { tour.languages.contains($0) ? $0 : nil } ?? tour.languages.first, fallbacks: tour.languages)
        }
        func access(_ tour: RemoteTourSummary) -> String {
            guard tour.isProtected else { return "free" }
            switch tour.hasAccess {
            case true?: return "protected, yours"
            case false?: return "protected, no access"
            case nil: return "protected"
            }
        }
        if json {
            let items: [JSONValue] = tours.map { tour in
                var members: [(key: String, value: JSONValue)] = [
                    ("id", .string(tour.id)), ("slug", .string(tour.slug)), ("title", .string(title(tour))),
                    ("city", .string(tour.city)), ("durationMinutes", .number(formatShortNumber(tour.durationMinutes))),
                    ("distanceKm", .number(formatShortNumber(tour.distanceKm))), ("languages", .array(tour.languages.map(JSONValue.string))),
                    ("isProtected", .bool(tour.isProtected)),
                ]
                if let hasAccess = tour.hasAccess { members.append(("hasAccess", .bool(hasAccess))) }
                return .object(members)
            }
            console.write(JSONWriter().write(.object([("api", .string(api.baseText)), ("tours", .array(items))])))
            return
        }
        guard !tours.isEmpty else {
            console.line("No tours at \(api.baseText).")
            return
        }
        var table = TextTable(["ID", "SLUG", "TITLE", "CITY", "DURATION", "DISTANCE", "LANGUAGES", "ACCESS"], rightAligned: [4, 5])
        for tour in tours {
            table.add([
                tour.id, tour.slug, DisplayWidth.truncate(title(tour), to: 40), tour.city, Formatting.minutes(tour.durationMinutes),
                Formatting.kilometres(tour.distanceKm), tour.languages.joined(separator: ","), access(tour),
            ])
        }
        for line in table.render() { console.line(line) }
        console.line()
        console.line("\(tours.count) tour\(tours.count == 1 ? "" : "s") at \(api.baseText); fetch one with `walkscape download --api \(api.baseText) ID --lang L`")
    }
}
