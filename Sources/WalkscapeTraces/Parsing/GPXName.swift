import WalkscapeCore
/// The element names the GPX (and KML) reader acts on, recognised by local name (any namespace prefix is
/// ignored): KML's `kml`, `Track` (`gx:Track`), `when`, `coord` (`gx:coord`), `LineString`, `coordinates`
/// and `Point`.
///
/// Horizontal accuracy is read from an element inside a point's `<extensions>` whose local name is one of
/// `accuracy`, `hacc`, `hAcc`, `horizontal_accuracy`, `horizontalAccuracy` or `accuracy_horizontal`
/// (e.g. `opentracks:accuracy_horizontal`); speed from `speed` and course from `course` or `bearing`, both
/// as children of the point (GPX 1.0) or anywhere in its extensions (e.g. `gpxtpx:speed`).
enum GPXName: UInt8, Sendable {
    case other
    case gpx
    case trk
    case trkseg
    case trkpt
    case rte
    case rtept
    case wpt
    case ele
    case time
    case hdop
    case pdop
    case speed
    case course
    case bearing
    case extensions
    case accuracy
    case kml
    case kmlTrack
    case when
    case coord
    case lineString
    case coordinates
    case kmlPoint

    /// The local names accepted as horizontal accuracy in extensions, as documented in docs/traces.md.
    static let accuracyNames = ["accuracy", "hacc", "hAcc", "horizontal_accuracy", "horizontalAccuracy", "accuracy_horizontal"]

    @inline(__always)
    static func matches(_ p: UnsafePointer<UInt8>, _ start: Int, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where p[start + k] != w[k] { return false }
        return true
    }

    /// Classifies the qualified name `p[start..<end]` by its local part (after the last `:`).
    @inline(__always)
    static func classify(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> GPXName {
        var s = start
        var k = end - 1
        while k >= start {
            if p[k] == UInt8(ascii: ":") {
                s = k + 1
                break
            }
            k -= 1
        }
        switch end - s {
        case 3:
            if matches(p, s, "ele") { return .ele }
            if matches(p, s, "gpx") { return .gpx }
            if matches(p, s, "trk") { return .trk }
            if matches(p, s, "rte") { return .rte }
            if matches(p, s, "wpt") { return .wpt }
            if matches(p, s, "kml") { return .kml }
        case 4:
            if matches(p, s, "time") { return .time }
            if matches(p, s, "hdop") { return .hdop }
            if matches(p, s, "pdop") { return .pdop }
            if matches(p, s, "hacc") || matches(p, s, "hAcc") { return .accuracy }
            if matches(p, s, "when") { return .when }
        case 5:
            if matches(p, s, "trkpt") { return .trkpt }
            if matches(p, s, "rtept") { return .rtept }
            if matches(p, s, "speed") { return .speed }
            if matches(p, s, "Track") { return .kmlTrack }
            if matches(p, s, "coord") { return .coord }
            if matches(p, s, "Point") { return .kmlPoint }
        case 6:
            if matches(p, s, "trkseg") { return .trkseg }
            if matches(p, s, "course") { return .course }
        case 7:
            if matches(p, s, "bearing") { return .bearing }
        case 8:
            if matches(p, s, "accuracy") { return .accuracy }
        case 10:
            if matches(p, s, "extensions") { return .extensions }
            if matches(p, s, "LineString") { return .lineString }
        case 11:
            if matches(p, s, "coordinates") { return .coordinates }
        case 18:
            if matches(p, s, "horizontalAccuracy") { return .accuracy }
        case 19:
            if matches(p, s, "horizontal_accuracy") || matches(p, s, "accuracy_horizontal") { return .accuracy }
        default:
            break
        }
        return .other
    }
}
