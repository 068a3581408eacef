import Foundation

/// A made-up walk along a path: a walker at a varying speed, stopping where told, sampled by a GPS with
/// errors. Deterministic for a seed: the fixtures of the field-testing tests and `walkscape synth`.
///
/// - The walker starts at the path's first position at `startTime` and ends at its last.
/// - Speed: `meanSpeed` m/s varied by a Gauss–Markov process (σ = `speedVariation` × mean, τ = 20 s),
///   clipped to ±25 % of the mean.
/// - Pauses: at `Pause.alongMeters` along the path the walker stands still for `Pause.seconds`.
/// - A fix every `interval` seconds (the last one where the walk ends), then `errors` are applied.
public struct SyntheticWalk: Sendable {
    /// A stop on the way.
    public struct Pause: Sendable, Equatable {
        /// Distance along the path in metres.
        public var alongMeters: Double
        public var seconds: Double

        public init(alongMeters: Double, seconds: Double) {
            self.alongMeters = alongMeters
            self.seconds = seconds
        }
    }

    public var path: [LatLng]
    public var pauses: [Pause]
    public var meanSpeed: Double
    /// The speed's standard deviation as a fraction of the mean.
    public var speedVariation: Double
    public var interval: Double
    /// Seconds since 1970 of the first fix.
    public var startTime: Double
    public var errors: GPSErrorModel

    /// 2026-05-09T09:00:00Z, the sample traces' start.
    public static let defaultStartTime = 1_778_317_200.0
    /// The speed process's time constant in seconds.
    public static let speedTimeConstant = 20.0
    /// The speed stays within this fraction of the mean.
    public static let speedClip = 0.25

    public init(
        path: [LatLng], pauses: [Pause] = [], meanSpeed: Double = 1.2, speedVariation: Double = 0.08, interval: Double = 1,
        startTime: Double = SyntheticWalk.defaultStartTime, errors: GPSErrorModel = GPSErrorModel()
    ) {
        self.path = path
        self.pauses = pauses.sorted { $0.alongMeters < $1.alongMeters }
        self.meanSpeed = meanSpeed
        self.speedVariation = speedVariation
        self.interval = interval
        self.startTime = startTime
        self.errors = errors
    }

    /// The path a tour is walked along: its route line when it has one (at least two positions), else its
    /// starting point and then each point in order.
    public static func path(for tour: Tour) -> [LatLng] {
        if let route = tour.route, route.points.count >= 2 { return route.points }
        return [tour.startingPoint] + tour.points.sorted { $0.order < $1.order }.map(\.location)
    }

    /// A pause at each point as long as its audio (`audioSeconds` by order), where the path passes
    /// closest to the point, searching forward from the previous point's place so loops keep their order.
    public static func pauses(along path: [LatLng], at points: [(location: LatLng, seconds: Double)]) -> [Pause] {
        let cumulative = cumulativeLengths(path)
        var pauses: [Pause] = []
        var from = 0.0
        for point in points {
            let along = nearestAlong(path, cumulative, to: point.location, from: from)
            pauses.append(Pause(alongMeters: along, seconds: point.seconds))
            from = along
        }
        return pauses
    }

    /// An upper bound on the number of fixes `generate` makes: the whole path at the slowest speed plus every
    /// pause, a fix every `interval` (infinite when the speed or the interval is too small to count).
    public var fixBound: Double {
        let step = interval > 0 && interval.isFinite ? interval : 1
        let mean = meanSpeed > 0 && meanSpeed.isFinite ? meanSpeed : 1.2
        let total = Self.cumulativeLengths(path).last ?? 0
        let longest = total / (mean * (1 - Self.speedClip)) + pauses.reduce(0) { $0 + max(0, $1.seconds) }
        return longest / step + 10
    }

