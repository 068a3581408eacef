import WalkscapeCore
/// One fix as it leaves walkscape for other GPS software: everything an NMEA receiver or the Android
/// emulator console reports, each value either the trace's own or derived from its neighbours.
public struct OutgoingFix: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z (UTC).
    public var time: Double
    public var lat: Double
    public var lng: Double
    /// Metres above mean sea level, NaN when unknown.
    public var altitude: Double
    /// Ground speed in metres a second (reported, else derived from the neighbouring fixes).
    public var speed: Double
    /// Course over ground, degrees clockwise from true north (0 ..< 360), NaN when unknown (standing still
    /// from the first fix on).
    public var course: Double
    /// Horizontal dilution of precision, NaN when unknown.
    public var hdop: Double
    /// Satellites used in the fix.
    public var satellites: Int
    /// Where speed and course came from.
    public var derived: Bool

    public init(
        time: Double, lat: Double, lng: Double, altitude: Double = .nan, speed: Double = 0, course: Double = .nan,
        hdop: Double = .nan, satellites: Int = OutgoingFix.defaultSatellites, derived: Bool = false
    ) {
        self.time = time
        self.lat = lat
        self.lng = lng
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.hdop = hdop
        self.satellites = satellites
        self.derived = derived
    }

    /// The satellites a fix reports when the trace does not say (traces carry no satellite counts): 8, a
    /// typical open-sky count that gpsd and the emulator take as a good 3D fix.
    public static let defaultSatellites = 8

    /// Below this many metres between two fixes the walker is standing still: the course is kept from the
    /// last move rather than computed from GPS jitter.
    public static let stillMeters = 0.5

    /// The fixes of `trace` ready to send, in order.
    ///
    /// Speed and course come from the trace where it has them. Where it does not, they are derived from the
    /// move from the previous fix of the same segment (distance ÷ time, initial bearing); the first fix of a
    /// segment uses the move to the next one. A move under `stillMeters` keeps the last course. HDOP is the
    /// trace's, else its accuracy ÷ 5 (the readers' HDOP × 5 m rule, inverted).
    public static func fixes(from trace: Trace) -> [OutgoingFix] {
        var out: [OutgoingFix] = []
        out.reserveCapacity(trace.count)
        let starts = Set(trace.segmentStarts)
        var lastCourse = Double.nan
        for i in 0..<trace.count {
            let segmentStart = i == 0 || starts.contains(i)
            var from = i - 1
            var to = i
            if segmentStart {
                from = i
                to = i + 1
                if to >= trace.count || starts.contains(to) { to = i }
                lastCourse = .nan
            }
            var speed = Double(trace.speeds[i])
            var course = Double(trace.courses[i])
            var derived = false
            if speed.isNaN || course.isNaN {
                derived = true
                let dt = from == to ? 0 : trace.times[to] - trace.times[from]
                let metres = from == to ? 0 : Geodesy.distance(trace.location(from), trace.location(to))
                if speed.isNaN { speed = dt > 0 ? metres / dt : 0 }
                if course.isNaN {
                    course = metres >= stillMeters ? Geodesy.initialBearing(from: trace.location(from), to: trace.location(to)) : lastCourse
                }
            }
            if !course.isNaN {
                course = course.truncatingRemainder(dividingBy: 360)
                if course < 0 { course += 360 }
                lastCourse = course
            }
            var hdop = Double(trace.hdops[i])
            if hdop.isNaN, !trace.accuracies[i].isNaN { hdop = Double(trace.accuracies[i]) / 5 }
            out.append(OutgoingFix(
                time: trace.times[i], lat: trace.latitudes[i], lng: trace.longitudes[i], altitude: Double(trace.elevations[i]),
                speed: speed, course: course, hdop: hdop, derived: derived))
        }
        return out
    }
}
