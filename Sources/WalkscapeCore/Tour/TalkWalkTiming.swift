import Foundation

/// Talk time against walk time: for each leg of a tour, how long walkers take from leaving point n's region
/// to entering point n+1's, against how long point n's narration lasts in each language. A narration longer
/// than its walk queues (walkers wait at the next stop); one much shorter leaves a long silence. Also the
/// tour's announced distance and duration against what its points and recordings add up to.
///
/// Pure: the narration lengths are given (measured by the caller); the route is the tour's polyline.
public struct TalkWalkTiming: Sendable, Equatable {
    /// Walking speeds in m/s.
    public struct Speeds: Sendable, Equatable {
        public var slow: Double
        public var given: Double
        public var brisk: Double

        /// `given`, with a slow walker at 0.9 m/s and a brisk one at 1.5 m/s (kept around `given`).
        public init(given: Double) {
            self.given = given
            slow = min(0.9, given)
            brisk = max(1.5, given)
        }

        public init(slow: Double, given: Double, brisk: Double) {
            self.slow = slow
            self.given = given
            self.brisk = brisk
        }
    }

    /// One point's narration in one language against the walk that follows it.
    public struct Narration: Sendable, Equatable {
        public var language: String
        public var seconds: Double
        /// Seconds walkers wait at the next stop for the narration to end, at the given speed (0 when none).
        public var waitSeconds: Double
        /// Seconds of silence before the next point, at the given speed (0 when none).
        public var silenceSeconds: Double
    }

    /// One leg: from point `from` to point `to`.
    public struct Leg: Sendable, Equatable {
        public var from: Int
        public var to: Int
        /// Centre to centre, along the route when it is used, else in a straight line.
        public var centreMeters: Double
        /// From leaving `from`'s region to entering `to`'s (0 when the regions touch or overlap).
        public var walkMeters: Double
        /// Whether the distances follow the route (false: a straight line, no usable route).
        public var alongRoute: Bool
        /// `walkMeters` at the slow, given and brisk speeds.
        public var walkSeconds: (slow: Double, given: Double, brisk: Double)
        /// Point `from`'s narration in each language that has it, in the tour's language order.
        public var narrations: [Narration]

        public static func == (lhs: Leg, rhs: Leg) -> Bool {
            lhs.from == rhs.from && lhs.to == rhs.to && lhs.centreMeters == rhs.centreMeters && lhs.walkMeters == rhs.walkMeters
                && lhs.alongRoute == rhs.alongRoute && lhs.walkSeconds == rhs.walkSeconds && lhs.narrations == rhs.narrations
        }
    }

    /// What the tour announces against what it adds up to.
    public struct Totals: Sendable, Equatable {
        public var announcedKm: Double
        /// The route's length when there is one, else the points' legs (first to last) in straight lines.
        public var computedKm: Double
        /// Whether `computedKm` is the route's length.
        public var fromRoute: Bool
        public var announcedMinutes: Double
        /// Per language with recordings measured: walking the whole distance, plus the waits for narrations that outlast their walk,
        /// plus the last point's narration, at the brisk and slow speeds (minutes).
        public var computedMinutes: [(language: String, brisk: Double, slow: Double)]

        public static func == (lhs: Totals, rhs: Totals) -> Bool {
            lhs.announcedKm == rhs.announcedKm && lhs.computedKm == rhs.computedKm && lhs.fromRoute == rhs.fromRoute && lhs.announcedMinutes == rhs.announcedMinutes
                && lhs.computedMinutes.map(\.language) == rhs.computedMinutes.map(\.language)
                && lhs.computedMinutes.map(\.brisk) == rhs.computedMinutes.map(\.brisk)
                && lhs.computedMinutes.map(\.slow) == rhs.computedMinutes.map(\.slow)
        }
    }

    /// One finding for people, with the point it is about.
    public struct Finding: Sendable, Equatable {
        /// The point the finding is about (nil: the whole tour).
        public var point: Int?
        /// The leg, by the order of the point it starts from (nil: the whole tour).
        public var leg: Int?
        public var message: String
    }

    public var speeds: Speeds
    public var legs: [Leg]
    public var totals: Totals
    /// Narrations that outlast their walk (at the given speed) by at least `waitThreshold`, silences of at least
    /// `silenceThreshold`, and announced totals off by more than the slack.
    public var findings: [Finding]

    /// Walkers waiting less than this (seconds) is not worth a warning.
    public static let waitThreshold = 10.0
    /// Silences shorter than this (seconds) are not worth a warning.
    public static let silenceThreshold = 60.0
    /// An announced distance within this fraction of the computed one is fine.
    public static let distanceSlack = 0.25
    /// An announced duration within this fraction outside the brisk…slow range is fine.
    public static let durationSlack = 0.2

