import WalkscapeCore
/// One part of a trace file as the file has it: a segment of a track (a GPX `trkseg`, a route, a GeoJSON line
/// string), with its fixes' time span and length, before any part is chosen or any fix is re-timed.
public struct TracePart: Sendable, Equatable {
    /// The track's number in the file, from 1 (GPX `trk` or `rte`, a GeoJSON LineString or MultiLineString).
    public var track: Int
    /// The segment's number within its track, from 1.
    public var segment: Int
    /// Usable fixes in the part (with or without a time).
    public var fixes: Int
    /// How many of them have a time.
    public var timedFixes: Int
    /// The earliest time in the part, in seconds since 1970-01-01T00:00:00Z; nil when no fix has one.
    public var firstTime: Double?
    /// The latest time in the part; nil when no fix has one.
    public var lastTime: Double?
    /// The haversine length in metres, in file order.
    public var lengthMeters: Double
    /// Whether `firstTime` and `lastTime` are made up (the file's fixes were timed at the walking speed because
    /// most had no time); `timedFixes` still counts the times the file gave.
    public var madeUpTimes = false

    public init(track: Int, segment: Int, fixes: Int = 0, timedFixes: Int = 0, firstTime: Double? = nil, lastTime: Double? = nil, lengthMeters: Double = 0) {
        self.track = track
        self.segment = segment
        self.fixes = fixes
        self.timedFixes = timedFixes
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.lengthMeters = lengthMeters
    }
}
