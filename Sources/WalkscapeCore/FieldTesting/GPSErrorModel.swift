import Foundation

/// How a phone's GPS gets a walk wrong, as a seeded random process added to a trace: a slowly wandering
/// offset, occasional jumps and dropouts.
///
/// - Drift: a first-order Gauss–Markov process per axis (east, north) with standard deviation
///   `sigmaMeters` and time constant `timeConstantSeconds`: x(t + Δ) = a·x(t) + √(1 − a²)·σ·n with
///   a = exp(−Δ/τ), n standard normal, started in its stationary law. City-centre phones show 5–15 m.
/// - Jumps: a Poisson process of `jumpsPerHour`; each jump moves the fixes of 1–8 s by 30–300 m
///   (log-uniform) in a uniform direction, and those fixes report an accuracy of 20–100 % of the jump.
/// - Dropouts: a Poisson process of `dropoutsPerHour`; each drops the fixes of 5–60 s (arcades, tunnels).
///   The first fix is never dropped.
///
/// With noise or jumps, each fix reports a horizontal accuracy of at least 1.5 σ (about the 68 % radius of
/// the drift) and 3 m. Random numbers come from `SplitMix64`, drawn in a fixed order (jumps, dropouts, then
/// the drift fix by fix, dropped fixes included), so the same seed always gives the same trace.
public struct GPSErrorModel: Sendable, Equatable {
    public var sigmaMeters: Double
    public var timeConstantSeconds: Double
    public var jumpsPerHour: Double
    public var dropoutsPerHour: Double

    /// The size of a jump in metres (log-uniform in this range).
    public static let jumpMeters = 30.0...300.0
    /// How long a jump lasts in seconds (uniform).
    public static let jumpSeconds = 1.0...8.0
    /// How long a dropout lasts in seconds (uniform).
    public static let dropoutSeconds = 5.0...60.0
    /// The drift's default time constant: GPS errors in streets stay correlated for tens of seconds.
    public static let defaultTimeConstant = 30.0

    public init(sigmaMeters: Double = 0, timeConstantSeconds: Double = GPSErrorModel.defaultTimeConstant, jumpsPerHour: Double = 0, dropoutsPerHour: Double = 0) {
        self.sigmaMeters = sigmaMeters
        self.timeConstantSeconds = timeConstantSeconds
        self.jumpsPerHour = jumpsPerHour
        self.dropoutsPerHour = dropoutsPerHour
    }

    /// No error at all: `apply` returns the trace as it is.
    public var isNone: Bool { sigmaMeters == 0 && jumpsPerHour == 0 && dropoutsPerHour == 0 }

    /// One jump: fixes with start ≤ t < end move by (east, north) metres and report `accuracy`.
    struct Jump {
        var start: Double
        var end: Double
        var east: Double
        var north: Double
        var accuracy: Double
    }

    /// `trace` with errors added; times are kept, dropped fixes are removed.
    public func apply(to trace: Trace, rng: inout SplitMix64) -> Trace {
        var out = Trace()
        apply(to: trace, rng: &rng, into: &out)
        return out
    }

