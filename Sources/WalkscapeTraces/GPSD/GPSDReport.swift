import WalkscapeCore
/// One line of gpsd's JSON protocol (`?WATCH={"enable":true,"json":true}`), as walkscape reads it: a TPV
/// report with a 2D or 3D fix becomes a `Fix`; everything else is named so that a client can tell a gpsd
/// from something else listening on the port.
///
/// Numbers from the daemon are checked here, once: a fix needs `mode` 2 or 3, a `time` inside
/// `ValueRanges.isSaneTraceTime`, a latitude within ±90° and a longitude within ±180°. Its accuracy is `eph`
/// (gpsd's 95 % horizontal error estimate, metres) when given, else the larger of `epx` and `epy`, else unknown.
public enum GPSDReport: Sendable, Equatable {
    /// A TPV report with a usable fix, and the device it came from (gpsd's `device`, when given and at most
    /// `maxDeviceNameBytes` long).
    case fix(Fix, device: String?)
    /// A TPV report without one: no fix yet (mode 0 or 1), or a time or position out of range; `reason` says which.
    case noFix(reason: String)
    /// A `DEVICE` report that says a device went away (`"activated": 0`): gpsd closed it.
    case deviceGone(String)
    /// gpsd's greeting (`VERSION`), with its release.
    case version(String)
    /// Any other class (`DEVICES`, `WATCH`, `SKY`, `ERROR`, …).
    case other(String)

    /// The longest line taken (gpsd's reports are a few hundred bytes; its own limit is 9,216).
    public static let maxLineBytes = 16_384
    /// The longest device name kept (gpsd's own limit, `GPS_PATH_MAX`, is 128 bytes): a TPV naming a longer
    /// one is still a fix, without a device.
    public static let maxDeviceNameBytes = 256

    /// The report on `line` (one JSON object, without its newline); throws when it is not JSON or has no class.
    public static func parse(_ line: [UInt8]) throws(GPSDReportError) -> GPSDReport {
        guard line.count <= maxLineBytes else { throw GPSDReportError(message: "a line of \(line.count) bytes; gpsd's reports are at most \(maxLineBytes)") }
        let value: JSONValue
        do {
            value = try JSONParser().parse(line)
        } catch {
            throw GPSDReportError(message: "not JSON (\(error)); expected one gpsd report a line")
        }
        guard let kind = value["class"]?.stringValue else { throw GPSDReportError(message: "a JSON line without a \"class\"; expected a gpsd report") }
        switch kind {
        case "TPV": return tpv(value)
        case "VERSION": return .version(value["release"]?.stringValue ?? "?")
        case "DEVICE" where value["activated"]?.doubleValue == 0: return .deviceGone(value["path"]?.stringValue ?? "?")
        default: return .other(kind)
        }
    }

    private static func tpv(_ value: JSONValue) -> GPSDReport {
        let mode = value["mode"]?.intValue ?? 0
        guard mode >= 2 else { return .noFix(reason: "mode \(mode): no fix yet") }
        guard let text = value["time"]?.stringValue, let time = ISO8601Time.parse(text), ValueRanges.isSaneTraceTime(time) else {
            return .noFix(reason: "no time between 1980 and 2100")
        }
        guard let lat = value["lat"]?.doubleValue, let lon = value["lon"]?.doubleValue, lat.isFinite, lon.isFinite,
              abs(lat) <= 90, abs(lon) <= 180 else {
            return .noFix(reason: "no latitude and longitude in range")
        }
        let device = value["device"]?.stringValue.flatMap { $0.utf8.count <= maxDeviceNameBytes ? $0 : nil }
        return .fix(Fix(time: time, location: LatLng(lat: lat, lng: lon), accuracy: accuracy(value)), device: device)
    }

    /// `eph`, else max(`epx`, `epy`), else NaN; negative, infinite or absurd values (over 100 km) are unknown.
    private static func accuracy(_ value: JSONValue) -> Double {
        func metres(_ key: String) -> Double? {
            guard let v = value[key]?.doubleValue, v.isFinite, v >= 0, v <= 100_000 else { return nil }
            return v
        }
        if let eph = metres("eph") { return eph }
        switch (metres("epx"), metres("epy")) {
        case let (x?, y?): return max(x, y)
        case let (x?, nil): return x
        case let (nil, y?): return y
        default: return .nan
        }
    }

    /// The request that turns on JSON reports, sent once after connecting.
    public static let watchRequest = Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8)
}
