import WalkscapeCore
/// What reading a trace file found: counts of what the file holds, the time span and length of the fixes
/// kept, and one warning line for each kind of problem that did not stop reading.
public struct TraceSummary: Sendable, Equatable {
    /// The format the fixes were read from.
    public var format: TraceFormat
    /// Whether the file was gzip-compressed (set by the file reader).
    public var compressed = false
    /// Fixes kept in the trace, after dropping unusable ones.
    public var fixes = 0
    /// GPX `trk` elements; GeoJSON LineString and MultiLineString geometries; 1 for an NMEA log with fixes.
    public var tracks = 0
    /// GPX `trkseg` elements (empty ones included); GeoJSON line strings; 1 for an NMEA log with fixes.
    public var segments = 0
    /// The file's parts (segments of tracks) with their time spans, before a part is chosen.
    public var parts: [TracePart] = []
    /// GPX `rte` elements.
    public var routes = 0
    /// GPX `rtept` elements.
    public var routePoints = 0
    /// GPX `wpt` elements; GeoJSON Point (and each MultiPoint) positions. Waypoints are never fixes.
    public var waypoints = 0
    /// The first fix's time in seconds since 1970-01-01T00:00:00Z (after sorting by time), nil without fixes.
    public var firstTime: Double?
    /// The last fix's time in seconds since 1970-01-01T00:00:00Z (after sorting by time), nil without fixes.
    public var lastTime: Double?
    /// The haversine length in metres of the kept fixes, segment by segment, in file order.
    public var lengthMeters = 0.0
    /// One line for each kind of problem that did not stop reading (dropped fixes, times read as UTC, …).
    public var warnings: [String] = []
    /// Whether the fixes are a GPX file's route points, because it has no track points.
    public var usedRoutePoints = false
    /// Whether the times were made up from the walking speed, because no fix had one, most had none, or
    /// the file's times cannot be a walk's.
    public var timesSynthesized = false
    /// How many of the fixes kept had a usable time in the file.
    public var timedFixes = 0
    /// How many fixes were dropped for a time of day with no date (NMEA with no RMC or ZDA before them).
    public var undatedFixes = 0

    public init(format: TraceFormat) { self.format = format }

    /// Why the trace cannot be replayed, or nil when it has fixes to replay.
    public var replayProblem: String? {
        guard fixes == 0 else { return nil }
        let also = waypoints > 0 ? " (\(waypoints) waypoint\(waypoints == 1 ? "" : "s"), which are not fixes)" : ""
        switch format {
        case .gpx: return "no track or route points to replay" + also
        case .nmea:
            if undatedFixes > 0 {
                return "no fixes to replay: the log's \(undatedFixes) fix\(undatedFixes == 1 ? " has" : "es have") a time of day and no date (no RMC or ZDA sentence); give the walk's date with --date YYYY-MM-DD"
            }
            return "no fixes to replay (no RMC, GGA, GLL or GNS sentence with a satellite fix and a date)"
        case .geojson: return "no LineString or MultiLineString coordinates to replay" + also
        case .kml: return "no gx:Track or LineString coordinates to replay" + also
        }
    }
}
