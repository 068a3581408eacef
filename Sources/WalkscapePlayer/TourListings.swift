import WalkscapeSystem
import Foundation
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTours

/// Builds what the catalogue and tour detail screens show from the tours on disk: texts in the user's
/// language, download state, the route, and the walks found for each tour.
public enum TourListings {
    /// Trace file endings offered as walks.
    public static let traceEndings = [".gpx", ".gpx.gz", ".nmea", ".nmea.gz", ".geojson", ".json", ".geojson.gz"]

    /// Where walks for the tours of `catalogue` are looked for, besides each tour's own `traces/`: the
    /// catalogue directory itself, then `traces/` and `fixtures/traces/` under the working directory.
    public static func searchDirectories(catalogue: String) -> [String] { [catalogue, "traces", "fixtures/traces"] }

    /// One listing per catalogue entry, readable or not; `token` (not kept) lets protected tours offer their download.
    public static func make(_ catalogue: Catalogue, language: String?, searchDirectories: [String], token: String?) -> [TourListing] {
        catalogue.entries.map { entry in
            guard let tour = entry.tour else {
                let name = entry.directory.split(separator: "/").last.map(String.init) ?? entry.directory
                return TourListing(
                    id: name, directory: entry.directory, title: TerminalText.sanitize(name), description: entry.errors.first.map { TerminalText.sanitize($0.description) } ?? "",
                    city: "", durationMinutes: 0, distanceKm: 0, languages: [], isProtected: false,
                    availability: .broken("\(entry.directory): cannot be read; run `walkscape validate \(entry.directory)`"))
            }
            return listing(tour, document: entry.document, directory: entry.directory, language: language, searchDirectories: searchDirectories, token: token)
        }
    }

    /// The listing of one readable tour. Files are checked for presence and size only (Option B's quick
    /// check); their digests are checked when a walk starts (`ReplayTour.load`).
    public static func listing(_ tour: Tour, document: JSONValue?, directory: String, language: String?, searchDirectories: [String], token: String?) -> TourListing {
        let lang = tour.language(for: language)
        let availability: TourListing.Availability
        // Edited files (present, differing from tour.json) play as they are: only missing ones stop a walk.
        switch TourFileState.of(tour, directory: directory) {
        case (.complete, _), (.edited, _): availability = .ready
        case let (.partial(integrity), location?):
            availability = .notDownloaded(
                problems: integrity.missing.map { "\($0.asset.file): \($0.kind.rawValue)" },
                fix: TourIntegrity.downloadCommand(for: tour, document: document, at: location),
                offer: TourListings.downloadOffer(document: document, tour: tour, token: token))
        case (.partial, nil), (.unreadable, _): availability = .broken("\(directory)/tour.json: cannot be read")
        }
        let points = tour.points.sorted { $0.order < $1.order }
        let basemap = (try? TourLocation(argument: directory)).flatMap { TourBasemap.basemap(tour, at: $0) }
        var walks = [TourListing.WalkChoice(name: "simulated walk", path: nil)]
        walks += traces(for: tour, directory: directory, searchDirectories: searchDirectories)
        return TourListing(
            id: tour.id, directory: directory, title: tour.title.resolved(lang, fallbacks: tour.languages),
            description: tour.description?.resolved(lang, fallbacks: tour.languages) ?? "", city: tour.city,
            durationMinutes: tour.durationMinutes, distanceKm: tour.distanceKm, languages: tour.languages, isProtected: tour.isProtected,
            availability: availability, pointTitles: points.map { $0.title.resolved(lang, fallbacks: tour.languages) },
            route: tour.route?.points ?? [],
            points: points.map { MapScene.Point(order: $0.order, location: $0.location, radiusMeters: $0.triggerRadiusMeters, state: .later) },
            walks: walks,
            underlay: basemap.map { MapUnderlay(basemap: $0, route: tour.route?.points ?? points.map(\.location)) })
    }

    /// Trace files for a tour: everything in its own `traces/` folder, and files in `searchDirectories` whose
    /// name starts with the tour's id or directory name; sorted by name.
    public static func traces(for tour: Tour, directory: String, searchDirectories: [String]) -> [TourListing.WalkChoice] {
        let base = directory.split(separator: "/").last.map(String.init) ?? tour.id
        var found: [(String, String)] = []
        func isTrace(_ name: String) -> Bool { traceEndings.contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory + "/traces")) ?? [] where isTrace(name) {
            found.append((name, directory + "/traces/" + name))
        }
        for folder in searchDirectories {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where isTrace(name) && (name.hasPrefix(tour.id) || name.hasPrefix(base)) {
                found.append((name, folder + "/" + name))
            }
        }
        var seen = Set<String>()
        return found.sorted { $0.0 < $1.0 }.compactMap { name, path in
            guard seen.insert(path).inserted else { return nil }
            // "torino-portici-clean.gpx" → "clean"
            var short = name
            for prefix in [tour.id + "-", base + "-"] where short.hasPrefix(prefix) { short.removeFirst(prefix.count) }
            for ending in traceEndings where short.lowercased().hasSuffix(ending) { short.removeLast(ending.count); break }
            return TourListing.WalkChoice(name: short.isEmpty ? name : short, path: path)
        }
    }

    /// What the detail screen can do about a tour that is not fully downloaded.
    public static func downloadOffer(document: JSONValue?, tour: Tour, token: String?) -> TourListing.DownloadOffer {
        guard let api = document?["x-walkscape-source"]?["api"]?.stringValue else { return .unknownSource }
        if tour.isProtected && token == nil { return .needsToken }
        return .runnable(host: URL(string: api)?.host ?? api)
    }

    /// The `walkscape download` arguments that fetch `tour` again, when its `tour.json` records where it came
    /// from (`x-walkscape-source`, written by `walkscape download`); nil otherwise. A protected tour also
    /// needs a `token`, which the tour does not keep and the arguments do not carry (the download passes it
    /// in the environment).
    public static func downloadArguments(document: JSONValue?, tour: Tour, directory: String, token: String?) -> [String]? {
        guard downloadOffer(document: document, tour: tour, token: token).isRunnable, let source = document?["x-walkscape-source"],
            let api = source["api"]?.stringValue
        else { return nil }
        let id = source["tourId"]?.stringValue ?? tour.id
        let parent = FilePathText.parent(of: directory)
        return ["download", "--api", api, id, "--lang", tour.languages.joined(separator: ","), "--dest", parent.isEmpty ? "." : parent]
    }
}
