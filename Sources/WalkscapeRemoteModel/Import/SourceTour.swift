import WalkscapeCore
/// A tour as a producer's file describes it, before it has recordings: the reference app's test-tour file
/// (`{tour, points, metadata}`), a GeoJSON FeatureCollection or a GPX file of waypoints. Texts may be plain
/// strings (in the tour's first language) or maps by language; anything may be missing and is checked in
/// `bundles`, where the tour is turned into the API's per-language answers that `TourAssembler` merges.
public struct SourceTour: Sendable {
    /// A text as the source gives it: entries by language, or one entry without a language.
    public typealias Text = [(language: String?, text: String)]

    /// One point as the source gives it.
    public struct Point: Sendable {
        /// Where it is in the source, for messages: `points[2]`, `features[4]`, `wpt #3 (line 18)`.
        public var place: String
        public var id: String?
        public var order: Int?
        public var title: Text = []
        public var description: Text = []
        public var location: LatLng?
        /// Why the location is missing or unusable, when it is.
        public var locationProblem: String?
        public var radius: Double?
        /// Fields the format does not know, kept in the point (`_instructions`, …).
        public var extras: [(key: String, value: JSONValue)] = []

        public init(place: String) { self.place = place }
    }

    /// The source file, as named on the command line.
    public var file: String
    public var id: String?
    public var slug: String?
    public var title: Text = []
    public var description: Text = []
    public var completionMessage: Text = []
    public var city: String?
    public var durationMinutes: Double?
    public var distanceKm: Double?
    /// The languages the source says the tour has, the default first (may be empty).
    public var languages: [String] = []
    public var isProtected = false
    public var startingPoint: LatLng?
    public var route: [LatLng] = []
    public var points: [Point] = []
    /// Top-level fields kept in `tour.json` as unknown fields (`metadata`, `tips`, …).
    public var extras: [(key: String, value: JSONValue)] = []

    /// The radius given to points whose source has none: the reference backend's default.
    public static let defaultRadius = 150.0

    public init(file: String) { self.file = file }

    /// The points in walking order, each with an order, an id and a location; refuses duplicate orders,
    /// gaps, duplicate ids and points without coordinates, one line each.
    public func orderedPoints() throws(TourImportError) -> [(point: Point, id: String, order: Int, location: LatLng)] {
        guard !points.isEmpty else { throw TourImportError(.invalid, "\(file): no points found; expected at least one point with a position") }
        let given = points.filter { $0.order != nil }
        if !given.isEmpty && given.count != points.count {
            let missing = points.first { $0.order == nil }!
            throw TourImportError(.invalid, "\(file): \(missing.place): no order, while other points have one; give every point its order (1, 2, …) or none (file order is then used)")
        }
        var byOrder: [Int: Point] = [:]
        var result: [(point: Point, id: String, order: Int, location: LatLng)] = []
        var ids: [String: Point] = [:]
        for (index, point) in points.enumerated() {
            let order = point.order ?? index + 1
            if let other = byOrder[order] {
                throw TourImportError(.invalid, "\(file): \(point.place): order \(order) is also the order of \(other.place); each point needs its own order from 1 to \(points.count): renumber one of them")
            }
            byOrder[order] = point
            guard let location = point.location else {
                throw TourImportError(.invalid, "\(file): \(point.place)\(point.id.map { " (\($0))" } ?? ""): \(point.locationProblem ?? "no coordinates"); every point needs a position: add it")
            }
            let id = point.id ?? "p\(order)"
            if let other = ids[id] {
                throw TourImportError(.invalid, "\(file): \(point.place): id \"\(id)\" is also the id of \(other.place); give each point its own id")
            }
            ids[id] = point
            result.append((point, id, order, location))
        }
        for expected in 1...points.count where byOrder[expected] == nil {
            let highest = byOrder.keys.max()!
            throw TourImportError(.invalid, "\(file): no point has order \(expected) (the orders go up to \(highest)); the orders must be exactly 1 to \(points.count): renumber the points")
        }
        return result.sorted { $0.order < $1.order }
    }

    /// Picks `text`'s entry for `language`: its own entry, else a plain string when `language` is `owner`
    /// (the language plain strings are taken to be in).
    static func entry(_ text: Text, _ language: String, owner: String) -> String? {
        if let own = text.first(where: { $0.language == language }) { return own.text }
        if language == owner, let plain = text.first(where: { $0.language == nil }) { return plain.text }
        return nil
    }

