import WalkscapeCore
/// A streaming NMEA 0183 log reader that finds every fix a receiver wrote, as gpsd does.
///
/// **Sentences.** A sentence starts at any `$` or `!`, whatever bytes come before it (a logger's time
/// stamp, a binary protocol's packets, NUL runs), and ends at a carriage return or line feed. Binary bytes
/// (controls other than tab, CR and LF, and bytes over 0x7E) end a sentence early and are counted; a `$` or `!`
/// inside a sentence starts a new one. A checksum `*hh`, when present, is verified; a sentence with a bad one
/// is skipped and counted. UTF-16 text (little or big endian, with or without a byte order mark) is read as
/// the ASCII it holds. Any talker is accepted (`$GP`, `$GN`, `$GL`, `$GA`, `$GB`, …); proprietary `$P…`
/// sentences are ignored.
///
/// **Epochs.** The receiver's sentences of one time of day form an epoch: RMC, GGA, GLL and GNS each give a
/// position (the last valid one of the epoch wins, as in gpsd), RMC the speed and course, GGA and GNS the
/// HDOP and elevation, RMC and ZDA the date. An epoch with a position is one fix, dated by its own RMC or
/// ZDA, else by the last date seen (a day later when the time of day went back by more than 12 hours:
/// midnight passed). A fix before any date is dropped and counted. Two-digit RMC years are 19xx from 80 up,
/// else 20xx. Sentences that report no satellite fix (RMC or GLL status V, mode N; GGA quality 0; GNS mode
/// all N) are counted, never read as positions. The log is one segment.
///
/// **Live input.** `takeFixes` hands an epoch over as soon as it is complete: when the receiver's last sentence
/// of a cycle arrives (learnt from two cycles that ended the same way), or once it holds both an RMC and a
/// GGA, so that a live walk gets each fix as soon as the receiver has written it.
public struct NMEAParser: TraceStreamParser {
    /// The walking speed in metres a second used to make up times (never needed: every fix has a time).
    public var walkSpeed: Double

    /// The part of the file kept (every track and segment by default).
    public var selection = TraceSelection()

    /// The longest sentence read, in bytes; a longer run is not a sentence (NMEA allows 82 characters,
    /// receivers write up to about 200) and is counted as a line that is not one.
    public static let maxLineBytes = 1024
    /// Metres a second in a knot.
    static let knot = 1852.0 / 3600.0

    /// The sentences the epochs are made of, as bits of `Epoch.kinds`.
    enum Kind: UInt8 {
        case rmc = 1, gga = 2, gll = 4, gns = 8, zda = 16
    }

    /// What one time of day's sentences said so far.
    struct Epoch {
        /// Milliseconds of the day: the key that groups sentences.
        var key: Int
        var seconds: Double
        /// Days since 1970-01-01 from this epoch's RMC or ZDA.
        var days: Int?
        var lat = Double.nan
        var lon = Double.nan
        var positionLine = 0
        var hdop = Float.nan
        var elevation = Float.nan
        var speed = Float.nan
        var course = Float.nan
        var kinds: UInt8 = 0
        var lastKind = Kind.rmc
        /// The sentences read into this epoch, as talker (two letters) and kind (up to eight kept, without
        /// allocating): a repeat starts a new epoch.
        var sentences: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
        var sentenceCount = 0

        func holds(_ id: UInt32) -> Bool {
            withUnsafeBytes(of: sentences) { raw in
                let ids = raw.bindMemory(to: UInt32.self)
                for k in 0..<min(sentenceCount, 8) where ids[k] == id { return true }
                return false
            }
        }

        mutating func add(_ id: UInt32) {
            guard sentenceCount < 8 else { return }
            withUnsafeMutableBytes(of: &sentences) { $0.bindMemory(to: UInt32.self)[sentenceCount] = id }
            sentenceCount += 1
        }
        var hasPosition: Bool { !lat.isNaN }
    }

