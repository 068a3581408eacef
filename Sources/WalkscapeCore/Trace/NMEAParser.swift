/// A streaming NMEA 0183 log reader: `RMC` sentences give the fixes (position, date and time, speed,
/// course), `GGA` sentences of the same second add HDOP and elevation.
///
/// Any talker is accepted (`$GPRMC`, `$GNRMC`, `$GLRMC`, …). A checksum `*hh`, when present, is verified; a
/// sentence with a bad one is skipped and counted. RMC fixes with status `V` (or mode `N`) are void: skipped
/// and counted. Lines that are not sentences are counted; other sentence types are ignored. A `$` that is
/// not at the start of its line (a logger's time stamp before it) is accepted. Two-digit years are 19xx
/// from 80 up, else 20xx. The log is one segment.
public struct NMEAParser: TraceStreamParser {
    /// The walking speed in metres a second used to make up times (never needed: RMC always has one).
    public var walkSpeed: Double

    /// The part of the file kept (every track and segment by default).
    public var selection = TraceSelection()

    /// The longest line kept; longer lines are not NMEA sentences (at most 82 characters) and are skipped.
    public static let maxLineBytes = 4096
    /// Metres a second in a knot.
    static let knot = 1852.0 / 3600.0

    private var pending: [UInt8] = []
    private var skippingLongLine = false
    private var line = 0
    private var raw = RawTrace()
    private var lastFix: (key: Int, index: Int)?
    private var pendingGGA: (key: Int, hdop: Float, elevation: Float)?
    private var finished = false