    /// The API's answers, one bundle per language of `languages`, with `media` giving each language's manifest
    /// entries (audio and subtitles, by point id) for the points in walking order. Numbers are checked by the
    /// API decoders (`RemoteTourDetail`, `RemotePoint`) exactly as for a download.
    public func bundles(languages: [String], id tourID: String, slug: String, city: String,
                        media: (String, [(id: String, order: Int)]) throws(TourImportError) -> (audio: [JSONValue], subtitles: [JSONValue]))
        throws(TourImportError) -> [RemoteLanguageBundle]
    {
        let ordered = try orderedPoints()
        // Plain strings are in the source's first language when it is imported, else in the first imported one.
        let owner = self.languages.first.flatMap { languages.contains($0) ? $0 : nil } ?? languages[0]
        // The walk's length: along the route imported with the points (a GPX track, a GeoJSON LineString), else
        // in straight lines from stop to stop, which is shorter than any walk between them.
        let path = route.count >= 2 ? route : ordered.map(\.location)
        var distance = 0.0
        for i in 1..<max(1, path.count) { distance += Geodesy.distance(path[i - 1], path[i]) }
        let start = startingPoint ?? ordered[0].location
        var bundles: [RemoteLanguageBundle] = []
        for language in languages {
            guard let title = SourceTour.entry(title, language, owner: owner) ?? (language == owner ? nil : SourceTour.entry(title, owner, owner: owner)) else {
                throw TourImportError(.invalid, "\(file): the tour has no title\(title.isEmpty ? "" : " in \(language)"); add one (or give --title)")
            }
            var detail: [(key: String, value: JSONValue)] = [
                ("id", .string(tourID)), ("slug", .string(slug)), ("title", .string(title)),
                ("city", .string(city)),
                ("durationMinutes", .number(formatShortNumber(durationMinutes ?? (distance / SourceTour.walkingSpeed / 60).rounded(.up)))),
                ("distanceKm", .number(formatShortNumber(distanceKm ?? (distance / 100).rounded(.up) / 10))),
                ("languages", .array(languages.map(JSONValue.string))), ("isProtected", .bool(isProtected)),
                ("startingPoint", .object([("lat", .number(String(start.lat))), ("lng", .number(String(start.lng)))])),
            ]
            if let text = SourceTour.entry(description, language, owner: owner) { detail.append(("description", .string(text))) }
            if let text = SourceTour.entry(completionMessage, language, owner: owner) { detail.append(("completionMessage", .string(text))) }
            if route.count >= 2 { detail.append(("routePolyline", .string(LatLngListPolyline.encode(route)))) }
            let parsedDetail: RemoteTourDetail
            do { parsedDetail = try RemoteTourDetail(.object(detail), language: language) } catch {
                throw TourImportError(.invalid, "\(file): \(error.path.description == "(root)" ? "" : error.path.description + ": ")\(error.message)")
            }
            var points: [RemotePoint] = []
            for entry in ordered {
                var fields: [(key: String, value: JSONValue)] = [
                    ("id", .string(entry.id)), ("order", .integer(entry.order)),
                    ("location", .object([("lat", .number(String(entry.location.lat))), ("lng", .number(String(entry.location.lng)))])),
                    ("triggerRadiusMeters", .number(formatShortNumber(entry.point.radius ?? SourceTour.defaultRadius))),
                ]
                if let text = SourceTour.entry(entry.point.title, language, owner: owner) { fields.append(("title", .string(text))) }
                if let text = SourceTour.entry(entry.point.description, language, owner: owner) { fields.append(("description", .string(text))) }
                do {
                    points.append(try RemotePoint(try RemoteFields(.object(fields), document: file)))
                } catch {
                    throw TourImportError(.invalid, "\(file): \(entry.point.place): \(error.path.description == "(root)" ? "" : error.path.description + ": ")\(error.message)")
                }
            }
            let (audio, subtitles) = try media(language, ordered.map { ($0.id, $0.order) })
            let manifestValue = JSONValue.object([
                ("tourId", .string(tourID)), ("language", .string(language)), ("version", .integer(1)),
                ("audio", .array(audio)), ("subtitles", .array(subtitles)),
            ])
            let manifest: RemoteManifest
            do { manifest = try RemoteManifest(manifestValue, language: language) } catch {
                throw TourImportError(.invalid, "\(file): \(error.description)")
            }
            bundles.append(RemoteLanguageBundle(language: language, detail: parsedDetail, points: points, manifest: manifest))
        }
        return bundles
    }

    /// The walking speed used for an announced duration the source does not give: 4.5 km/h.
    public static let walkingSpeed = 4.5 / 3.6
}