    /// Computes the timing of `tour`'s legs; `narrationSeconds[order][language]` is each recording's length
    /// (a recording missing from it is left out).
    public static func compute(_ tour: Tour, narrationSeconds: [Int: [String: Double]], speed: Double) -> TalkWalkTiming {
        let speeds = Speeds(given: speed)
        let points = tour.points.sorted { $0.order < $1.order }
        let route = tour.route?.points ?? []
        var legs: [Leg] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let along = routeSection(route, from: a.location, to: b.location)
            let path = along ?? [a.location, b.location]
            let centre = Geodesy.pathLength(path)
            let exit = firstDistanceAlong(path, leaving: a.location, radius: a.triggerRadiusMeters)
            let entry = firstDistanceAlong(path, entering: b.location, radius: b.triggerRadiusMeters)
            let walk = max(0, entry - exit)
            let seconds = (slow: walk / speeds.slow, given: walk / speeds.given, brisk: walk / speeds.brisk)
            let narrations = tour.languages.compactMap { language -> Narration? in
                guard let length = narrationSeconds[a.order]?[language] else { return nil }
                return Narration(language: language, seconds: length, waitSeconds: max(0, length - seconds.given), silenceSeconds: max(0, seconds.given - length))
            }
            legs.append(Leg(from: a.order, to: b.order, centreMeters: centre, walkMeters: walk, alongRoute: along != nil, walkSeconds: seconds, narrations: narrations))
        }
        let legsMeters = legs.reduce(0) { $0 + $1.centreMeters }
        let computedMeters = route.count >= 2 ? max(Geodesy.pathLength(route), legsMeters) : legsMeters
        var minutes: [(language: String, brisk: Double, slow: Double)] = []
        for language in tour.languages where narrationSeconds.values.contains(where: { $0[language] != nil }) {
            func total(_ v: Double) -> Double {
                var seconds = computedMeters / v
                for leg in legs {
                    guard let length = narrationSeconds[leg.from]?[language] else { continue }
                    seconds += max(0, length - leg.walkMeters / v)
                }
                if let last = points.last, let length = narrationSeconds[last.order]?[language] { seconds += length }
                return seconds / 60
            }
            minutes.append((language, total(speeds.brisk), total(speeds.slow)))
        }
        let totals = Totals(
            announcedKm: tour.distanceKm, computedKm: computedMeters / 1000, fromRoute: route.count >= 2, announcedMinutes: tour.durationMinutes, computedMinutes: minutes)
        var timing = TalkWalkTiming(speeds: speeds, legs: legs, totals: totals, findings: [])
        timing.findings = timing.makeFindings()
        return timing
    }

    /// The findings as `validate` warnings: one per leg (in the tour's first language that has one; the others
    /// are in `info --timing`), then the announced totals.
    public func warnings(file: String, tour: Tour) -> [Diagnostic] {
        var seen = Set<Int>()
        return findings.compactMap { finding in
            guard let order = finding.point, let leg = finding.leg else { return .warning(file, "", finding.message) }
            guard seen.insert(leg).inserted, let point = tour.points.first(where: { $0.order == order }) else { return nil }
            return .warning(file, "points[\(point.fileIndex)]", finding.message + "; see `walkscape info --timing`")
        }
    }

    func makeFindings() -> [Finding] {
        var findings: [Finding] = []
        let at = "at \(formatShortNumber(speeds.given)) m/s"
        for leg in legs {
            for narration in leg.narrations {
                if narration.waitSeconds >= Self.waitThreshold {
                    findings.append(Finding(point: leg.from, leg: leg.from, message:
                        "point \(leg.from)'s narration (\(formatClock(narration.seconds)), \(narration.language)) outlasts the walk to point \(leg.to) "
                        + "(\(formatClock(leg.walkSeconds.given)) \(at)): walkers wait about \(formatClock(narration.waitSeconds))"))
                } else if narration.silenceSeconds >= Self.silenceThreshold {
                    findings.append(Finding(point: leg.to, leg: leg.from, message:
                        "\(formatClock(narration.silenceSeconds)) of silence before point \(leg.to) \(at) "
                        + "(point \(leg.from)'s narration, \(narration.language), lasts \(formatClock(narration.seconds)) of a \(formatClock(leg.walkSeconds.given)) walk)"))
                }
            }
        }
        let announced = totals.announcedKm, computed = totals.computedKm
        if computed > 0, abs(announced - computed) > Self.distanceSlack * computed {
            findings.append(Finding(point: nil, leg: nil, message:
                "distanceKm announces \(formatShortNumber(announced)) km; the " + (totals.fromRoute ? "route adds" : "stops, one to the next, add")
                + " up to \(formatFixed(computed, 1)) km"))
        }
        if let fastest = totals.computedMinutes.map(\.brisk).min(), let slowest = totals.computedMinutes.map(\.slow).max(), slowest > 0 {
            let low = fastest * (1 - Self.durationSlack), high = slowest * (1 + Self.durationSlack)
            if totals.announcedMinutes < low || totals.announcedMinutes > high {
                findings.append(Finding(point: nil, leg: nil, message:
                    "durationMinutes announces \(formatShortNumber(totals.announcedMinutes)) min; walking and listening add up to "
                    + "\(formatFixed(fastest, 0))–\(formatFixed(slowest, 0)) min (\(formatShortNumber(speeds.brisk))–\(formatShortNumber(speeds.slow)) m/s)"))
            }
        }
        return findings
    }

    /// The part of `route` from its closest approach to `a` to its closest approach to `b` (those two
    /// positions included), or nil when the route is too short, runs the other way, or passes more than
    /// 100 m from either point (then the leg is taken as a straight line).
    static func routeSection(_ route: [LatLng], from a: LatLng, to b: LatLng) -> [LatLng]? {
        guard route.count >= 2, let start = closest(route, to: a), let end = closest(route, to: b) else { return nil }
        guard start.distance <= 100, end.distance <= 100 else { return nil }
        guard (end.segment, end.fraction) > (start.segment, start.fraction) else { return nil }
        var section = [start.location]
        if end.segment > start.segment { section += route[(start.segment + 1)...end.segment] }
        section.append(end.location)
        // A point's centre off the route joins it at its nearest position.
        return [a] + section + [b]
    }

    /// The position on `route` nearest to `point`: segment index, fraction along it, the position, its distance.
    static func closest(_ route: [LatLng], to point: LatLng) -> (segment: Int, fraction: Double, location: LatLng, distance: Double)? {
        var best: (Int, Double, LatLng, Double)?
        for index in route.indices.dropLast() {
            let (fraction, location) = nearest(on: route[index], route[index + 1], to: point)
            let distance = Geodesy.distance(location, point)
            if best == nil || distance < best!.3 { best = (index, fraction, location, distance) }
        }
        return best.map { ($0.0, $0.1, $0.2, $0.3) }
    }

    /// The nearest position to `p` on the segment `a`–`b` (a local flat projection: legs are short).
    static func nearest(on a: LatLng, _ b: LatLng, to p: LatLng) -> (Double, LatLng) {
        let k = cosDegrees((a.lat + b.lat) / 2)
        let dx = (b.lng - a.lng) * k, dy = b.lat - a.lat
        let px = (p.lng - a.lng) * k, py = p.lat - a.lat
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(1, max(0, (px * dx + py * dy) / length)) : 0
        return (t, interpolate(a, b, t))
    }

    static func interpolate(_ a: LatLng, _ b: LatLng, _ t: Double) -> LatLng {
        LatLng(lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t)
    }

    static func cosDegrees(_ degrees: Double) -> Double { cos(degrees * .pi / 180) }

    /// How far along `path` walkers are when they first leave the region of `centre` (radius `radius`), to a
    /// centimetre; 0 when the path starts outside it, the path's length when it never leaves.
    static func firstDistanceAlong(_ path: [LatLng], leaving centre: LatLng, radius: Double) -> Double {
        crossing(path) { Geodesy.distance($0, centre) > radius } ?? Geodesy.pathLength(path)
    }

    /// How far along `path` walkers are when they first enter the region of `centre` after leaving where they
    /// started; the path's length when they never do.
    static func firstDistanceAlong(_ path: [LatLng], entering centre: LatLng, radius: Double) -> Double {
        crossing(path) { Geodesy.distance($0, centre) <= radius } ?? Geodesy.pathLength(path)
    }

    /// The distance along `path` of the first position where `condition` holds (bisected to 1 cm within the
    /// segment where it first does), or nil.
    static func crossing(_ path: [LatLng], where condition: (LatLng) -> Bool) -> Double? {
        guard let first = path.first else { return nil }
        if condition(first) { return 0 }
        var travelled = 0.0
        for (a, b) in zip(path, path.dropFirst()) {
            let length = Geodesy.distance(a, b)
            // Steps of at most 5 m, so a region crossed within one long segment is not stepped over.
            let steps = max(1, Int((length / 5).rounded(.up)))
            var previous = 0.0
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                if condition(interpolate(a, b, t)) {
                    var low = previous, high = t
                    while (high - low) * length > 0.01 {
                        let middle = (low + high) / 2
                        if condition(interpolate(a, b, middle)) { high = middle } else { low = middle }
                    }
                    return travelled + high * length
                }
                previous = t
            }
            travelled += length
        }
        return nil
    }
}
