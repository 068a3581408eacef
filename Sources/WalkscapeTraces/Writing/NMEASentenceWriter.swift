import WalkscapeCore
/// NMEA 0183 sentences for outgoing fixes: a `$GPGGA` then a `$GPRMC` per fix, checksummed, CR LF line ends,
/// as a serial GPS receiver sends them (and as gpsd, gpsfake and walkscape's own reader read them).
///
/// - `$GPGGA`: UTC time, position, fix quality 1 (GPS), satellites used, HDOP (empty when unknown),
///   altitude in metres above mean sea level (empty when unknown), geoid separation left empty.
/// - `$GPRMC`: UTC time, status A, position, speed over ground in knots, course over ground in degrees
///   (empty when unknown), date `ddmmyy`, no magnetic variation, mode A (NMEA 2.3).
///
/// Precision: positions to 1e-5 minute (2 cm), times to the hundredth of a second, speed to 0.01 knot
/// (5 mm/s), course to 0.1°, HDOP to 0.1, altitude to 0.1 m.
public enum NMEASentenceWriter {
    /// Both sentences of `fix`.
    public static func sentences(_ fix: OutgoingFix) -> String { gga(fix) + rmc(fix) }

    /// Every fix's sentences, in order.
    public static func log(_ fixes: [OutgoingFix]) -> String {
        var out = ""
        for fix in fixes { out += sentences(fix) }
        return out
    }

    /// `$GPGGA,hhmmss.ss,ddmm.mmmmm,N,dddmm.mmmmm,E,1,ss,h.h,a.a,M,,M,,*hh`.
    public static func gga(_ fix: OutgoingFix) -> String {
        let stamp = Stamp(fix.time)
        let hdop = fix.hdop.isFinite && fix.hdop >= 0 ? formatFixed(min(fix.hdop, 99.9), 1) : ""
        let altitude = fix.altitude.isFinite ? formatFixed(fix.altitude, 1) : ""
        let satellites = pad(max(0, min(fix.satellites, 99)), 2)
        return sentence("GPGGA,\(stamp.time),\(latitude(fix.lat)),\(longitude(fix.lng)),1,\(satellites),\(hdop),\(altitude),M,,M,,")
    }

    /// `$GPRMC,hhmmss.ss,A,ddmm.mmmmm,N,dddmm.mmmmm,E,k.kk,c.c,ddmmyy,,,A*hh`.
    public static func rmc(_ fix: OutgoingFix) -> String {
        let stamp = Stamp(fix.time)
        let knots = fix.speed.isFinite && fix.speed >= 0 ? formatFixed(fix.speed * 3600 / 1852, 2) : ""
        let course = fix.course.isFinite ? formatFixed(fix.course, 1) : ""
        return sentence("GPRMC,\(stamp.time),A,\(latitude(fix.lat)),\(longitude(fix.lng)),\(knots),\(course),\(stamp.date),,,A")
    }

    /// `$BODY*hh\r\n`: the checksum is the XOR of every byte between `$` and `*`, two upper-case hex digits.
    public static func sentence(_ body: String) -> String {
        "$" + body + "*" + checksum(body) + "\r\n"
    }

    /// The two hex digits of `body`'s checksum.
    public static func checksum(_ body: some StringProtocol) -> String {
        var sum: UInt8 = 0
        for byte in body.utf8 { sum ^= byte }
        let hex = String(sum, radix: 16, uppercase: true)
        return hex.count < 2 ? "0" + hex : hex
    }

    /// `ddmm.mmmmm,N` or `ddmm.mmmmm,S`.
    public static func latitude(_ value: Double) -> String { angle(value, degreeDigits: 2, positive: "N", negative: "S") }
    /// `dddmm.mmmmm,E` or `dddmm.mmmmm,W`.
    public static func longitude(_ value: Double) -> String { angle(value, degreeDigits: 3, positive: "E", negative: "W") }

    static func angle(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let hundredThousandths = Int((abs(value) * 60 * 100_000).rounded())
        let degrees = hundredThousandths / 6_000_000
        let minutes = hundredThousandths % 6_000_000
        let text = pad(degrees, degreeDigits) + pad(minutes / 100_000, 2) + "." + pad(minutes % 100_000, 5)
        return text + "," + (value < 0 ? negative : positive)
    }

    /// A fix time as NMEA's `hhmmss.ss` and `ddmmyy`, rounded to the hundredth of a second.
    struct Stamp {
        var time: String
        var date: String

        init(_ seconds: Double) {
            let centis = Int((seconds * 100).rounded())
            var days = centis / 8_640_000
            var rest = centis % 8_640_000
            if rest < 0 {
                rest += 8_640_000
                days -= 1
            }
            let civil = ISO8601Time.civilFromDays(days)
            time = pad(rest / 360_000, 2) + pad(rest / 6000 % 60, 2) + pad(rest / 100 % 60, 2) + "." + pad(rest % 100, 2)
            date = pad(civil.day, 2) + pad(civil.month, 2) + pad(civil.year % 100, 2)
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
