/// ISO 8601 date-times as seconds since 1970-01-01T00:00:00Z: parsing the forms GPS files use, and the
/// one form walkscape writes.
///
/// Accepted: `YYYY-MM-DDTHH:MM[:SS[.f…]][Z|±HH:MM|±HHMM|±HH]`, with `T`, `t` or a space between date and
/// time, `.` or `,` before a fraction of any number of digits (read to the nanosecond), `z` for `Z`, and
/// surrounding white space. Without a zone the time is read as UTC and `Parsed.hasZone` is false. Second 60
/// (a leap second) is accepted and lands on the next minute's second 0.
public enum ISO8601Time {
    /// A parsed time and whether it said its zone.
    public struct Parsed: Sendable, Equatable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var seconds: Double
        /// Whether the text had `Z` or an offset; false means it was read as UTC.
        public var hasZone: Bool
    }

    /// The seconds since 1970-01-01T00:00:00Z that `text` names, or nil when it is not an ISO 8601 date-time.
    public static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parseDetailed($0)?.seconds }
    }

    /// Parses UTF-8 bytes, telling whether a zone was given.
    public static func parseDetailed(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard let base = bytes.baseAddress else { return nil }
        return parse(base, 0, bytes.count)
    }

    @inline(__always)
    static func digit(_ b: UInt8) -> Int? {
        let d = Int(b) &- 48
        return d >= 0 && d <= 9 ? d : nil
    }

    /// Parses `p[start..<end]`.
    package static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Parsed? {
        var i = start
        var e = end
        while i < e, isSpace(p[i]) { i += 1 }
        while e > i, isSpace(p[e - 1]) { e -= 1 }
        // Fixed part: YYYY-MM-DDTHH:MM
        guard e - i >= 16 else { return nil }
        func two(_ at: Int) -> Int? {
            guard let a = digit(p[at]), let b = digit(p[at + 1]) else { return nil }
            return a * 10 + b
        }
        guard let y1 = two(i), let y2 = two(i + 2), p[i + 4] == UInt8(ascii: "-"), let month = two(i + 5),
              p[i + 7] == UInt8(ascii: "-"), let day = two(i + 8)
        else { return nil }
        let separator = p[i + 10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20,
              let hour = two(i + 11), p[i + 13] == UInt8(ascii: ":"), let minute = two(i + 14)
        else { return nil }
        let year = y1 * 100 + y2
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month), hour <= 23, minute <= 59 else { return nil }
        i += 16
        var second = 0
        var fraction = 0.0
        if i < e, p[i] == UInt8(ascii: ":") {
            guard i + 3 <= e, let s = two(i + 1), s <= 60 else { return nil }
            second = s
            i += 3
            if i < e, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
                i += 1
                var nanos = 0
                var digits = 0
                while i < e, let d = digit(p[i]) {
                    if digits < 9 { nanos = nanos * 10 + d }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                if digits < 9 { for _ in digits..<9 { nanos *= 10 } }
                fraction = Double(nanos) / 1_000_000_000
            }
        }
        var offset = 0
        var hasZone = false
        if i < e {
            let z = p[i]
            if z == UInt8(ascii: "Z") || z == UInt8(ascii: "z") {
                hasZone = true
                i += 1
            } else if z == UInt8(ascii: "+") || z == UInt8(ascii: "-") {
                let sign = z == UInt8(ascii: "-") ? -1 : 1
                guard i + 3 <= e, let oh = two(i + 1), oh <= 23 else { return nil }
                i += 3
                var om = 0
                if i < e {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard i + 2 <= e, let m = two(i), m <= 59 else { return nil }
                    om = m
                    i += 2
                }
                offset = sign * (oh * 3600 + om * 60)
                hasZone = true
            } else {
                return nil
            }
        }
        guard i == e else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Parsed(seconds: Double(whole) + fraction, hasZone: hasZone)
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    package static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `2026-05-09T09:00:00Z`, or `2026-05-09T09:00:00.250Z` when the time is not a whole second
    /// (rounded to the millisecond).
    /// Trace times are always in range (`RawTrace` drops fixes outside 1980–2100); for any other value,
    /// `formatIfRepresentable` says nil instead of writing a placeholder.
    public static func format(_ seconds: Double) -> String {
        formatIfRepresentable(seconds) ?? (seconds.isNaN ? "nan" : "out of range")
    }

    /// `format(seconds)`, or nil when `seconds` is not a finite time within ±10^14 s (no date to write).
    public static func formatIfRepresentable(_ seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        let millis = Int((seconds * 1000).rounded())
        var whole = millis / 1000
        var ms = millis % 1000
        if ms < 0 {
            ms += 1000
            whole -= 1
        }
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let date = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var out = pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + "T"
        out += pad(rest / 3600, 2) + ":" + pad(rest / 60 % 60, 2) + ":" + pad(rest % 60, 2)
        if ms != 0 { out += "." + pad(ms, 3) }
        return out + "Z"
    }
}