    // Scanning.
    private var sentence: [UInt8] = []
    private var inSentence = false
    private var sentenceLine = 0
    private var line = 1
    /// Bytes outside any sentence since the last one ended (white space not counted), and whether they
    /// held a binary byte: a run with one is counted as binary bytes, a text line as a line that is not a
    /// sentence, a text prefix before a `$` (a logger's time stamp) not at all.
    private var outsideBytes = 0
    private var outsideBinary = false
    private var outsideLine = 0
    private var fields: [Int] = []
    /// Binary bytes skipped, and the line of the first.
    private var binaryBytes = 0
    private var firstBinaryLine = 0
    /// Sentences read (their checksum right, or without one).
    private var sentences = 0
    /// The talker of the sentence being read (`GP`, `GN`, …).
    private var talker: (UInt8, UInt8) = (0, 0)
    // UTF-16.
    private enum Encoding { case undecided, bytes, utf16LittleEndian, utf16BigEndian }
    private var encoding = Encoding.undecided
    private var head: [UInt8] = []
    private var oddByte: UInt8?
    // Epochs.
    private var raw = RawTrace()
    private var epoch: Epoch?
    private var knownDays: Int?
    private var knownSeconds = 0.0
    /// The key of the epoch `takeFixes` handed over before its time ended; later sentences of it are dropped.
    private var handedOver: Int?
    private var lastEnders: (Kind?, Kind?) = (nil, nil)
    private var learntEnder: Kind?
    private var finished = false

