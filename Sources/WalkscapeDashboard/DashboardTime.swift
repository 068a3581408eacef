import WalkscapeCore

/// Times as the backend stores them: JavaScript `Date`s, whole milliseconds since 1970.
public enum DashboardTime {
    /// `new Date(text).getTime()` for the ISO 8601 forms the ingest accepts (`@IsDateString`): a date alone is
    /// midnight UTC, as JavaScript reads it; a time without a zone is read as UTC (the server's zone); digits
    /// of a second past the millisecond are dropped, as JavaScript drops them. Nil when walkscape cannot read it.
    public static func milliseconds(_ text: String) -> Int64? {
        var text = Substring(text)
        if text.hasSuffix("\n") { text = text.dropLast() }
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        if bytes.count == 10 { return ISO8601Time.parse(String(text) + "T00:00:00Z").flatMap(whole) }
        // Take the fraction out ("…:SS.fff…"), read the rest to the second, add the fraction's milliseconds.
        var millis: Int64 = 0
        var rest = bytes
        if bytes.count > 19, bytes[19] == UInt8(ascii: ".") || bytes[19] == UInt8(ascii: ",") {
            var end = 20
            var digits: [UInt8] = []
            while end < bytes.count, bytes[end] >= 48, bytes[end] <= 57 {
                digits.append(bytes[end])
                end += 1
            }
            guard !digits.isEmpty else { return nil }
            for digit in (digits + [48, 48, 48]).prefix(3) { millis = millis * 10 + Int64(digit - 48) }
            rest = Array(bytes[..<19]) + Array(bytes[end...])
        }
        guard let seconds = ISO8601Time.parse(String(decoding: rest, as: UTF8.self)).flatMap(whole) else { return nil }
        return seconds + millis
    }

    /// Whole seconds as milliseconds (a parse without a fraction is a whole number of seconds).
    static func whole(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, abs(seconds) < 1e14, seconds == seconds.rounded() else { return nil }
        return Int64(seconds) * 1000
    }

    /// `Date.prototype.toISOString()`: `2026-05-09T09:00:00.000Z`, always with milliseconds.
    public static func iso(_ milliseconds: Int64) -> String {
        var ms = milliseconds % 1000
        var seconds = milliseconds / 1000
        if ms < 0 {
            ms += 1000
            seconds -= 1
        }
        let text = ISO8601Time.format(Double(seconds))  // whole seconds: "…:SSZ"
        let digits = String(ms)
        return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
