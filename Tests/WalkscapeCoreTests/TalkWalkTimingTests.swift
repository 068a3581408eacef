import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// `TalkWalkTiming` against legs whose answer is known in closed form: straight legs along a meridian (where
/// the haversine distance is exactly R·Δφ) at constant speed, and an L-shaped route around a straight gap.
@Suite struct TalkWalkTimingTests {
    static let radius = Geodesy.earthRadiusMeters

    /// The latitude `meters` north of 45° along the meridian 7.68°.
    static func north(_ meters: Double) -> Double { 45 + meters / radius * 180 / .pi }

    /// A tour of points at (latitude, radius) along one meridian, with an optional route ("lat,lng;…").
    static func tour(_ points: [(lat: Double, lng: Double, radius: Double)], route: String? = nil, km: Double = 1, minutes: Double = 20) throws -> Tour {
        let items = points.enumerated().map { index, point in
            """
            {"id": "p\(index + 1)", "order": \(index + 1), "location": {"lat": \(point.lat), "lng": \(point.lng)}, "triggerRadiusMeters": \(point.radius),
             "title": {"it": "P\(index + 1)"}, "tracks": {"it": {"audio": {"file": "audio/it/\(index + 1).mp3"}}, "en": {"audio": {"file": "audio/en/\(index + 1).mp3"}}}}
            """
        }
        let json = """
            {"formatVersion": 1, "id": "t", "slug": "t", "version": 1, "city": "X", "durationMinutes": \(minutes), "distanceKm": \(km),
             "languages": ["it", "en"], "isProtected": false, "title": {"it": "T"},
             "startingPoint": {"lat": \(points[0].lat), "lng": \(points[0].lng)},
             \(route.map { "\"routePolyline\": \"\($0)\"," } ?? "")
             "points": [\(items.joined(separator: ","))]}
            """
        let decoded = TourDecoder(file: "tour.json").decode(try JSONParser().parse(json))
        expectTrue(decoded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(decoded.diagnostics)")
        return try #require(decoded.tour)
    }

    @Test func straightLegsAtConstantSpeed() throws {
        // 600 m between centres, radii 50 and 70: 480 m from leaving one region to entering the next.
        let tour = try Self.tour([(Self.north(0), 7.68, 50), (Self.north(600), 7.68, 70), (Self.north(900), 7.68, 30)])
        let narrations: [Int: [String: Double]] = [1: ["it": 300, "en": 500], 2: ["it": 180, "en": 120]]
        let timing = TalkWalkTiming.compute(tour, narrationSeconds: narrations, speed: 1.2)
        expectEqual(timing.legs.count, 2)
        let first = timing.legs[0]
        expectTrue(!first.alongRoute)
        expectTrue(abs(first.centreMeters - 600) < 1e-6)
        expectTrue(abs(first.walkMeters - 480) < 0.02)
        expectTrue(abs(first.walkSeconds.given - 400) < 0.02)  // 480 m at 1.2 m/s
        expectTrue(abs(first.walkSeconds.slow - 480 / 0.9) < 0.03)
        expectTrue(abs(first.walkSeconds.brisk - 320) < 0.02)
        let it = try #require(first.narrations.first { $0.language == "it" })
        expectTrue(abs(it.silenceSeconds - 100) < 0.02 && it.waitSeconds == 0)
        let en = try #require(first.narrations.first { $0.language == "en" })
        expectTrue(abs(en.waitSeconds - 100) < 0.02 && en.silenceSeconds == 0)
        // 300 m between centres, radii 70 and 30: 200 m, 166.7 s.
        expectTrue(abs(timing.legs[1].walkMeters - 200) < 0.02)
        let messages = timing.findings.map(\.message)
        expectTrue(messages.contains("1:40 of silence before point 2 at 1.2 m/s (point 1's narration, it, lasts 5:00 of a 6:40 walk)"), "\(messages)")
        expectTrue(messages.contains("point 1's narration (8:20, en) outlasts the walk to point 2 (6:40 at 1.2 m/s): walkers wait about 1:40"), "\(messages)")
        // Leg 2: it 180 s against 166.7 s waits 13 s (over the threshold); en 120 s leaves 47 s (under it).
        expectTrue(messages.contains("point 2's narration (3:00, it) outlasts the walk to point 3 (2:47 at 1.2 m/s): walkers wait about 0:13"), "\(messages)")
        expectTrue(!messages.contains { $0.contains("before point 3") })
    }

    @Test func overlappingRegionsLeaveNoWalk() throws {
        let tour = try Self.tour([(Self.north(0), 7.68, 150), (Self.north(200), 7.68, 100)])
        let timing = TalkWalkTiming.compute(tour, narrationSeconds: [1: ["it": 60]], speed: 1.2)
        expectEqual(timing.legs[0].walkMeters, 0)
        expectEqual(timing.legs[0].narrations[0].waitSeconds, 60)
    }

    @Test func aRouteAroundTheGapIsFollowed() throws {
        // Points 300 m apart east–west at 45°N; the route goes 200 m north, 300 m east and 200 m south: 700 m
        // along it, so 700 − 40 − 60 = 600 m from leaving the first region to entering the second.
        let east = 300 / (Self.radius * cos(45 * Double.pi / 180)) * 180 / .pi
        let up = Self.north(200)
        let route = "45,7.68;\(up),7.68;\(up),\(7.68 + east);45,\(7.68 + east)"
        let tour = try Self.tour([(45, 7.68, 40), (45, 7.68 + east, 60)], route: route)
        let timing = TalkWalkTiming.compute(tour, narrationSeconds: [:], speed: 1.0)
        let leg = timing.legs[0]
        expectTrue(leg.alongRoute)
        expectTrue(abs(leg.centreMeters - 700) < 0.5, "\(leg.centreMeters)")
        expectTrue(abs(leg.walkMeters - 600) < 0.5, "\(leg.walkMeters)")
        expectTrue(abs(leg.walkSeconds.given - leg.walkMeters) < 1e-9)
        expectTrue(timing.totals.fromRoute)
        expectTrue(abs(timing.totals.computedKm - 0.7) < 0.001)
    }

    @Test func announcedTotalsAreCheckedAgainstWhatThePointsAddUpTo() throws {
        // Stops 1.7 km apart announced as 0.5 km (the reference app's Milan test tour does this).
        let points = [(Self.north(0), 7.68, 50.0), (Self.north(1700), 7.68, 50.0)]
        let short = TalkWalkTiming.compute(try Self.tour(points, km: 0.5, minutes: 15), narrationSeconds: [1: ["it": 60], 2: ["it": 90]], speed: 1.2)
        expectTrue(short.findings.contains { $0.message == "distanceKm announces 0.5 km; the stops, one to the next, add up to 1.7 km" }, "\(short.findings)")
        // Walking 1700 m and listening to the last 90 s: 1700/1.5 + 90 s = 20.4 min brisk, 1700/0.9 + 90 s = 33.0 min slow.
        let minutes = try #require(short.totals.computedMinutes.first { $0.language == "it" })
        expectTrue(abs(minutes.brisk - (1700 / 1.5 + 90) / 60) < 1e-9)
        expectTrue(abs(minutes.slow - (1700 / 0.9 + 90) / 60) < 1e-9)
        expectTrue(short.findings.contains { $0.message == "durationMinutes announces 15 min; walking and listening add up to 20–33 min (1.5–0.9 m/s)" }, "\(short.findings)")
        let fitting = TalkWalkTiming.compute(try Self.tour(points, km: 1.7, minutes: 25), narrationSeconds: [1: ["it": 60], 2: ["it": 90]], speed: 1.2)
        expectTrue(!fitting.findings.contains { $0.point == nil }, "\(fitting.findings)")
    }

    @Test func validateWarningsAreOnePerLeg() throws {
        let tour = try Self.tour([(Self.north(0), 7.68, 50), (Self.north(600), 7.68, 70)], km: 0.6, minutes: 10)
        let timing = TalkWalkTiming.compute(tour, narrationSeconds: [1: ["it": 30, "en": 31], 2: ["it": 30, "en": 30]], speed: 1.2)
        expectEqual(timing.findings.count, 2)
        let warnings = timing.warnings(file: "tour.json", tour: tour)
        expectEqual(warnings.count, 1)
        expectTrue(warnings.first?.location == "points[1]")
        expectTrue(warnings.first?.message.contains("(point 1's narration, it, lasts 0:30") == true)
    }
}

/// The reference app's Milan test tour (`../shared/real/walkspace-app/milan-test-tour.json`), when present:
/// it announces 0.5 km for stops that are 1.7 km apart, and `TalkWalkTiming` must say so. The distance is
/// checked against an independent haversine here.
@Suite struct TalkWalkTimingMilanTests {
    /// Beside the repository, never copied into it; the test is skipped when it is absent.
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/real/walkspace-app/milan-test-tour.json").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: path), "the reference app's files are not here"))
    func theAnnouncedDistanceOfTheMilanTestTourIsFlagged() throws {
        let source = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))))
        let points = try #require(source["points"]?.arrayElements)
        let stops = points.compactMap { point -> (order: Int, lat: Double, lng: Double, radius: Double)? in
            guard let order = point["order"]?.intValue, let lat = point["location"]?["lat"]?.doubleValue,
                let lng = point["location"]?["lng"]?.doubleValue, let radius = point["triggerRadiusMeters"]?.doubleValue
            else { return nil }
            return (order, lat, lng, radius)
        }.sorted { $0.order < $1.order }
        expectTrue(stops.count == points.count && stops.count >= 2)
        let announced = try #require(source["tour"]?["distanceKm"]?.doubleValue)
        let tour = try TalkWalkTimingTests.tour(stops.map { ($0.lat, $0.lng, $0.radius) }, km: announced, minutes: 15)
        let timing = TalkWalkTiming.compute(tour, narrationSeconds: [:], speed: 1.2)
        // Independent: haversine with the mean Earth radius, summed stop to stop.
        func haversine(_ a: (lat: Double, lng: Double), _ b: (lat: Double, lng: Double)) -> Double {
            let p1 = a.lat * .pi / 180, p2 = b.lat * .pi / 180, dp = p2 - p1, dl = (b.lng - a.lng) * .pi / 180
            let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        }
        let meters = zip(stops, stops.dropFirst()).reduce(0.0) { $0 + haversine(($1.0.lat, $1.0.lng), ($1.1.lat, $1.1.lng)) }
        expectTrue(abs(timing.totals.computedKm * 1000 - meters) < 0.01)
        expectTrue(abs(meters - 1700) < 100, "\(meters) m")
        expectTrue(timing.findings.contains { $0.message == "distanceKm announces 0.5 km; the stops, one to the next, add up to \(formatFixed(meters / 1000, 1)) km" },
            "\(timing.findings)")
    }
}