    /// A reader; `fixLimit` is the most fixes it keeps before stopping with an error (`RawTrace.defaultFixLimit`).
    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, fixLimit: Int = RawTrace.defaultFixLimit) {
        self.walkSpeed = walkSpeed
        raw.fixLimit = fixLimit
        sentence.reserveCapacity(Self.maxLineBytes)
        fields.reserveCapacity(32)
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(TraceParseError) {
        guard !finished else { throw TraceParseError(line: 0, message: "bytes fed after the end of the input; expected one document per parser") }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        switch encoding {
        case .bytes:
            scan(UnsafeBufferPointer(start: base, count: bytes.count))
        case .undecided:
            // The first 64 bytes tell UTF-16 from bytes; until then they are held.
            head.append(contentsOf: UnsafeBufferPointer(start: base, count: bytes.count))
            guard head.count >= 64 else { return }
            decideEncoding()
            let held = head
            head = []
            held.withUnsafeBufferPointer { scanDecoded($0) }
        case .utf16LittleEndian, .utf16BigEndian:
            scanUTF16(UnsafeBufferPointer(start: base, count: bytes.count))
        }
        if let limit = raw.limitError { throw limit }
    }

    private mutating func scanDecoded(_ buffer: UnsafeBufferPointer<UInt8>) {
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian: scanUTF16(buffer)
        default: scan(buffer)
        }
    }

    /// Tells UTF-16 from bytes by a byte order mark, or by zero bytes at every other position around `$`.
    private mutating func decideEncoding() {
        encoding = .bytes
        if head.starts(with: [0xFF, 0xFE]) {
            encoding = .utf16LittleEndian
            head.removeFirst(2)
        } else if head.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16BigEndian
            head.removeFirst(2)
        } else if head.count >= 8 {
            // The first 64 bytes only, however the input was cut into pieces.
            let sample = Array(head.prefix(64))
            let even = stride(from: 0, to: sample.count - 1, by: 2).map { sample[$0] }
            let odd = stride(from: 1, to: sample.count, by: 2).map { sample[$0] }
            let text: (UInt8) -> Bool = { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) }
            if odd.allSatisfy({ $0 == 0 }) && even.allSatisfy(text) && even.contains(UInt8(ascii: "$")) {
                encoding = .utf16LittleEndian
            } else if even.allSatisfy({ $0 == 0 }) && odd.allSatisfy(text) && odd.contains(UInt8(ascii: "$")) {
                encoding = .utf16BigEndian
            }
        }
    }

    /// Reads UTF-16 code units as the bytes they stand for (a unit over 0x7F stands for a binary byte).
    private mutating func scanUTF16(_ buffer: UnsafeBufferPointer<UInt8>) {
        var units: [UInt8] = []
        units.reserveCapacity(buffer.count / 2 + 1)
        var index = 0
        if let first = oddByte, buffer.count > 0 {
            units.append(unit(first, buffer[0]))
            oddByte = nil
            index = 1
        }
        while index + 1 < buffer.count {
            units.append(unit(buffer[index], buffer[index + 1]))
            index += 2
        }
        if index < buffer.count { oddByte = buffer[index] }
        units.withUnsafeBufferPointer { scan($0) }
    }

    private func unit(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let (low, high) = encoding == .utf16LittleEndian ? (a, b) : (b, a)
        return high == 0 && low < 0x80 ? low : 0x80
    }

    /// Adds the binary run just ended to the count.
    private mutating func countBinary() {
        if binaryBytes == 0 { firstBinaryLine = outsideLine }
        binaryBytes += outsideBytes
    }

    /// Whether `b` may appear inside a sentence: printable ASCII.
    @inline(__always)
    private static func isSentenceByte(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7E }

    /// The byte scanner: sentences, and the counts of what lies between them.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let p = buffer.baseAddress else { return }
        let count = buffer.count
        var i = 0
        while i < count {
            if inSentence {
                // Find where this sentence ends within the buffer. A sentence that starts here is read in
                // place; only one cut by the buffer's end is gathered in `sentence`.
                let start = i
                if sentence.isEmpty { i += 1 }  // its `$` or `!`
                while i < count {
                    let b = p[i]
                    guard Self.isSentenceByte(b), b != 0x24, b != 0x21 else { break }
                    i += 1
                }
                if sentence.count + (i - start) > Self.maxLineBytes {
                    // Too long to be a sentence: counted as a line that is not one.
                    inSentence = false
                    sentence.removeAll(keepingCapacity: true)
                    outsideBytes = 1
                    outsideBinary = false
                    outsideLine = sentenceLine
                    continue
                }
                guard i < count else {
                    sentence.append(contentsOf: UnsafeBufferPointer(start: p + start, count: i - start))
                    return
                }
                let ender = p[i]
                let cutByBinary = !(ender == 0x0A || ender == 0x0D || ender == 0x24 || ender == 0x21)
                if sentence.isEmpty {
                    endSentence(UnsafeBufferPointer(start: p + start, count: i - start), cutByBinary: cutByBinary)
                } else {
                    sentence.append(contentsOf: UnsafeBufferPointer(start: p + start, count: i - start))
                    let whole = sentence
                    whole.withUnsafeBufferPointer { endSentence($0, cutByBinary: cutByBinary) }
                }
                inSentence = false
                sentence.removeAll(keepingCapacity: true)
                // The byte that ended the sentence is read below: a line end, the next sentence, or binary.
                continue
            }
            // Between sentences: a tight loop on locals up to the next `$` or `!` (most of a binary log's bytes).
            var bytes = outsideBytes, binary = outsideBinary, firstLine = outsideLine, here = line
            while i < count {
                let b = p[i]
                if b == 0x24 || b == 0x21 { break }  // $ !
                if b == 0x0A {
                    if binary {
                        bytes += 1
                    } else if bytes > 0 {
                        let at = firstLine
                        raw.note(.notSentences) { "line \(at)" }
                        bytes = 0
                    }
                    here += 1
                } else if b == 0x0D || b == 0x20 || b == 0x09 {
                    // White space counts only inside a binary run (as its bytes).
                    if binary { bytes += 1 }
                } else {
                    if bytes == 0 { firstLine = here }
                    bytes += 1
                    if !Self.isSentenceByte(b) { binary = true }
                }
                i += 1
            }
            outsideBytes = bytes
            outsideBinary = binary
            outsideLine = firstLine
            line = here
            guard i < count else { return }
            // A sentence starts.
            if outsideBinary { countBinary() }
            outsideBytes = 0
            outsideBinary = false
            inSentence = true
            sentenceLine = line
        }
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

    /// Ends the input: the last sentence and epoch are read, and the reader's counts are final.
    private mutating func endInput() throws(TraceParseError) -> TraceSummary {
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        if encoding == .undecided {
            decideEncoding()
            let held = head
            head = []
            held.withUnsafeBufferPointer { scanDecoded($0) }
        }
        if inSentence {
            let whole = sentence
            whole.withUnsafeBufferPointer { endSentence($0, cutByBinary: false) }
            inSentence = false
        }
        if outsideBytes > 0 {
            let here = outsideLine
            if outsideBinary { countBinary() } else { raw.note(.notSentences) { "line \(here)" } }
            outsideBytes = 0
        }
        if binaryBytes > 0 {
            let first = firstBinaryLine
            raw.note(sentences == 0 ? .binaryOnly : .binaryBytes, count: binaryBytes) { "line \(first)" }
        }
        if let open = epoch { close(open) }
        epoch = nil
        if let limit = raw.limitError { throw limit }
        return TraceSummary(format: .nmea)
    }

    // MARK: Sentences

    /// Reads one sentence, `$` or `!` included, without its line ending. A sentence that a binary byte cut
    /// short is read only when it ends with its checksum; otherwise its bytes are counted as binary.
    private mutating func endSentence(_ text: UnsafeBufferPointer<UInt8>, cutByBinary: Bool) {
        guard let p = text.baseAddress, text.count > 0 else { return }
        let here = sentenceLine
        var end = text.count
        while end > 1 && p[end - 1] == 0x20 { end -= 1 }
        if cutByBinary && !(end >= 4 && p[end - 3] == 0x2A) {
            if outsideBytes == 0 { outsideLine = here }
            outsideBytes += text.count
            outsideBinary = true
            return
        }
        guard end > 1 else { return }
        // The checksum: `*hh` closes the body.
        var bodyEnd = end
        var star = 1
        while star < end && p[star] != 0x2A { star += 1 }
        if star < end {
            var sum: UInt8 = 0
            for k in 1..<star { sum ^= p[k] }
            guard end - star == 3, let high = Self.hexDigit(p[star + 1]), let low = Self.hexDigit(p[star + 2]), high << 4 | low == sum else {
                raw.note(.badChecksums) { "line \(here)" }
                return
            }
            bodyEnd = star
        }
        sentences += 1
        // The fields after the address: fields[k]..<fields[k+1]-1.
        fields.removeAll(keepingCapacity: true)
        var k = 1
        while k < bodyEnd && p[k] != 0x2C { k += 1 }
        let addressEnd = k
        guard addressEnd - 1 == 5, p[1] != UInt8(ascii: "P"), p[0] == 0x24 else { return }
        talker = (p[1], p[2])
        let kind: Kind
        switch (p[3], p[4], p[5]) {
        case (0x52, 0x4D, 0x43): kind = .rmc  // RMC
        case (0x47, 0x47, 0x41): kind = .gga  // GGA
        case (0x47, 0x4C, 0x4C): kind = .gll  // GLL
        case (0x47, 0x4E, 0x53): kind = .gns  // GNS
        case (0x5A, 0x44, 0x41): kind = .zda  // ZDA
        default: return
        }
        while k < bodyEnd {
            fields.append(k + 1)
            k += 1
            while k < bodyEnd && p[k] != 0x2C { k += 1 }
        }
        fields.append(bodyEnd + 1)
        let f = SentenceFields(base: p, starts: fields)
        switch kind {
        case .rmc: rmc(f, line: here)
        case .gga: gga(f, line: here)
        case .gll: gll(f, line: here)
        case .gns: gns(f, line: here)
        case .zda: zda(f, line: here)
        }
    }

    /// The comma-separated fields of one sentence after its address, read in place.
    struct SentenceFields {
        let base: UnsafePointer<UInt8>
        let starts: [Int]
        var count: Int { starts.count - 1 }
        func range(_ i: Int) -> (Int, Int) { i < count ? (starts[i], starts[i + 1] - 1) : (0, 0) }
        func isEmpty(_ i: Int) -> Bool { let (s, e) = range(i); return e <= s }
        func equals(_ i: Int, _ letter: UInt8) -> Bool { let (s, e) = range(i); return e - s == 1 && base[s] == letter }
        func number(_ i: Int) -> Double? { let (s, e) = range(i); return e > s ? ASCIINumber.parse(base, s, e) : nil }
        func slice(_ i: Int) -> ArraySlice<UInt8> { let (s, e) = range(i); return ArraySlice(UnsafeBufferPointer(start: base + s, count: max(0, e - s))) }
        func digits(_ i: Int) -> Int? {
            let (s, e) = range(i)
            guard e > s, e - s <= 9 else { return nil }
            var value = 0
            for k in s..<e {
                guard base[k] >= 48 && base[k] <= 57 else { return nil }
                value = value * 10 + Int(base[k] - 48)
            }
            return value
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

    /// Seconds of the day from `hhmmss[.ss]`: exactly six digits, then optionally a point and up to nine
    /// digits (anything else, such as 25 digits or an exponent, is not a time).
    static func timeOfDay(_ field: ArraySlice<UInt8>) -> Double? {
        field.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return timeOfDay(base, 0, buffer.count)
        }
    }

    /// `timeOfDay` of the bytes `p[s..<e]`, read in place.
    static func timeOfDay(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Double? {
        guard e - s >= 6, e - s <= 16 else { return nil }
        var digits = 0
        for k in s..<(s + 6) {
            let b = p[k]
            guard b >= 48 && b <= 57 else { return nil }
            digits = digits * 10 + Int(b - 48)
        }
        var fraction = 0.0
        if e - s > 6 {
            guard p[s + 6] == UInt8(ascii: ".") else { return nil }
            var numerator = 0
            var denominator = 1
            for k in (s + 7)..<e {
                let b = p[k]
                guard b >= 48 && b <= 57 else { return nil }
                numerator = numerator * 10 + Int(b - 48)
                denominator *= 10
            }
            fraction = Double(numerator) / Double(denominator)
        }
        let hours = digits / 10_000, minutes = digits / 100 % 100, seconds = digits % 100
        guard hours < 24, minutes < 60, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60 + seconds) + fraction
    }

    /// Degrees from `ddmm.mmmm` (or `dddmm.mmmm`) and a hemisphere letter.
    private static func angle(_ f: SentenceFields, _ value: Int, _ hemisphere: Int, negative: UInt8, positive: UInt8) -> Double? {
        guard let number = f.number(value), number >= 0 else { return nil }
        let (s, e) = f.range(hemisphere)
        guard e - s == 1 else { return nil }
        let letter = f.base[s]
        guard letter == negative || letter == positive else { return nil }
        let degrees = (number / 100).rounded(.down)
        let minutes = number - degrees * 100
        guard minutes < 60 else { return nil }
        let result = degrees + minutes / 60
        return letter == negative ? -result : result
    }

    /// Puts a sentence of time `seconds` in its epoch: the open one, or a new one (closing the open one);
    /// false when that time was already handed over (the sentence is then dropped).
    /// A sentence the open epoch already holds (same talker and kind), or an RMC dated another day, starts a
    /// new epoch of the same time: a logger repeating its fix, or a receiver whose clock stands still.
    private mutating func enter(_ seconds: Double, _ kind: Kind, days: Int? = nil) -> Bool {
        let key = Int((seconds * 1000).rounded())
        let sentenceID = UInt32(talker.0) << 16 | UInt32(talker.1) << 8 | UInt32(kind.rawValue)
        if let open = epoch, open.key == key, !open.holds(sentenceID), days == nil || open.days == nil || open.days == days {
            epoch!.kinds |= kind.rawValue
            epoch!.lastKind = kind
            epoch!.add(sentenceID)
            return true
        }
        if key == handedOver {
            // A sentence after the one taken as the cycle's last: the cycle ends otherwise; learn it again.
            learntEnder = nil
            lastEnders = (nil, nil)
            return false
        }
        if let open = epoch {
            lastEnders = (lastEnders.1, open.lastKind)
            if let a = lastEnders.0, a == lastEnders.1 { learntEnder = a }
            close(open)
        }
        handedOver = nil
        epoch = Epoch(key: key, seconds: seconds, kinds: kind.rawValue, lastKind: kind)
        epoch!.add(sentenceID)
        return true
    }

    /// Sets the open epoch's position from fields `at`…`at + 3` (lat, N/S, lon, E/W); counts what is wrong.
    private mutating func position(_ f: SentenceFields, at index: Int, line: Int) -> Bool {
        if f.isEmpty(index) || f.isEmpty(index + 2) {
            raw.note(.missingCoordinates) { "line \(line)" }
            return false
        }
        let lat = Self.angle(f, index, index + 1, negative: UInt8(ascii: "S"), positive: UInt8(ascii: "N"))
        let lon = Self.angle(f, index + 2, index + 3, negative: UInt8(ascii: "W"), positive: UInt8(ascii: "E"))
        if let problem = RawTrace.coordinateProblem(lat: lat, lng: lon) {
            raw.note(problem) { "line \(line)" }
            return false
        }
        epoch!.lat = lat!
        epoch!.lon = lon!
        epoch!.positionLine = line
        return true
    }

    private func time(_ f: SentenceFields, _ index: Int) -> Double? {
        let (s, e) = f.range(index)
        return Self.timeOfDay(f.base, s, e)
    }

    private mutating func rmc(_ f: SentenceFields, line: Int) {
        let void = !f.equals(1, UInt8(ascii: "A")) || f.equals(11, UInt8(ascii: "N"))
        guard f.count >= 9, let seconds = time(f, 0) else {
            raw.note(void && f.isEmpty(0) ? .voidFixes : .malformedSentences) { "line \(line)" }
            return
        }
        var days: Int?
        if let date = f.digits(8), f.range(8).1 - f.range(8).0 == 6 {
            let day = date / 10000, month = date / 100 % 100, yy = date % 100
            let year = yy >= 80 ? 1900 + yy : 2000 + yy
            if (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year, month) {
                days = ISO8601Time.daysFromCivil(year: year, month: month, day: day)
            }
        }
        guard days != nil || void else {
            raw.note(.malformedSentences) { "line \(line)" }
            return
        }
        guard enter(seconds, .rmc, days: days) else { return }
        if let days { epoch!.days = days }
        if void {
            raw.note(.voidFixes) { "line \(line)" }
            return
        }
        guard position(f, at: 2, line: line) else { return }
        epoch!.speed = f.number(6).map { Float($0 * Self.knot) } ?? .nan
        epoch!.course = f.number(7).map { Float($0) } ?? .nan
    }

    private mutating func gga(_ f: SentenceFields, line: Int) {
        fixWithHeight(f, .gga, void: f.isEmpty(5) || f.equals(5, UInt8(ascii: "0")), line: line)
    }

    private mutating func gll(_ f: SentenceFields, line: Int) {
        // NMEA 1.x GLL has no time: it cannot be placed in an epoch.
        guard f.count >= 5 else { return }
        let void = !f.equals(5, UInt8(ascii: "A")) || f.equals(6, UInt8(ascii: "N"))
        guard let seconds = time(f, 4) else {
            raw.note(void && f.isEmpty(4) ? .voidFixes : .malformedSentences) { "line \(line)" }
            return
        }
        guard enter(seconds, .gll) else { return }
        if void {
            raw.note(.voidFixes) { "line \(line)" }
            return
        }
        _ = position(f, at: 0, line: line)
    }

    private mutating func gns(_ f: SentenceFields, line: Int) {
        let mode = f.slice(5)
        fixWithHeight(f, .gns, void: mode.isEmpty || mode.allSatisfy { $0 == UInt8(ascii: "N") }, line: line)
    }

    /// GGA and GNS alike: time, position (fields 1-4), HDOP (7) and elevation (8); `void` when the sentence
    /// reports no satellite fix.
    private mutating func fixWithHeight(_ f: SentenceFields, _ kind: Kind, void: Bool, line: Int) {
        guard f.count >= 9, let seconds = time(f, 0) else {
            raw.note(void ? .voidFixes : .malformedSentences) { "line \(line)" }
            return
        }
        guard enter(seconds, kind) else { return }
        if void {
            raw.note(.voidFixes) { "line \(line)" }
            return
        }
        guard position(f, at: 1, line: line) else { return }
        if let hdop = f.number(7) { epoch!.hdop = Float(hdop) }
        if let elevation = f.number(8) { epoch!.elevation = Float(elevation) }
    }

    private mutating func zda(_ f: SentenceFields, line: Int) {
        guard f.count >= 4, let seconds = time(f, 0), let day = f.digits(1), let month = f.digits(2), let year = f.digits(3),
            year >= 1000, year <= 9999, (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year, month)
        else {
            // A receiver without a fix writes ZDA with empty fields: nothing to read, nothing wrong.
            if !f.isEmpty(0) && !f.isEmpty(3) { raw.note(.malformedSentences) { "line \(line)" } }
            return
        }
        guard enter(seconds, .zda) else { return }
        epoch!.days = ISO8601Time.daysFromCivil(year: year, month: month, day: day)
    }

    /// Ends an epoch: its date is settled and, when it has a position, it becomes a fix.
    private mutating func close(_ e: Epoch) {
        // `--date`: the walk's first day, for a log that never says it (a date the log gives wins).
        if knownDays == nil, e.days == nil, let date = selection.date {
            knownDays = date
            knownSeconds = e.seconds
        }
        var days = e.days
        if days == nil, let known = knownDays {
            days = known + (e.seconds < knownSeconds - 43_200 ? 1 : 0)
        }
        if let days {
            knownDays = days
            knownSeconds = e.seconds
        }
        guard e.hasPosition else { return }
        let line = e.positionLine
        guard let days else {
            raw.note(.undatedFixes) { "line \(line)" }
            return
        }
        raw.append(
            time: Double(days) * 86_400 + e.seconds, lat: e.lat, lng: e.lon, elevation: e.elevation, accuracy: .nan, hdop: e.hdop,
            speed: e.speed, course: e.course, location: { "line \(line)" })
    }
}

extension NMEAParser: FixTakingTraceParser {
    /// The fixes of every complete epoch read so far: the open epoch too once its cycle's last sentence (or
    /// both an RMC and a GGA) arrived.
    public mutating func takeFixes() -> Trace {
        if let open = epoch {
            let both = Kind.rmc.rawValue | Kind.gga.rawValue
            if open.lastKind == learntEnder || open.kinds & both == both {
                close(open)
                handedOver = open.key
                epoch = nil
            }
        }
        return raw.takeFixes(before: raw.fixes.count)
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