    /// The walk's fixes (at most `ValueRanges.maxSyntheticFixes`: a caller checks `fixBound` first).
    public func generate(seed: UInt64) -> Trace {
        var walkRandom = SplitMix64.stream(seed: seed, 1)
        var errorRandom = SplitMix64.stream(seed: seed, 2)
        var trace = Trace()
        guard let first = path.first else { return trace }
        let cumulative = Self.cumulativeLengths(path)
        let total = cumulative.last ?? 0
        let step = interval > 0 && interval.isFinite ? interval : 1
        let mean = meanSpeed > 0 && meanSpeed.isFinite ? meanSpeed : 1.2
        let sigma = max(0, speedVariation) * mean
        let decay = exp(-step / Self.speedTimeConstant)
        let innovation = (1 - decay * decay).squareRoot() * sigma
        var deviation = sigma > 0 ? walkRandom.normalPair().0 * sigma : 0

        var along = 0.0
        var segment = 0
        var pauseIndex = 0
        var pauseLeft = 0.0
        var finished = false
        var fixes = 1
        trace.startSegment()
        trace.append(time: startTime, lat: first.lat, lng: first.lng)
        let maxFixes = Int(min(Double(ValueRanges.maxSyntheticFixes), fixBound))
        while !finished && fixes < maxFixes {
            var remaining = step
            while remaining > 0 {
                if pauseLeft > 0 {
                    let wait = min(pauseLeft, remaining)
                    pauseLeft -= wait
                    remaining -= wait
                    continue
                }
                let pauseTarget: Double? = pauseIndex < pauses.count ? min(total, max(along, pauses[pauseIndex].alongMeters)) : nil
                let target = pauseTarget ?? total
                let speed = mean + min(mean * Self.speedClip, max(-mean * Self.speedClip, deviation))
                if along + speed * remaining >= target {
                    remaining -= (target - along) / speed
                    along = target
                    if pauseTarget != nil {
                        pauseLeft = max(0, pauses[pauseIndex].seconds)
                        pauseIndex += 1
                    } else {
                        finished = true
                        break
                    }
                } else {
                    along += speed * remaining
                    remaining = 0
                }
            }
            if sigma > 0 { deviation = decay * deviation + innovation * walkRandom.normalPair().0 }
            let used = finished ? step - max(0, remaining) : step
            // The walk ended exactly at the previous fix: nothing new to record.
            if used <= 0 { break }
            let now = startTime + Double(fixes - 1) * step + used
            while segment + 1 < cumulative.count - 1 && cumulative[segment + 1] < along { segment += 1 }
            let position = Self.position(path, cumulative, along: along, segment: segment)
            trace.append(time: now, lat: position.lat, lng: position.lng)
            fixes += 1
        }
        return errors.apply(to: trace, rng: &errorRandom)
    }

    static func cumulativeLengths(_ path: [LatLng]) -> [Double] {
        var cumulative = [0.0]
        cumulative.reserveCapacity(path.count)
        for i in path.indices.dropFirst() { cumulative.append(cumulative[i - 1] + Geodesy.distance(path[i - 1], path[i])) }
        return cumulative
    }

    /// The position `along` metres along the path, inside segment `segment` (linear in latitude and
    /// longitude, which over a street segment is straight to the centimetre).
    static func position(_ path: [LatLng], _ cumulative: [Double], along: Double, segment: Int) -> LatLng {
        guard path.count > 1 else { return path[0] }
        let i = min(segment, path.count - 2)
        let length = cumulative[i + 1] - cumulative[i]
        let f = length > 0 ? min(1, max(0, (along - cumulative[i]) / length)) : 0
        let a = path[i]
        let b = path[i + 1]
        return LatLng(lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f)
    }

    /// The distance along the path, at or after `from`, of the path's nearest position to `p`.
    static func nearestAlong(_ path: [LatLng], _ cumulative: [Double], to p: LatLng, from: Double) -> Double {
        guard path.count > 1 else { return 0 }
        let cosLat = cos(p.lat * .pi / 180)
        let k = Geodesy.earthRadiusMeters * .pi / 180
        func project(_ q: LatLng) -> (x: Double, y: Double) { ((q.lng - p.lng) * k * cosLat, (q.lat - p.lat) * k) }
        var best = (distance: Double.infinity, along: from)
        for i in 0..<(path.count - 1) where cumulative[i + 1] >= from {
            let a = project(path[i])
            let b = project(path[i + 1])
            let dx = b.x - a.x
            let dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            let length = cumulative[i + 1] - cumulative[i]
            var f = lengthSquared > 0 ? -(a.x * dx + a.y * dy) / lengthSquared : 0
            if length > 0 { f = max(f, (from - cumulative[i]) / length) }
            f = max(0, min(1, f))
            let cx = a.x + f * dx
            let cy = a.y + f * dy
            let distance = (cx * cx + cy * cy).squareRoot()
            if distance < best.distance - 1e-9 { best = (distance, cumulative[i] + f * length) }
        }
        return best.along
    }
}