    /// A reader; `fixLimit` is the most fixes it keeps before stopping with an error (`RawTrace.defaultFixLimit`).
    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, fixLimit: Int = RawTrace.defaultFixLimit) {
        self.walkSpeed = walkSpeed
        raw.fixLimit = fixLimit
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(TraceParseError) {
        guard !finished else { throw TraceParseError(line: 0, message: "bytes fed after the end of the input; expected one document per parser") }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = bytes.count
        var start = 0
        var index = 0
        while index < count {
            guard base[index] == 0x0A else {
                index += 1
                continue
            }
            // A blank line (LF, CR LF, spaces) with nothing pending is only counted: loggers pad files
            // with millions of them, and the full path below costs ten times more per line.
            if pending.isEmpty && !skippingLongLine && Self.isBlank(base, start, index) {
                line += 1
            } else {
                take(bytes, start, index)
                endLine()
            }
            index += 1
            start = index
        }
        take(bytes, start, count)
        if let limit = raw.limitError { throw limit }
    }

    /// Whether `p[start..<end]` holds only carriage returns, spaces and tabs.
    @inline(__always)
    private static func isBlank(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            let b = p[i]
            guard b == 0x0D || b == 0x20 || b == 0x09 else { return false }
            i += 1
        }
        return true
    }

    public mutating func finish() throws(TraceParseError) -> (Trace, TraceSummary) {
        var summary = try endInput()
        let trace = try TraceNormalizer(walkSpeed: walkSpeed, selection: selection).normalize(raw, into: &summary)
        if trace.count > 0 {
            summary.tracks = 1
            summary.segments = 1
        }
        return (trace, summary)
    }

    /// Ends the input: a line not ended by a newline is read, and the reader's counts are final.
    private mutating func endInput() throws(TraceParseError) -> TraceSummary {
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        if !pending.isEmpty || skippingLongLine { endLine() }
        if let limit = raw.limitError { throw limit }
        return TraceSummary(format: .nmea)
    }

    private mutating func take(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) {
        guard end > start, !skippingLongLine else { return }
        if pending.count + (end - start) > Self.maxLineBytes {
            skippingLongLine = true
            pending.removeAll()
            return
        }
        pending.append(contentsOf: bytes[start..<end])
    }

    private mutating func endLine() {
        line += 1
        defer {
            pending.removeAll(keepingCapacity: true)
            skippingLongLine = false
        }
        let here = line
        if skippingLongLine {
            raw.note(.notSentences) { "line \(here)" }
            return
        }
        var text = pending[...]
        while let last = text.last, last == 0x0D || last == 0x20 || last == 0x09 { text.removeLast() }
        while let first = text.first, first == 0x20 || first == 0x09 || first == 0xEF || first == 0xBB || first == 0xBF { text.removeFirst() }
        if text.isEmpty { return }
        guard let dollar = text.firstIndex(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") }) else {
            raw.note(.notSentences) { "line \(here)" }
            return
        }
        var body = text[(dollar + 1)...]
        if let star = body.firstIndex(of: UInt8(ascii: "*")) {
            let given = body[(star + 1)...]
            var sum: UInt8 = 0
            for b in body[..<star] { sum ^= b }
            guard given.count == 2, let high = Self.hexDigit(given[given.startIndex]), let low = Self.hexDigit(given[given.startIndex + 1]),
                high << 4 | low == sum
            else {
                raw.note(.badChecksums) { "line \(here)" }
                return
            }
            body = body[..<star]
        }
        let fields = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let address = fields.first, address.count == 5, address.first != UInt8(ascii: "P") else { return }
        let type = address.suffix(3)
        if type.elementsEqual("RMC".utf8) {
            rmc(Array(fields.dropFirst()), line: here)
        } else if type.elementsEqual("GGA".utf8) {
            gga(Array(fields.dropFirst()), line: here)
        }
    }

    /// The value of an ASCII hexadecimal digit (either case), nil for any other byte.
    @inline(__always)
    private static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }

    private static func number(_ field: ArraySlice<UInt8>) -> Double? {
        field.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            return ASCIINumber.parse(base, 0, buffer.count)
        }
    }

    /// Seconds of the day from `hhmmss[.ss]`: exactly six digits, then optionally a point and up to nine
    /// digits (anything else, such as 25 digits or an exponent, is not a time).
    static func timeOfDay(_ field: ArraySlice<UInt8>) -> Double? {
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        guard field.count >= 6, field.count <= 16 else { return nil }
        let digits = Array(field.prefix(6))
        let fraction = field.dropFirst(6)
        guard digits.allSatisfy(isDigit),
            fraction.isEmpty || (fraction.first == UInt8(ascii: ".") && fraction.dropFirst().allSatisfy(isDigit)),
            let value = number(field)
        else { return nil }
        let hours = Int(digits[0] - 48) * 10 + Int(digits[1] - 48)
        let minutes = Int(digits[2] - 48) * 10 + Int(digits[3] - 48)
        let seconds = value - Double(hours * 10_000 + minutes * 100)
        guard hours < 24, minutes < 60, seconds >= 0, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// Degrees from `ddmm.mmmm` (or `dddmm.mmmm`) and a hemisphere letter.
    private static func angle(_ field: ArraySlice<UInt8>, _ hemisphere: ArraySlice<UInt8>, negative: UInt8, positive: UInt8) -> Double? {
        guard let value = number(field), value >= 0, hemisphere.count == 1 else { return nil }
        let degrees = (value / 100).rounded(.down)
        let minutes = value - degrees * 100
        guard minutes < 60 else { return nil }
        let letter = hemisphere.first!
        guard letter == negative || letter == positive else { return nil }
        let result = degrees + minutes / 60
        return letter == negative ? -result : result
    }

    /// The key matching an RMC and a GGA of the same second: milliseconds of the day.
    private static func key(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    private mutating func rmc(_ f: [ArraySlice<UInt8>], line: Int) {
        guard f.count >= 9 else {
            raw.note(.malformedSentences) { "line \(line)" }
            return
        }
        if f[1] != [UInt8(ascii: "A")] || (f.count > 11 && f[11] == [UInt8(ascii: "N")]) {
            raw.note(.voidFixes) { "line \(line)" }
            return
        }
        guard let seconds = Self.timeOfDay(f[0]), f[8].count == 6, let date = Int(String(decoding: f[8], as: UTF8.self)) else {
            raw.note(.malformedSentences) { "line \(line)" }
            return
        }
        let day = date / 10000, month = date / 100 % 100, yy = date % 100
        let year = yy >= 80 ? 1900 + yy : 2000 + yy
        guard (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year, month) else {
            raw.note(.malformedSentences) { "line \(line)" }
            return
        }
        guard !f[2].isEmpty, !f[4].isEmpty else {
            raw.note(.missingCoordinates) { "line \(line)" }
            return
        }
        let lat = Self.angle(f[2], f[3], negative: UInt8(ascii: "S"), positive: UInt8(ascii: "N"))
        let lon = Self.angle(f[4], f[5], negative: UInt8(ascii: "W"), positive: UInt8(ascii: "E"))
        if let problem = RawTrace.coordinateProblem(lat: lat, lng: lon) {
            raw.note(problem) { "line \(line)" }
            return
        }
        let time = Double(ISO8601Time.daysFromCivil(year: year, month: month, day: day) * 86_400) + seconds
        let speed = Self.number(f[6]).map { Float($0 * Self.knot) } ?? .nan
        let course = Self.number(f[7]).map { Float($0) } ?? .nan
        let key = Self.key(seconds)
        var hdop = Float.nan
        var elevation = Float.nan
        if let gga = pendingGGA, gga.key == key {
            hdop = gga.hdop
            elevation = gga.elevation
        }
        pendingGGA = nil
        raw.append(time: time, lat: lat!, lng: lon!, elevation: elevation, accuracy: .nan, hdop: hdop, speed: speed, course: course, location: { "line \(line)" })
        lastFix = (key, raw.fixes.count - 1)
    }

    private mutating func gga(_ f: [ArraySlice<UInt8>], line: Int) {
        guard f.count >= 9, let seconds = Self.timeOfDay(f[0]) else {
            raw.note(.malformedSentences) { "line \(line)" }
            return
        }
        // Fix quality 0 means no fix: its HDOP and altitude mean nothing.
        guard f[5] != [UInt8(ascii: "0")], !f[5].isEmpty else { return }
        let hdop = Self.number(f[7]).map { Float($0) } ?? .nan
        let elevation = Self.number(f[8]).map { Float($0) } ?? .nan
        let key = Self.key(seconds)
        if let last = lastFix, last.key == key, raw.fixes.hdops[last.index].isNaN, raw.fixes.elevations[last.index].isNaN {
            raw.fixes.hdops[last.index] = hdop
            raw.fixes.elevations[last.index] = elevation
        } else {
            pendingGGA = (key, hdop, elevation)
        }
    }
}

extension NMEAParser: FixTakingTraceParser {
    /// The fixes read so far but the last one, which a GGA sentence of the same second may still complete.
    public mutating func takeFixes() -> Trace {
        let end = min(raw.fixes.count - 1, lastFix?.index ?? raw.fixes.count)
        let taken = raw.takeFixes(before: end)
        if let last = lastFix { lastFix = (last.key, last.index - taken.count) }
        return taken
    }

    public mutating func finishTaking() throws(TraceParseError) -> (raw: RawTrace, summary: TraceSummary)? {
        var summary = try endInput()
        if raw.takenCount + raw.fixes.count > 0 {
            summary.tracks = 1
            summary.segments = 1
        }
        return (raw, summary)
    }
}