    /// `apply(to:rng:)` writing into `out`, whose storage is reused (noise trials make thousands of copies).
    public func apply(to trace: Trace, rng: inout SplitMix64, into out: inout Trace) {
        out.times.removeAll(keepingCapacity: true)
        out.latitudes.removeAll(keepingCapacity: true)
        out.longitudes.removeAll(keepingCapacity: true)
        out.elevations.removeAll(keepingCapacity: true)
        out.accuracies.removeAll(keepingCapacity: true)
        out.hdops.removeAll(keepingCapacity: true)
        out.speeds.removeAll(keepingCapacity: true)
        out.courses.removeAll(keepingCapacity: true)
        out.segmentStarts.removeAll(keepingCapacity: true)
        guard trace.count > 0 else { return }
        if isNone {
            out = trace
            return
        }
        out.reserveCapacity(trace.count)
        let first = trace.times[0]
        let last = trace.times[trace.count - 1]

        var jumps: [Jump] = []
        if jumpsPerHour > 0 {
            let rate = jumpsPerHour / 3600
            var t = first + rng.exponential(rate: rate)
            while t <= last {
                let duration = rng.uniform(in: Self.jumpSeconds)
                let size = Self.jumpMeters.lowerBound * pow(Self.jumpMeters.upperBound / Self.jumpMeters.lowerBound, rng.uniform())
                let direction = rng.uniform() * 2 * .pi
                let reported = size * rng.uniform(in: 0.2...1)
                jumps.append(Jump(start: t, end: t + duration, east: size * sin(direction), north: size * cos(direction), accuracy: reported))
                t += duration + rng.exponential(rate: rate)
            }
        }
        var dropouts: [(start: Double, end: Double)] = []
        if dropoutsPerHour > 0 {
            let rate = dropoutsPerHour / 3600
            var t = first + rng.exponential(rate: rate)
            while t <= last {
                let duration = rng.uniform(in: Self.dropoutSeconds)
                dropouts.append((t, t + duration))
                t += duration + rng.exponential(rate: rate)
            }
        }

        let sigma = sigmaMeters
        let tau = max(timeConstantSeconds, 1e-9)
        let metersToLat = 180 / (.pi * Geodesy.earthRadiusMeters)
        let metersToLng = metersToLat / max(1e-6, cos(trace.latitudes[0] * .pi / 180))
        let floorAccuracy = sigma > 0 || jumpsPerHour > 0 ? max(3, 1.5 * sigma) : 0
        var east = 0.0
        var north = 0.0
        if sigma > 0 {
            let (a, b) = rng.normalPair()
            east = a * sigma
            north = b * sigma
        }
        var lastDelta = -1.0
        var decay = 0.0
        var innovation = 0.0
        var jumpIndex = 0
        var dropIndex = 0
        var segments = trace.segmentStarts.makeIterator()
        var nextSegment = segments.next() ?? Int.max
        var newSegment = false
        for i in 0..<trace.count {
            let t = trace.times[i]
            if i == nextSegment {
                newSegment = true
                nextSegment = segments.next() ?? Int.max
            }
            if sigma > 0 && i > 0 {
                let delta = max(0, t - trace.times[i - 1])
                if delta != lastDelta {
                    lastDelta = delta
                    decay = exp(-delta / tau)
                    innovation = (max(0, 1 - decay * decay)).squareRoot() * sigma
                }
                let (a, b) = rng.normalPair()
                east = decay * east + innovation * a
                north = decay * north + innovation * b
            }
            while dropIndex < dropouts.count && dropouts[dropIndex].end <= t { dropIndex += 1 }
            if i > 0, dropIndex < dropouts.count, dropouts[dropIndex].start <= t { continue }
            while jumpIndex < jumps.count && jumps[jumpIndex].end <= t { jumpIndex += 1 }
            var dx = east
            var dy = north
            var accuracy = max(floorAccuracy, trace.effectiveAccuracy(i).isNaN ? 0 : trace.effectiveAccuracy(i))
            if jumpIndex < jumps.count, jumps[jumpIndex].start <= t {
                dx += jumps[jumpIndex].east
                dy += jumps[jumpIndex].north
                accuracy = max(accuracy, jumps[jumpIndex].accuracy)
            }
            if newSegment {
                out.startSegment()
                newSegment = false
            }
            let lat = min(90, max(-90, trace.latitudes[i] + dy * metersToLat))
            var lng = trace.longitudes[i] + dx * metersToLng
            if lng > 180 { lng -= 360 } else if lng < -180 { lng += 360 }
            out.append(
                time: t, lat: lat, lng: lng, elevation: trace.elevations[i],
                accuracy: floorAccuracy > 0 ? Float(accuracy) : trace.accuracies[i], hdop: trace.hdops[i])
        }
        if out.count > 0 && out.segmentStarts.first != 0 { out.segmentStarts.insert(0, at: 0) }
    }
}
