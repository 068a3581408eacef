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
        guard trace.count > 0, !isNone else { return trace }
        var columns = FixColumns()
        var kept: [Int32] = []
        perturb(FixColumns(trace), rng: &rng, into: &columns, kept: &kept)
        var out = Trace()
        out.reserveCapacity(columns.count)
        var segments = trace.segmentStarts.makeIterator()
        var nextSegment = segments.next() ?? Int.max
        var previous = -1
        let reportsAccuracy = sigmaMeters > 0 || jumpsPerHour > 0
        for k in 0..<columns.count {
            let i = Int(kept[k])
            while nextSegment <= i {
                if nextSegment > previous { out.startSegment() }
                nextSegment = segments.next() ?? Int.max
            }
            previous = i
            out.append(
                time: columns.times[k], lat: columns.latitudes[k], lng: columns.longitudes[k], elevation: trace.elevations[i],
                accuracy: reportsAccuracy ? Float(columns.accuracies[k]) : trace.accuracies[i], hdop: trace.hdops[i])
        }
        if out.count > 0 && out.segmentStarts.first != 0 { out.segmentStarts.insert(0, at: 0) }
        return out
    }

    /// The errors added to `source`, written into `out` (reused: noise trials make thousands of copies);
    /// `kept` receives the index in `source` of each fix kept. Accuracies are those a written trace would
    /// report (rounded through `Float`, the trace's column type), so the engine's accuracy gate decides
    /// the same on both.
    public func perturb(_ source: FixColumns, rng: inout SplitMix64, into out: inout FixColumns, kept: inout [Int32]) {
        let n = source.count
        out.resize(n)
        if kept.count < n { kept += repeatElement(0, count: n - kept.count) }
        guard n > 0 else { return }
        let first = source.times[0]
        let last = source.times[n - 1]

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
        let metersToLng = metersToLat / max(1e-6, cos(source.latitudes[0] * .pi / 180))
        let reportsAccuracy = sigma > 0 || jumpsPerHour > 0
        let floorAccuracy = reportsAccuracy ? max(3, 1.5 * sigma) : 0
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
        var k = 0
        source.times.withUnsafeBufferPointer { times in
        source.latitudes.withUnsafeBufferPointer { latitudes in
        source.longitudes.withUnsafeBufferPointer { longitudes in
        source.accuracies.withUnsafeBufferPointer { accuracies in
        out.times.withUnsafeMutableBufferPointer { outTimes in
        out.latitudes.withUnsafeMutableBufferPointer { outLatitudes in
        out.longitudes.withUnsafeMutableBufferPointer { outLongitudes in
        out.accuracies.withUnsafeMutableBufferPointer { outAccuracies in
        kept.withUnsafeMutableBufferPointer { keptIndices in
            for i in 0..<n {
                let t = times[i]
                if sigma > 0 && i > 0 {
                    let delta = max(0, t - times[i - 1])
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
                let known = accuracies[i]
                var accuracy = known
                if reportsAccuracy {
                    accuracy = max(floorAccuracy, known.isNaN ? 0 : known)
                    if jumpIndex < jumps.count, jumps[jumpIndex].start <= t { accuracy = max(accuracy, jumps[jumpIndex].accuracy) }
                    accuracy = Double(Float(accuracy))
                }
                if jumpIndex < jumps.count, jumps[jumpIndex].start <= t {
                    dx += jumps[jumpIndex].east
                    dy += jumps[jumpIndex].north
                }
                var lng = longitudes[i] + dx * metersToLng
                if lng > 180 { lng -= 360 } else if lng < -180 { lng += 360 }
                outTimes[k] = t
                outLatitudes[k] = min(90, max(-90, latitudes[i] + dy * metersToLat))
                outLongitudes[k] = lng
                outAccuracies[k] = accuracy
                keptIndices[k] = Int32(i)
                k += 1
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        out.count = k
    }
}
