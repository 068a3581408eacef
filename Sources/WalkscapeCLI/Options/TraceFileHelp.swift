/// The trace formats every command that reads a GPS trace takes, as its help says them (docs/traces.md).
enum TraceFileHelp {
    /// "GPX, NMEA 0183, GeoJSON or KML, each optionally gzip-compressed".
    static let formats = "GPX (.gpx), NMEA 0183, GeoJSON or KML (.kml), each optionally gzip-compressed (.gpx.gz)"
}
