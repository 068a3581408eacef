/// The rules a decoded tour must follow across fields, checked without touching the disk.
///
/// Errors: duplicate point ids, orders that are not exactly 1…N, a declared language without a track at
/// some point. Warnings: radii outside the usual 100–300 m, consecutive regions that overlap, a first
/// point far from `startingPoint`, a point farther from the route than its radius, a point numbered against
/// the route (`RouteOrder`), tracks or texts in
/// languages the tour does not declare or missing a declared one.
public struct TourRules {
    /// The usual range of trigger radii; outside it the validator warns.
    public static let usualRadiusMeters: ClosedRange<Double> = 100...300

    public var file: String

    public init(file: String) { self.file = file }

    /// Every cross-field problem of `tour`.
    public func check(_ tour: Tour) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func path(_ point: TourPoint) -> JSONPath { JSONPath([.key("points"), .index(point.fileIndex)]) }
        let byFile = tour.points.sorted { $0.fileIndex < $1.fileIndex }

        // Unique ids.
        var firstWithID: [String: TourPoint] = [:]
        for point in byFile {
            if let earlier = firstWithID[point.id] {
                problems.append(.error(file, path(point).appending("id").description,
                    "duplicate id \"\(point.id)\", already used by \(path(earlier)); every point needs its own id"))
            } else {
                firstWithID[point.id] = point
            }
        }

        // Orders exactly 1…N.
        let count = tour.points.count
        var seen: [Int: TourPoint] = [:]
        for point in byFile {
            if let earlier = seen[point.order] {
                problems.append(.error(file, path(point).appending("order").description,
                    "order \(point.order) is also used by \(path(earlier)); orders must be exactly 1…\(count)"))
            } else {
                seen[point.order] = point
            }
            if point.order > count {
                problems.append(.error(file, path(point).appending("order").description,
                    "order \(point.order) is beyond the number of points (\(count)); orders must be exactly 1…\(count)"))
            }
        }
        let missing = (1...max(1, count)).filter { seen[$0] == nil }
        if count > 0 && !missing.isEmpty {
            problems.append(.error(file, "points",
                "orders must be exactly 1…\(count) with no gaps: \(missing.map(String.init).joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing"))
        }

        // Radii.
        for point in byFile where !TourRules.usualRadiusMeters.contains(point.triggerRadiusMeters) {
            problems.append(.warning(file, path(point).appending("triggerRadiusMeters").description,
                "\(formatShortNumber(point.triggerRadiusMeters)) m is outside the usual 100–300 m; \(point.triggerRadiusMeters < 100 ? "city GPS is often 5–15 m off with jumps, small regions may be missed" : "large regions may trigger early")"))
        }

        // Languages: every declared language has a track at every point.
        for point in byFile {
            for language in tour.languages where point.track(language) == nil {
                problems.append(.error(file, path(point).appending("tracks").description,
                    "no \"\(language)\" track, but the tour's languages list \"\(language)\"; add the recording or remove the language"))
            }
            for track in point.tracks where !tour.languages.contains(track.language) {
                problems.append(.warning(file, path(point).appending("tracks").appending(track.language).description,
                    "track in \"\(track.language)\", which the tour's languages do not list; it will not be offered"))
            }
            checkTexts(point.title, at: path(point).appending("title"), tour: tour, into: &problems)
            if let description = point.description {
                checkTexts(description, at: path(point).appending("description"), tour: tour, into: &problems)
            }
        }
        checkTexts(tour.title, at: JSONPath([.key("title")]), tour: tour, into: &problems)
        for (key, text) in [("description", tour.description), ("completionMessage", tour.completionMessage)] {
            if let text { checkTexts(text, at: JSONPath([.key(key)]), tour: tour, into: &problems) }
        }

        // Consecutive regions overlapping.
        let ordered = tour.points
        if ordered.count > 1 {
            for i in 1..<ordered.count {
                let a = ordered[i - 1]
                let b = ordered[i]
                let d = Geodesy.distance(a.location, b.location)
                if d < a.triggerRadiusMeters + b.triggerRadiusMeters {
                    problems.append(.warning(file, path(b).description,
                        "region of point \(b.order) overlaps point \(a.order)'s: centres \(formatFixed(d, 0)) m apart < \(formatShortNumber(a.triggerRadiusMeters)) + \(formatShortNumber(b.triggerRadiusMeters)) m; entering both at once queues point \(b.order) right behind point \(a.order)"))
                }
            }
        }

        // First point far from the starting point.
        if let first = ordered.first {
            let d = Geodesy.distance(tour.startingPoint, first.location)
            if d > first.triggerRadiusMeters {
                problems.append(.warning(file, "startingPoint",
                    "the starting point is \(formatFixed(d, 0)) m from point 1, outside its \(formatShortNumber(first.triggerRadiusMeters)) m region; walkers starting there hear nothing until they reach it"))
            }
        }

        // Points the route never comes near.
        if let route = tour.route, route.points.count > 1 {
            for point in ordered {
                let d = Geodesy.distance(from: point.location, toPath: route.points)
                if d > point.triggerRadiusMeters {
                    problems.append(.warning(file, path(point).appending("location").description,
                        "point \(point.order) is \(formatFixed(d, 0)) m from the route, beyond its \(formatShortNumber(point.triggerRadiusMeters)) m radius; a walker following the route never enters it"))
                }
            }
            for (point, before, at, previousAt) in RouteOrder.pointsAgainstTheRoute(ordered, route: route.points) {
                problems.append(.warning(file, path(point).appending("order").description,
                    "point \(point.order) is numbered against the route: routePolyline passes it at \(formatFixed(at, 0)) m, before point \(before.order) (at \(formatFixed(previousAt, 0)) m), and the narrations play strictly in order; swap their orders, or reorder routePolyline"))
            }
        }
        return problems
    }

    private func checkTexts(_ text: LocalizedText, at path: JSONPath, tour: Tour, into problems: inout [Diagnostic]) {
        let absent = tour.languages.filter { text[$0] == nil }
        guard !absent.isEmpty, !text.entries.isEmpty else { return }
        problems.append(.warning(file, path.description,
            "no text in \(absent.map { "\"\($0)\"" }.joined(separator: ", ")); readers of that language see \"\(text.entries[0].language)\""))
    }
}
