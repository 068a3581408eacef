import Foundation

/// A named street or path that the route follows: its name, where to label it (the middle of the longest
/// stretch of route along it) and how long that stretch is.
public struct RouteStreet: Sendable, Equatable {
    public var name: String
    public var anchor: LatLng
    public var lengthMeters: Double
    /// Where along the route the stretch starts, in metres from the route's start.
    public var startMeters: Double

    public init(name: String, anchor: LatLng, lengthMeters: Double, startMeters: Double) {
        self.name = name
        self.anchor = anchor
        self.lengthMeters = lengthMeters
        self.startMeters = startMeters
    }
}

extension Basemap {
    /// The named ways the route follows for at least `minimumMeters`, in route order: the route sampled every
    /// `step` metres, each sample given to the nearest named way within `tolerance` metres (on the most
    /// detailed level), and each name's longest run of consecutive samples kept. Computed once per route (it
    /// costs milliseconds), not per frame.
    public func streets(along route: [LatLng], tolerance: Double = 12, step: Double = 5, minimumMeters: Double = 40) -> [RouteStreet] {
        guard route.count >= 2, let zoom = zooms.last, let features = levels[zoom] else { return [] }
        // Local metres around the route's first point (equirectangular: the route spans a few km at most).
        let origin = route[0]
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let cosLat = cos(origin.lat * .pi / 180)
        func local(_ p: LatLng) -> (x: Double, y: Double) { ((p.lng - origin.lng) * k * cosLat, (p.lat - origin.lat) * k) }
        struct Way {
            var name: String
            var segments: [(ax: Double, ay: Double, bx: Double, by: Double)]
            var minX: Double, minY: Double, maxX: Double, maxY: Double
        }
        var ways: [Way] = []
        for feature in features where feature.featureClass.isWay {
            guard let name = feature.name else { continue }
            var way = Way(name: name, segments: [], minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for part in feature.parts {
                let points = part.map(local)
                for (a, b) in zip(points, points.dropFirst()) {
                    way.segments.append((a.x, a.y, b.x, b.y))
                    way.minX = min(way.minX, a.x, b.x)
                    way.minY = min(way.minY, a.y, b.y)
                    way.maxX = max(way.maxX, a.x, b.x)
                    way.maxY = max(way.maxY, a.y, b.y)
                }
            }
            if !way.segments.isEmpty { ways.append(way) }
        }
        // Samples along the route.
        var samples: [(position: LatLng, x: Double, y: Double, along: Double)] = []
        var along = 0.0
        for (a, b) in zip(route, route.dropFirst()) {
            let length = Geodesy.distance(a, b)
            let count = max(1, Int((length / step).rounded(.up)))
            let la = local(a)
            let lb = local(b)
            for i in 0..<count {
                let t = Double(i) / Double(count)
                let position = LatLng(lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t)
                samples.append((position, la.x + (lb.x - la.x) * t, la.y + (lb.y - la.y) * t, along + length * t))
            }
            along += length
        }
        // The nearest named way of each sample.
        let nearest: [String?] = samples.map { sample in
            var best: (name: String, distance: Double)?
            for way in ways
            where sample.x >= way.minX - tolerance && sample.x <= way.maxX + tolerance && sample.y >= way.minY - tolerance
                && sample.y <= way.maxY + tolerance
            {
                for s in way.segments {
                    let d = Self.distance(px: sample.x, py: sample.y, s)
                    if d <= tolerance && d < (best?.distance ?? .infinity) { best = (way.name, d) }
                }
            }
            return best?.name
        }
        // The longest run of each name.
        var runs: [String: (start: Int, end: Int)] = [:]
        var i = 0
        while i < samples.count {
            guard let name = nearest[i] else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < samples.count && nearest[j + 1] == name { j += 1 }
            if let known = runs[name], known.end - known.start >= j - i {
            } else {
                runs[name] = (i, j)
            }
            i = j + 1
        }
        var streets: [RouteStreet] = []
        for (name, run) in runs {
            let length = samples[run.end].along - samples[run.start].along + step
            guard length >= minimumMeters else { continue }
            streets.append(RouteStreet(name: name, anchor: samples[(run.start + run.end) / 2].position, lengthMeters: length,
                startMeters: samples[run.start].along))
        }
        return streets.sorted { ($0.startMeters, $0.name) < ($1.startMeters, $1.name) }
    }

    static func distance(px: Double, py: Double, _ s: (ax: Double, ay: Double, bx: Double, by: Double)) -> Double {
        let dx = s.bx - s.ax
        let dy = s.by - s.ay
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((px - s.ax) * dx + (py - s.ay) * dy) / lengthSquared : 0
        t = max(0, min(1, t))
        let x = s.ax + t * dx - px
        let y = s.ay + t * dy - py
        return (x * x + y * y).squareRoot()
    }
}
