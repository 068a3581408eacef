import WalkscapeCore
import WalkscapeReports
import WalkscapeRemoteModel

/// `walkscape remote tours`: the catalogue an API answered, as a table for people or JSON for tools.
public enum RemoteCatalogueReport {
    /// The report, as text to write as it is; `api` is the API's base as the user gave it, `language` the
    /// one titles are shown in when a tour has it.
    public static func lines(_ tours: [RemoteTourSummary], api: String, language: String?, json: Bool) -> [String] {
        func title(_ tour: RemoteTourSummary) -> String {
            tour.title.resolved(language.flatMap { tour.languages.contains($0) ? $0 : nil } ?? tour.languages.first, fallbacks: tour.languages)
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
            return [JSONWriter().write(.object([("api", .string(api)), ("tours", .array(items))]))]
        }
        guard !tours.isEmpty else {
            return ["No tours at \(api).\n"]
        }
        var table = TextTable(["ID", "SLUG", "TITLE", "CITY", "DURATION", "DISTANCE", "LANGUAGES", "ACCESS"], rightAligned: [4, 5])
        for tour in tours {
            table.add([
                tour.id, tour.slug, DisplayWidth.truncate(title(tour), to: 40), tour.city, Formatting.minutes(tour.durationMinutes),
                Formatting.kilometres(tour.distanceKm), tour.languages.joined(separator: ","), access(tour),
            ])
        }
        return table.render().map { $0 + "\n" } + ["\n",
            "\(tours.count) tour\(tours.count == 1 ? "" : "s") at \(api); fetch one with `walkscape download --api \(api) ID --lang L`\n"]
    }
}
