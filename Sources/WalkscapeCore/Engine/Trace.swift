/// A GPS trace as compact columns: one entry per fix in every column, fixes ordered by time.
///
/// Columns instead of an array of structs keep a million fixes in about 40 MB and let the engine scan
/// times and positions without touching the rest.
public struct Trace: Sendable, Equatable {
    /// Fix times in seconds since 1970-01-01T00:00:00Z.
    public var times: [Double] = []
    public var latitudes: [Double] = []
    public var longitudes: [Double] = []
    /// Elevation in metres, NaN when the fix has none.
    public var elevations: [Float] = []
    /// Reported horizontal accuracy in metres (an explicit accuracy field), NaN when absent.
    public var accuracies: [Float] = []
    /// Horizontal dilution of precision, NaN when absent.
    public var hdops: [Float] = []
    /// Reported ground speed in metres per second, NaN when absent.
    public var speeds: [Float] = []
    /// Reported course over ground in degrees clockwise from true north, NaN when absent.
    public var courses: [Float] = []
    /// Index of the first fix of each segment (track segment, route, line string), ascending, first is 0.
    public var segmentStarts: [Int] = []

    public init() {}

    /// The number of fixes.
    public var count: Int { times.count }

    /// Fix `i`'s position.
    public func location(_ i: Int) -> LatLng { LatLng(lat: latitudes[i], lng: longitudes[i]) }

    /// Seconds since the first fix, for fix `i` (the engine's clock).
    public func elapsed(_ i: Int) -> Double { times[i] - times[0] }

    /// The best estimate of fix `i`'s horizontal error in metres: the reported accuracy, else HDOP × 5 m
    /// (a typical user-equivalent range error), else NaN when the fix says nothing.
    public func effectiveAccuracy(_ i: Int) -> Double {
        let accuracy = accuracies[i]
        if !accuracy.isNaN { return Double(accuracy) }
        let hdop = hdops[i]
        if !hdop.isNaN { return Double(hdop) * 5 }
        return .nan
    }

    /// Appends one fix.
    public mutating func append(
        time: Double, lat: Double, lng: Double, elevation: Float = .nan, accuracy: Float = .nan, hdop: Float = .nan,
        speed: Float = .nan, course: Float = .nan
    ) {
        times.append(time)
        latitudes.append(lat)
        longitudes.append(lng)
        elevations.append(elevation)
        accuracies.append(accuracy)
        hdops.append(hdop)
        speeds.append(speed)
        courses.append(course)
    }

    /// Reserves room for `count` fixes in every column.
    public mutating func reserveCapacity(_ count: Int) {
        times.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        elevations.reserveCapacity(count)
        accuracies.reserveCapacity(count)
        hdops.reserveCapacity(count)
        speeds.reserveCapacity(count)
        courses.reserveCapacity(count)
    }

    /// Traces are equal when every column holds the same values, a missing value (NaN) matching a missing
    /// one (IEEE rules would make two readings of the same file unequal as soon as one elevation is absent).
    public static func == (lhs: Trace, rhs: Trace) -> Bool { lhs.isIdentical(to: rhs) }

    /// Whether both traces hold the same fixes bit for bit, counting NaN as equal to NaN.
    public func isIdentical(to other: Trace) -> Bool {
        func same<T: BinaryFloatingPoint>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
        return segmentStarts == other.segmentStarts && same(times, other.times) && same(latitudes, other.latitudes)
            && same(longitudes, other.longitudes) && same(elevations, other.elevations)
            && same(accuracies, other.accuracies) && same(hdops, other.hdops) && same(speeds, other.speeds)
            && same(courses, other.courses)
    }

    /// Marks the next appended fix as the start of a new segment.
    public mutating func startSegment() {
        if segmentStarts.last != count { segmentStarts.append(count) }
    }

    /// The length in metres: the sum of haversine distances between consecutive fixes of each segment.
    public var lengthMeters: Double {
        guard count > 1 else { return 0 }
        var total = 0.0
        let starts = Set(segmentStarts)
        for i in 1..<count where !starts.contains(i) {
            total += Geodesy.distance(location(i - 1), location(i))
        }
        return total
    }
}
