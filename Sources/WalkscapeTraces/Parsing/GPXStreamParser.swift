import WalkscapeCore
/// A streaming GPX 1.0/1.1 reader: feed the file's bytes in chunks of any size, get a columnar `Trace`.
///
/// It is a byte-level scanner specialised for GPX, not a general XML parser, but it checks what matters
/// for a trustworthy answer: tags are closed and nested properly, the root is `<gpx>`, names, attributes,
/// comments, CDATA sections, processing instructions and references are well formed, there is no text
/// outside the root, and the file does not end inside anything. Custom entities are never expanded: a
/// DOCTYPE that declares entities is refused, and only the predefined entities and numeric character
/// references are accepted.
///
/// Memory stays bounded: only the bytes of a token cut by a chunk boundary are kept between calls (at most
/// `maxTokenBytes`), the open elements (at most `maxDepth`), and the fixes themselves in columns.
///
/// What is read (see docs/traces.md): every `trkpt` of every `trkseg` of every `trk`; when the file has no
/// `trkpt` at all, every `rtept` of every `rte` instead (with a warning); `wpt` elements are counted, never
/// used as fixes. For each point: `lat`/`lon`, `ele`, `time`, `hdop`, speed and course (GPX 1.0 children
/// or extensions), and horizontal accuracy from extensions (names listed in `GPXName`). Element names are
/// matched by local name, so any namespace prefix works.
///
/// The same scanner reads KML (root `<kml>`; the summary's format is then `.kml`): each `gx:Track` is a
/// track of fixes, its `<when>` times paired in order with its `<gx:coord>` positions ("lon lat alt"); each
/// `LineString` is a track of untimed fixes from its `<coordinates>` ("lon,lat[,alt]" tuples separated by
/// white space, read as they stream in, so a line of any length is never held as text); `Point`s are counted
/// as waypoints.
///
/// With `readsWaypoints` on (`walkscape import` of a file of waypoints), it also keeps each `<wpt>` of the
/// root (`waypoints`: coordinates, `<name>`, `<desc>` and some texts of its `<extensions>`), the document's
/// `<metadata><name>`, and the points of each track and route in document order (`pointLines`); read them
/// after `finishDocument()`.
public struct GPXStreamParser: TraceStreamParser {
    /// The walking speed in metres a second used to make up times when no point has one.
    public var walkSpeed: Double

    /// The part of the file kept (every track and segment by default).
    public var selection = TraceSelection()
    /// What the file was taken for, in messages about a file that is no document yet (`GPX`; `KML` for a
    /// `.kml` file or one whose first element is `<kml>`).
    public var documentName = "GPX"

    /// The longest single token (tag, comment, CDATA section, DOCTYPE) accepted, in bytes.
    public static let maxTokenBytes = 16 << 20
    /// The deepest element nesting accepted.
    public static let maxDepth = 256
    /// The most bytes of one value (time, elevation, …) kept; longer values are unreadable.
    static let maxValueBytes = 256
    /// The most bytes of a reference before its `;` (`&` and the name or number): the longest predefined
    /// entity and numeric references of up to 9 digits (`&#x10FFFF;`, or with leading zeros). Longer ones
    /// are refused, in text and in attribute values alike: libxml2 refuses some of them (a hex letter as the
    /// 11th digit of `&#x…;`, found by the GPXWellFormed fuzz target), no writer makes them.
    static let maxReferenceBytes = 12
    /// The most bytes of one waypoint text (`<name>`, `<desc>`, an extension) kept; a longer one is cut there
    /// and its waypoint marked `hasOverlongText`.
    public static let maxWaypointTextBytes = 64 << 10

    // MARK: Input

    /// Bytes of a token cut by the end of the previous chunk, to be completed by the next one.
    private var carry: [UInt8] = []
    /// Absolute offset in the file of the first byte of the buffer being scanned (`carry[0]` between calls).
    private var base = 0
    /// Bytes fed so far.
    private var total = 0
    private var lastByteIsNewline = false
    /// Where the XML declaration may be (after a byte order mark).
    private var documentStart = 0
    private var failure: TraceParseError?
    private var finished = false
    /// Whether the bytes must be UTF-8: nil until the XML declaration (or its absence) is known; false when
    /// the declaration names a single-byte encoding (ISO-8859-x, Windows-125x, ASCII).
    private var requiresUTF8: Bool?
    /// Absolute offset up to which the bytes were checked as UTF-8 (a sequence cut by a chunk end is not).
    private var checkedTo = 0
    /// In a single-byte encoding, the bytes 0x80–0xBF (`low`) and 0xC0–0xFF (`high`) that are no character of
    /// it (bit k for byte 0x80 + k, 0xC0 + k): libxml2 refuses a document holding one.
    private var undefinedBytes: (low: UInt64, high: UInt64) = (0, 0)
    /// Whether the declared single-byte encoding is ISO-8859-1, whose byte values are the characters (so that
    /// names with bytes past ASCII can be checked); names in other single-byte encodings must be ASCII.
    private var latin1 = false
    /// How many ']' (0–2) end the bytes consumed so far, for ']]>' cut by a chunk end in text.
    private var tailBrackets = 0
    /// Whether a DOCTYPE was read (a second one is refused).
    private var doctypeSeen = false
    /// The attribute names of the start tag being read (positions in the buffer), to refuse a repeated one.
    private var attributeNames: [(start: Int, end: Int)] = []

    // MARK: Lines

    /// Newlines are counted lazily up to `countedTo` (an absolute offset); `countedLine` is the line there.
    private var countedTo = 0
    private var countedLine = 1

    // MARK: Open elements

    private var names: [UInt8] = []
    /// An open element: where its name ends in `names`, what it is, and the line of its start tag.
    private struct OpenElement: Sendable {
        var nameEnd: Int
        var line: Int
        var kind: GPXName
    }

    private var open: [OpenElement] = []
    private var rootSeen = false
    private var rootClosed = false
    /// Whether anything but white space came before the root element.
    private var sawMarkup = false

    // MARK: What the file holds

    private var summary = TraceSummary(format: .gpx)
    private var trackPoints = 0
    /// The number of the `trkseg` being read within its `trk`.
    private var segmentInTrack = 0
    private var track = RawTrace()
    private var route = RawTrace()

    // MARK: The point being read

    private enum PointKind: UInt8 { case none, track, route }
    private enum Field: UInt8 { case none, ele, time, hdop, pdop, accuracy, speed, course, when, coord, coordinates, waypointText }

    private var pointKind = PointKind.none
    private var pointDepth = 0
    private var pointLine = 0
    private var pointProblem: RawTrace.Problem?
    private var pointLat = 0.0
    private var pointLon = 0.0
    private var pointTime = Double.nan
    private var pointEle = Float.nan
    private var pointHdop = Float.nan
    /// PDOP stands in for HDOP when a point has only PDOP (PDOP ≥ HDOP, so the estimate errs on the safe side).
    private var pointPdop = Float.nan
    private var pointAccuracy = Float.nan
    private var pointSpeed = Float.nan
    private var pointCourse = Float.nan
    private var extensionsDepth = -1
    private var captureField = Field.none
    private var captureDepth = -1
    private var captureLine = 0
    private var captureOverflow = false
    private var captureBytes: [UInt8] = []
    /// A value read as one run of text stays in the buffer being scanned (`p[start..<start + count]`) and
    /// is parsed from there; it is copied to `captureBytes` only when it comes in pieces or the buffer ends.
    private var captureDirectStart = -1
    private var captureDirectCount = 0

    // MARK: KML

    /// The depth of the `gx:Track` being read, -1 outside one.
    private var kmlTrackDepth = -1
    private var kmlTrackLine = 0
    /// The track's `<when>` times and `<gx:coord>` positions, paired when the track ends.
    private var kmlWhens: [Double] = []
    private var kmlCoords: [(lat: Double, lng: Double, elevation: Float, problem: RawTrace.Problem?)] = []
    /// The bytes of the `<coordinates>` tuple being read (a tuple cut by a chunk boundary waits here).
    private var kmlTuple: [UInt8] = []
    private var kmlTupleOverflow = false

    // MARK: Waypoints (kept only with `readsWaypoints`)

    /// Whether `<wpt>` elements, `<metadata><name>` and the points of each track and route are kept.
    public var readsWaypoints = false
    /// The waypoints of the root, in document order.
    public private(set) var waypoints: [GPXWaypoint] = []
    /// The text of `<metadata><name>`, the document's title.
    public private(set) var metadataName: String?
    /// The valid points of each `<trk>` (all its segments) and `<rte>` of the root, in document order.
    public private(set) var pointLines: [[LatLng]] = []
    /// Which waypoint text is being read.
    private enum WaypointText: Sendable, Equatable { case name, description, title, extensionValue(String) }
    private var waypoint: GPXWaypoint?
    private var waypointExtensionsDepth = -1
    private var metadataOpen = false
    private var waypointTextKind = WaypointText.name
    private var waypointText: [UInt8] = []
    private var waypointTextOverflow = false

    /// A reader; `fixLimit` is the most fixes it keeps before stopping with an error (`RawTrace.defaultFixLimit`).
    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, fixLimit: Int = RawTrace.defaultFixLimit) {
        self.walkSpeed = walkSpeed
        track.fixLimit = fixLimit
        route.fixLimit = fixLimit
        captureBytes.reserveCapacity(Self.maxValueBytes)
    }

    // MARK: Feeding

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(TraceParseError) {
        if let failure { throw failure }
        guard !finished else { throw TraceParseError(line: 0, message: "bytes fed after the end of the input; expected one document per parser") }
        guard let raw = bytes.baseAddress, bytes.count > 0 else { return }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        let n = bytes.count
        total += n
        lastByteIsNewline = p[n - 1] == 0x0A
        do throws(TraceParseError) {
            if carry.isEmpty {
                let consumed = try start(p, n, final: false)
                advanceLines(p, to: consumed)
                carry.append(contentsOf: UnsafeBufferPointer(start: p + consumed, count: n - consumed))
                base += consumed
            } else {
                carry.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
                try scanCarry(final: false)
            }
            if let limit = track.limitError ?? route.limitError { throw limit }
            if carry.count > Self.maxTokenBytes {
                throw TraceParseError(line: countedLine, message: "a single tag, comment or CDATA section is longer than \(Self.maxTokenBytes >> 20) MiB; expected a \(documentName) file with short elements")
            }
        } catch {
            failure = error
            throw error
        }
    }

    public mutating func finish() throws(TraceParseError) -> (Trace, TraceSummary) {
        if let failure { throw failure }
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        do throws(TraceParseError) {
            if !carry.isEmpty { try scanCarry(final: true) }
            if let limit = track.limitError ?? route.limitError { throw limit }
            return try complete()
        } catch {
            failure = error
            throw error
        }
    }

    /// Scans the carried bytes (plus what was appended), keeping what is still incomplete.
    private mutating func scanCarry(final: Bool) throws(TraceParseError) {
        var buffer = carry
        carry = []
        let result: Result<Int, TraceParseError> = buffer.withUnsafeBufferPointer { b in
            do throws(TraceParseError) {
                let consumed = try start(b.baseAddress!, b.count, final: final)
                advanceLines(b.baseAddress!, to: consumed)
                return .success(consumed)
            } catch {
                return .failure(error)
            }
        }
        let consumed = try result.get()
        buffer.removeFirst(consumed)
        base += consumed
        carry = buffer
    }

    /// Handles the very first bytes (byte order marks), then scans.
    private mutating func start(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool) throws(TraceParseError) -> Int {
        var i = 0
        if base == 0 {
            if n < 3 && !final && (p[0] == 0xEF || p[0] == 0xFE || p[0] == 0xFF) { return 0 }
            if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
                i = 3
                documentStart = 3
            } else if n >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)) {
                throw TraceParseError(line: 1, message: "the file is UTF-16 text; expected UTF-8 or ISO-8859-1 (save it as UTF-8)")
            }
        }
        if requiresUTF8 == nil {
            guard let declared = try Self.declaredEncoding(p, n, from: i, final: final) else { return 0 }
            requiresUTF8 = declared.utf8
            undefinedBytes = declared.undefined
            latin1 = declared.latin1
        }
        // Bytes that are not UTF-8 end the document where they are: what comes before is scanned as usual
        // (so that an earlier error wins, however the file is cut into chunks), then the encoding is refused.
        var end = n
        var invalid: Int?
        if requiresUTF8 == true {
            (end, invalid) = Self.checkUTF8(p, n, from: max(i, checkedTo - base), final: final)
        } else if undefinedBytes != (0, 0) {
            invalid = Self.firstUndefined(p, n, from: max(i, checkedTo - base), undefinedBytes)
        }
        let consumed = try scan(p, invalid ?? end, from: i, final: final && invalid == nil)
        if let invalid {
            // Outside the root element, where only white space and markup may be, the scanner's own message
            // ("not an XML document", "text after the end of the root element") says more.
            if consumed == invalid && open.isEmpty { _ = try scan(p, n, from: consumed, final: final) }
            if requiresUTF8 == false {
                throw fail(p, at: invalid, "\(Self.describe(p[invalid])) is no character of the encoding the XML declaration names; expected a file in that encoding (or UTF-8, declared so)")
            }
            throw fail(p, at: invalid, "\(Self.describe(p[invalid])) is not UTF-8; expected a UTF-8 file, or an XML declaration naming its encoding (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>)")
        }
        checkedTo = base + end
        // ']' ending the consumed bytes are text: a '>' at the start of the next bytes may close ']]>'.
        var k = consumed
        var brackets = 0
        while brackets < 2 && k > 0 && p[k - 1] == UInt8(ascii: "]") {
            brackets += 1
            k -= 1
        }
        tailBrackets = k == 0 ? min(2, brackets + tailBrackets) : brackets
        // The buffer is about to go: a value being read must not point into it any more.
        materializeCapture(p)
        return consumed
    }

    /// How the bytes of a document are read, from its XML declaration.
    private struct DeclaredEncoding {
        /// UTF-8 (checked as it is read), else a single-byte encoding.
        var utf8 = true
        /// The bytes that are no character of the single-byte encoding.
        var undefined: (low: UInt64, high: UInt64) = (0, 0)
        /// ISO-8859-1: every byte is the character of the same number.
        var latin1 = false
    }

    /// The single-byte encodings read (ASCII-compatible, so the scanner's byte comparisons hold), by name
    /// without `iso-`/`iso`/`windows-`/`cp` differences, with the bytes that are no character of each (as
    /// libxml2 through glibc's iconv judges them: `Fuzz/README` in docs/reliability.md).
    private static let singleByteEncodings: [String: (low: UInt64, high: UInt64)] = [
        "8859-1": (0, 0), "8859-2": (0, 0), "8859-3": (0x4000_4020_0000_0000, 0x0001_0008_0001_0008), "8859-4": (0, 0),
        "8859-5": (0, 0), "8859-6": (0x77FF_CFEE_0000_0000, 0xFFF8_0000_F800_0001), "8859-7": (0x0000_4000_0000_0000, 0x8000_0000_0004_0000),
        "8859-8": (0x8000_0002_0000_0000, 0x9800_0000_7FFF_FFFF), "8859-9": (0, 0), "8859-10": (0, 0),
        "8859-11": (0, 0xF000_0000_7800_0000), "8859-13": (0, 0), "8859-14": (0, 0), "8859-15": (0, 0), "8859-16": (0, 0),
        "1250": (0x0000_0000_0101_010A, 0), "1251": (0x0000_0000_0100_0000, 0), "1252": (0x0000_0000_2001_A002, 0),
        "1253": (0x0000_0400_F501_F502, 0x8000_0000_0004_0000), "1254": (0x0000_0000_6001_E002, 0),
        "1255": (0x0000_0000_F401_F402, 0x9800_0000_FE00_0400), "1256": (0, 0), "1257": (0x0000_0022_9501_150A, 0),
        "1258": (0x0000_0000_6401_E402, 0),
        "ascii": (~0, ~0),
    ]

    /// The key of `singleByteEncodings` for an encoding name (lowercased), nil for a name not read. Each
    /// family keeps its own prefixes: `cp8859-1`, `windows-ascii` are no names libxml2 (iconv) knows, and it
    /// refuses a document declaring one (found by the GPXWellFormed fuzz target).
    private static func singleByteKey(_ name: String) -> String? {
        for prefix in ["iso-8859-", "iso8859-", "iso_8859-"] where name.hasPrefix(prefix) { return "8859-" + name.dropFirst(prefix.count) }
        for prefix in ["windows-", "cp"] where name.hasPrefix(prefix) {
            let number = name.dropFirst(prefix.count)
            return number.hasPrefix("125") ? String(number) : nil
        }
        if ["latin1", "latin-1", "iso-latin-1"].contains(name) { return "8859-1" }
        if name == "us-ascii" || name == "ascii" { return "ascii" }
        return nil
    }

    /// How the document at `p[from..<n]` is read, from its XML declaration: UTF-8 without one or when it names
    /// UTF-8; nil to wait for the rest of the declaration. Encodings other than UTF-8 and the single-byte ones
    /// of `singleByteEncodings` are refused (the reader compares bytes, so only ASCII-compatible ones read right).
    private static func declaredEncoding(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, final: Bool) throws(TraceParseError) -> DeclaredEncoding? {
        let prefix = Array("<?xml".utf8)
        let available = n - from
        if available < prefix.count {
            return final || !prefix.starts(with: UnsafeBufferPointer(start: p + from, count: available)) ? DeclaredEncoding() : nil
        }
        guard prefix.elementsEqual(UnsafeBufferPointer(start: p + from, count: prefix.count)) else { return DeclaredEncoding() }
        // The declaration, up to '?>' (at most 1 KiB: a longer one is left to the scanner's messages).
        var close = from + prefix.count
        while close + 1 < n && close < from + 1024 && !(p[close] == UInt8(ascii: "?") && p[close + 1] == UInt8(ascii: ">")) { close += 1 }
        if close + 1 >= n && !final && close < from + 1024 { return nil }
        // `<?xml-stylesheet …?>` and the like are processing instructions, not the declaration.
        guard from + prefix.count < n, isSpace(p[from + prefix.count]) || p[from + prefix.count] == UInt8(ascii: "?") else { return DeclaredEncoding() }
        let declaration = Array(UnsafeBufferPointer(start: p + from + prefix.count, count: close - from - prefix.count))
        let closed = close + 1 < n && p[close] == UInt8(ascii: "?") && p[close + 1] == UInt8(ascii: ">")
        guard closed, let fields = xmlDeclarationFields(declaration) else {
            throw TraceParseError(line: 1, message: "a malformed XML declaration; expected <?xml version=\"1.0\" encoding=\"UTF-8\"?> (version, then optionally encoding and standalone, each name=\"value\")")
        }
        guard let name = fields["encoding"]?.lowercased() else { return DeclaredEncoding() }
        if name == "utf-8" || name == "utf8" { return DeclaredEncoding() }
        if let key = singleByteKey(name), let undefined = singleByteEncodings[key] {
            return DeclaredEncoding(utf8: false, undefined: undefined, latin1: key == "8859-1")
        }
        let shown = String(String(decoding: name.utf8, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 ? "?" : Character($0) }.prefix(40))
        throw TraceParseError(line: 1, message: "the XML declaration names the encoding \"\(shown)\"; expected UTF-8 or ISO-8859-1 (save it as UTF-8)")
    }

    /// The pseudo-attributes of an XML declaration's inside (after `<?xml`, before `?>`) when it follows the
    /// XML 1.0 grammar: `version="1.x"`, then optionally `encoding="Name"` and `standalone="yes|no"`, each
    /// after white space; nil otherwise.
    private static func xmlDeclarationFields(_ bytes: [UInt8]) -> [String: String]? {
        var i = 0
        var fields: [String: String] = [:]
        for (key, required) in [("version", true), ("encoding", false), ("standalone", false)] {
            var j = i
            while j < bytes.count && isSpace(bytes[j]) { j += 1 }
            let keyBytes = Array(key.utf8)
            guard j > i, j + keyBytes.count <= bytes.count, Array(bytes[j..<j + keyBytes.count]) == keyBytes else {
                if required { return nil } else { continue }
            }
            j += keyBytes.count
            while j < bytes.count && isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { return nil }
            j += 1
            while j < bytes.count && isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[j]
            guard let end = bytes[(j + 1)...].firstIndex(of: quote) else { return nil }
            let value = String(decoding: bytes[(j + 1)..<end], as: UTF8.self)
            let valid: Bool
            switch key {
            case "version": valid = value.hasPrefix("1.") && value.count > 2 && value.dropFirst(2).allSatisfy { $0.isASCII && $0.isNumber }
            case "encoding":
                valid = value.first.map { $0.isASCII && $0.isLetter } ?? false
                    && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
            default: valid = value == "yes" || value == "no"
            }
            guard valid else { return nil }
            fields[key] = value
            i = end + 1
        }
        while i < bytes.count && isSpace(bytes[i]) { i += 1 }
        return i == bytes.count ? fields : nil
    }

    /// The position of the first byte of `p[from..<n]` that is no character of a single-byte encoding whose
    /// undefined bytes are `undefined`, nil when there is none.
    private static func firstUndefined(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, _ undefined: (low: UInt64, high: UInt64)) -> Int? {
        var i = from
        while i < n {
            while i + 8 <= n && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let b = p[i]
            if b >= 0x80 && ((b < 0xC0 ? undefined.low >> UInt64(b - 0x80) : undefined.high >> UInt64(b - 0xC0)) & 1) != 0 { return i }
            i += 1
        }
        return nil
    }

    /// Whether `c` may start an XML name (XML 1.0 fifth edition, as libxml2 reads it), for characters past ASCII.
    private static func isNameStartScalar(_ c: UInt32) -> Bool {
        switch c {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// Checks the characters past ASCII of the name at `p[start..<end]` (the scanner takes every such byte as
    /// a name character): each must be an XML name character, the first a name start character.
    private func checkName(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end {
            let b = p[k]
            if b < 0x80 {
                k += 1
                continue
            }
            let first = k == start
            guard let (scalar, length) = scalarPastASCII(p, k, end) else { return false }
            k += length
            if Self.isNameStartScalar(scalar) { continue }
            if first { return false }
            if scalar == 0xB7 || (0x300...0x36F).contains(scalar) || (0x203F...0x2040).contains(scalar) { continue }
            return false
        }
        return true
    }

    /// The character past ASCII at `p[k]` (before `end`) and its length in bytes, in a name: UTF-8 (already
    /// checked) or ISO-8859-1; nil in other encodings, whose names must be ASCII.
    private func scalarPastASCII(_ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int) -> (UInt32, Int)? {
        let b = p[k]
        if requiresUTF8 == true {
            // Checked UTF-8: the lead byte gives the length.
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            guard k + length <= end else { return nil }
            var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for m in 1..<length { scalar = scalar << 6 | UInt32(p[k + m] & 0x3F) }
            return (scalar, length)
        }
        return latin1 ? (UInt32(b), 1) : nil
    }

    /// The end tag of the document's root, for messages about what follows it: `</kml>` in a KML file.
    private var rootEndTag: String { summary.format == .kml ? "</kml>" : "</gpx>" }

    /// Whether the character at `p[k]` (before `end`) may start an XML name; `:` may.
    private func isNameStartAt(_ p: UnsafePointer<UInt8>, _ k: Int, _ end: Int) -> Bool {
        if p[k] < 0x80 { return Self.isNameStart(p[k]) }
        return scalarPastASCII(p, k, end).map { Self.isNameStartScalar($0.0) } ?? false
    }

    /// Whether libxml2, which reads element and attribute names with namespaces (`prefix:local`), takes the
    /// whole of the name at `p[start..<end]` (already checked by `checkName`). It does for any name but one
    /// shape: `prefix:local:` followed by a character that cannot start a name (a digit, `-`, `.`, U+00B7, a
    /// combining mark), as in `<ns:a:1>`, where it stops and the rest of the tag no longer parses (found by the
    /// grammar-based differential). The scanner asks only about names with two colons or more, counted as it
    /// reads them, so that common names cost nothing more.
    private func isWholeQName(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let colon = UInt8(ascii: ":")
        var first = start
        while first < end && p[first] != colon { first += 1 }
        // No colon, or a leading one (libxml2 then reads the name whole, as a plain name).
        guard first > start, first < end else { return true }
        // `prefix:` then no name, or a part that cannot start a local name: libxml2 reads the rest as a token.
        let local = first + 1
        guard local < end, p[local] != colon, isNameStartAt(p, local, end) else { return true }
        var second = local + 1
        while second < end && p[second] != colon { second += 1 }
        guard second < end else { return true }
        return second + 1 == end || isNameStartAt(p, second + 1, end)
    }

    /// Checks that `p[from..<n]` is UTF-8. Returns where checking stopped (before a sequence cut by the end of
    /// the buffer, unless `final`) and the position of the first byte that is not UTF-8, if any.
    private static func checkUTF8(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, final: Bool) -> (end: Int, invalid: Int?) {
        var i = from
        while i < n {
            // ASCII runs, 8 bytes at a time.
            while i + 8 <= n && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let lead = p[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return (i, i)
            }
            for k in 1..<length {
                guard i + k < n else { return final ? (i, i) : (i, nil) }
                let byte = p[i + k]
                guard byte >= (k == 1 ? low : 0x80) && byte <= (k == 1 ? high : 0xBF) else { return (i, i) }
            }
            // U+FFFE and U+FFFF are not XML characters.
            if lead == 0xEF && p[i + 1] == 0xBF && p[i + 2] >= 0xBE { return (i, i) }
            i += length
        }
        return (n, nil)
    }

    // MARK: Lines

    /// Counts newlines of `p[countedTo - base ..< upTo]` so that nothing is lost when the bytes are dropped.
    private mutating func advanceLines(_ p: UnsafePointer<UInt8>, to upTo: Int) {
        _ = lineAt(p, upTo)
    }

    /// The line of the byte at `position` in the buffer being scanned.
    private mutating func lineAt(_ p: UnsafePointer<UInt8>, _ position: Int) -> Int {
        let target = base + position
        if target >= countedTo {
            countedLine += Self.newlines(p, from: countedTo - base, to: position)
            countedTo = target
            return countedLine
        }
        // Backwards, within the buffer (errors about an earlier byte of the current token).
        var lines = 0
        var k = max(position, 0)
        while k < countedTo - base {
            if p[k] == 0x0A { lines += 1 }
            k += 1
        }
        return countedLine - lines
    }

    /// The number of LF bytes in `p[from..<to]`, eight bytes at a time.
    @inline(__always)
    private static func newlines(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var k = from
        var count = 0
        let raw = UnsafeRawPointer(p)
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while k + 8 <= to {
            // Bytes equal to 0x0A become zero; then the high bit of each zero byte is set, exactly.
            let x = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let y = ~(((x & low7) &+ low7) | x | low7)
            count += y.nonzeroBitCount
            k += 8
        }
        while k < to {
            if p[k] == 0x0A { count += 1 }
            k += 1
        }
        return count
    }

    private mutating func fail(_ p: UnsafePointer<UInt8>, at position: Int, _ message: String) -> TraceParseError {
        TraceParseError(line: lineAt(p, position), message: message)
    }

    // MARK: Character classes

    /// Control characters other than tab, LF and CR: no XML character.
    private static let controls: UInt64 = 0x1FF | 0x800 | 0x1000 | 0xFFFF_C000
    /// Bytes below 64 that stop a run of text: control characters, `&`, `<` and `>` (for `]]>`).
    private static let textStop: UInt64 = controls | (1 << 38) | (1 << 60) | (1 << 62)
    /// Bytes below 64 that stop an attribute value: control characters, `"`, `&`, `'` and `<`.
    private static let attributeStop: UInt64 = controls | (1 << 38) | (1 << 60) | (1 << 34) | (1 << 39)

    /// Whether `b` is a control character XML does not allow (anything below 0x20 but tab, LF and CR).
    @inline(__always)
    private static func isControl(_ b: UInt8) -> Bool { b < 64 && (controls >> UInt64(b)) & 1 != 0 }
    /// Name characters below 64: `-`, `.`, digits and `:`.
    private static let nameLow: UInt64 = (1 << 45) | (1 << 46) | (0x3FF << 48) | (1 << 58)
    /// Name characters from 64 to 127: letters and `_`.
    private static let nameHigh: UInt64 = (0x3FF_FFFF << 1) | (1 << 31) | (0x3FF_FFFF << 33)

    @inline(__always)
    private static func isNameChar(_ b: UInt8) -> Bool {
        if b >= 128 { return true }
        if b >= 64 { return (nameHigh >> UInt64(b - 64)) & 1 != 0 }
        return (nameLow >> UInt64(b)) & 1 != 0
    }

    @inline(__always)
    private static func isNameStart(_ b: UInt8) -> Bool {
        isNameChar(b) && !(b >= 0x2D && b <= 0x39) || b == UInt8(ascii: ":")
    }

    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// `'x'` for a printable ASCII byte, else `byte 0xNN`, for messages.
    private static func describe(_ b: UInt8) -> String {
        if b == 0 { return "a NUL byte" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x20 { return "a space" }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }

    /// The bytes as text for a message (invalid UTF-8 replaced), cut to `limit` characters.
    private static func text(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, limit: Int = 40) -> String {
        let string = String(decoding: UnsafeBufferPointer(start: p + start, count: max(0, end - start)), as: UTF8.self)
        let cleaned = String(string.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }

    // MARK: Scanning

    /// Scans complete tokens of `p[from..<n]`; returns how many bytes were consumed (the rest starts a token
    /// cut by the end of the buffer). With `final`, a cut token is an error.
    private mutating func scan(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, final: Bool) throws(TraceParseError) -> Int {
        var i = from
        while i < n {
            if p[i] != UInt8(ascii: "<") {
                if open.isEmpty {
                    // Outside the root element only white space is allowed.
                    while i < n && Self.isSpace(p[i]) { i += 1 }
                    if i == n { break }
                    if p[i] != UInt8(ascii: "<") {
                        if rootClosed {
                            throw fail(p, at: i, "text after the end of the root element \(rootEndTag): \(Self.describe(p[i])); expected the end of the file")
                        }
                        throw fail(p, at: i, "not an XML document: found \(Self.describe(p[i])) where '<' was expected; expected a \(documentName) file")
                    }
                } else {
                    // Text inside an element: only values being read are kept.
                    var j = i
                    while j < n {
                        let b = p[j]
                        if b < 64 && (Self.textStop >> UInt64(b)) & 1 != 0 { break }
                        j += 1
                    }
                    if captureField != .none && j > i { captureText(p, i, j - i) }
                    i = j
                    if i == n { break }
                    let b = p[i]
                    if b == UInt8(ascii: ">") {
                        // '>' is text, but ']]>' only ends a CDATA section.
                        var k = i
                        var brackets = 0
                        while brackets < 2 && k > 0 && p[k - 1] == UInt8(ascii: "]") {
                            brackets += 1
                            k -= 1
                        }
                        if k == 0 { brackets += tailBrackets }
                        if brackets >= 2 {
                            throw fail(p, at: i, "']]>' in the text, which XML does not allow outside a CDATA section; expected ']]&gt;'")
                        }
                        if captureField != .none { captureText(p, i, 1) }
                        i += 1
                        continue
                    }
                    if b == UInt8(ascii: "&") {
                        guard let end = try reference(p, n, at: i, final: final, capture: captureField != .none) else { return i }
                        i = end
                        continue
                    }
                    if b != UInt8(ascii: "<") {
                        throw fail(p, at: i, "\(Self.describe(b)) in the text, which XML does not allow; expected text (is this a binary file?)")
                    }
                }
            }
            // p[i] == '<'
            if open.isEmpty { sawMarkup = true }
            guard i + 1 < n else { return try cut(p, n, at: i, final: final, "inside a tag", expected: "a complete tag") }
            let next = p[i + 1]
            if next == UInt8(ascii: "/") {
                guard let end = try endTag(p, n, at: i, final: final) else { return i }
                i = end
            } else if next == UInt8(ascii: "!") {
                guard let end = try bang(p, n, at: i, final: final) else { return i }
                i = end
            } else if next == UInt8(ascii: "?") {
                guard let end = try processingInstruction(p, n, at: i, final: final) else { return i }
                i = end
            } else {
                guard let end = try startTag(p, n, at: i, final: final) else { return i }
                i = end
            }
        }
        return i
    }

    /// A token cut by the end of the buffer: consumed up to `position` (kept for the next chunk) or, at the
    /// end of the file, an error.
    private mutating func cut(_ p: UnsafePointer<UInt8>, _ n: Int, at position: Int, final: Bool, _ place: String, expected: String) throws(TraceParseError) -> Int {
        if final {
            throw TraceParseError(line: lineAt(p, n) - (lastByteIsNewline ? 1 : 0), message: "the file ends \(place) (opened at line \(lineAt(p, position))); expected \(expected) (is the file truncated?)")
        }
        return position
    }

    /// Like `cut`, for helpers that return an optional end: nil means "wait for more bytes".
    private mutating func wait(_ p: UnsafePointer<UInt8>, _ n: Int, at position: Int, final: Bool, _ place: String, expected: String) throws(TraceParseError) -> Int? {
        _ = try cut(p, n, at: position, final: final, place, expected: expected)
        return nil
    }

    /// Skips white space from `j`; returns the new position.
    @inline(__always)
    private static func skipSpace(_ p: UnsafePointer<UInt8>, _ n: Int, _ j: Int) -> Int {
        var j = j
        while j < n && isSpace(p[j]) { j += 1 }
        return j
    }

    /// An end tag at `i` (`</name>`); returns the position after it.
    private mutating func endTag(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, final: Bool) throws(TraceParseError) -> Int? {
        var j = i + 2
        let nameStart = j
        while j < n && Self.isNameChar(p[j]) { j += 1 }
        if j >= n { return try wait(p, n, at: i, final: final, "inside an end tag", expected: "'>'") }
        let nameEnd = j
        j = Self.skipSpace(p, n, j)
        if j >= n { return try wait(p, n, at: i, final: final, "inside an end tag", expected: "'>'") }
        if p[j] != UInt8(ascii: ">") || nameEnd == nameStart {
            throw fail(p, at: j, "\(Self.describe(p[j])) in the end tag </\(Self.text(p, nameStart, nameEnd))…; expected a name and '>'")
        }
        guard let top = open.indices.last else {
            throw fail(p, at: i, "end tag </\(Self.text(p, nameStart, nameEnd))> without a start tag; expected a \(documentName) document")
        }
        let topStart = top == 0 ? 0 : open[top - 1].nameEnd
        let topEnd = open[top].nameEnd
        var same = topEnd - topStart == nameEnd - nameStart
        if same {
            names.withUnsafeBufferPointer { stored in
                var k = 0
                while k < topEnd - topStart {
                    if stored[topStart + k] != p[nameStart + k] {
                        same = false
                        break
                    }
                    k += 1
                }
            }
        }
        if !same {
            let name = String(decoding: names[topStart..<topEnd], as: UTF8.self)
            throw fail(p, at: i, "mismatched end tag </\(Self.text(p, nameStart, nameEnd))>; expected </\(name)> to close the <\(name)> opened at line \(open[top].line)")
        }
        try closeElement(p, depth: top)
        names.removeLast(topEnd - topStart)
        open.removeLast()
        if open.isEmpty { rootClosed = true }
        return j + 1
    }

    /// A start tag at `i`, with its attributes; returns the position after it.
    private mutating func startTag(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, final: Bool) throws(TraceParseError) -> Int? {
        var j = i + 1
        if !Self.isNameStart(p[j]) {
            throw fail(p, at: j, "\(Self.describe(p[j])) after '<'; expected a tag name")
        }
        let nameStart = j
        // Colons are counted on the way: only a name with two needs `isWholeQName`.
        var nameColons = 0
        while j < n && Self.isNameChar(p[j]) {
            nameColons &+= p[j] == UInt8(ascii: ":") ? 1 : 0
            j += 1
        }
        if j >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, j))", expected: "'>'") }
        let nameEnd = j
        let kind = GPXName.classify(p, nameStart, nameEnd)
        let isPoint = kind == .trkpt || kind == .rtept || (kind == .wpt && readsWaypoints)
        var latStart = -1, latEnd = -1, lonStart = -1, lonEnd = -1
        var latHasReference = false, lonHasReference = false
        var selfClosing = false
        attributeNames.removeAll(keepingCapacity: true)
        while true {
            let before = j
            j = Self.skipSpace(p, n, j)
            if j >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, nameEnd))", expected: "'>'") }
            let b = p[j]
            if b == UInt8(ascii: ">") {
                j += 1
                break
            }
            if b == UInt8(ascii: "/") {
                if j + 1 >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, nameEnd))", expected: "'>'") }
                if p[j + 1] != UInt8(ascii: ">") {
                    throw fail(p, at: j, "'/' not followed by '>' in the tag <\(Self.text(p, nameStart, nameEnd))>; expected '/>'")
                }
                selfClosing = true
                j += 2
                break
            }
            if j == before || !Self.isNameStart(b) {
                throw fail(p, at: j, "\(Self.describe(b)) in the tag <\(Self.text(p, nameStart, nameEnd))>; expected white space, an attribute, '>' or '/>'")
            }
            let attributeStart = j
            var attributeColons = 0
            while j < n && Self.isNameChar(p[j]) {
                attributeColons &+= p[j] == UInt8(ascii: ":") ? 1 : 0
                j += 1
            }
            let attributeEnd = j
            if j < n {
                if !checkName(p, attributeStart, attributeEnd) {
                    throw fail(p, at: attributeStart, "a character XML does not allow in a name, in attribute \(Self.text(p, attributeStart, attributeEnd)) of <\(Self.text(p, nameStart, nameEnd))>; expected a name of letters, digits, '-', '.', '_' or ':'")
                }
                if attributeColons > 1 && !isWholeQName(p, attributeStart, attributeEnd) {
                    throw fail(p, at: attributeStart, "attribute \(Self.text(p, attributeStart, attributeEnd)) of <\(Self.text(p, nameStart, nameEnd))> has a second ':' followed by a character that cannot start a name, which XML namespaces do not allow; expected prefix:name")
                }
                for previous in attributeNames where previous.end - previous.start == attributeEnd - attributeStart
                    && (0..<(attributeEnd - attributeStart)).allSatisfy({ p[previous.start + $0] == p[attributeStart + $0] })
                {
                    throw fail(p, at: attributeStart, "attribute \(Self.text(p, attributeStart, attributeEnd)) given twice in <\(Self.text(p, nameStart, nameEnd))>; expected each attribute once")
                }
                attributeNames.append((attributeStart, attributeEnd))
            }
            j = Self.skipSpace(p, n, j)
            if j >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, nameEnd))", expected: "'>'") }
            if p[j] != UInt8(ascii: "=") {
                throw fail(p, at: j, "attribute \(Self.text(p, attributeStart, attributeEnd)) of <\(Self.text(p, nameStart, nameEnd))> has no value; expected \(Self.text(p, attributeStart, attributeEnd))=\"…\"")
            }
            j = Self.skipSpace(p, n, j + 1)
            if j >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, nameEnd))", expected: "'>'") }
            let quote = p[j]
            if quote != UInt8(ascii: "\"") && quote != UInt8(ascii: "'") {
                throw fail(p, at: j, "the value of attribute \(Self.text(p, attributeStart, attributeEnd)) is not quoted; expected \(Self.text(p, attributeStart, attributeEnd))=\"…\"")
            }
            j += 1
            let valueStart = j
            var hasReference = false
            while j < n {
                let c = p[j]
                if c < 64 && (Self.attributeStop >> UInt64(c)) & 1 != 0 {
                    if c == quote { break }
                    if c == UInt8(ascii: "&") {
                        hasReference = true
                    } else if c == UInt8(ascii: "<") {
                        throw fail(p, at: j, "'<' in the value of attribute \(Self.text(p, attributeStart, attributeEnd)); expected the closing quote first (escape '<' as &lt;)")
                    } else if c != UInt8(ascii: "\"") && c != UInt8(ascii: "'") && c != 0x09 && c != 0x0A && c != 0x0D {
                        throw fail(p, at: j, "\(Self.describe(c)) in the value of attribute \(Self.text(p, attributeStart, attributeEnd)); expected text (is this a binary file?)")
                    }
                }
                j += 1
            }
            if j >= n { return try wait(p, n, at: i, final: final, "inside the tag <\(Self.text(p, nameStart, nameEnd))", expected: "the closing quote and '>'") }
            let valueEnd = j
            j += 1
            if hasReference { _ = try decodeReferences(p, valueStart, valueEnd) }
            if isPoint && attributeEnd - attributeStart == 3 && p[attributeStart] == UInt8(ascii: "l") {
                if p[attributeStart + 1] == UInt8(ascii: "a") && p[attributeStart + 2] == UInt8(ascii: "t") {
                    latStart = valueStart
                    latEnd = valueEnd
                    latHasReference = hasReference
                } else if p[attributeStart + 1] == UInt8(ascii: "o") && p[attributeStart + 2] == UInt8(ascii: "n") {
                    lonStart = valueStart
                    lonEnd = valueEnd
                    lonHasReference = hasReference
                }
            }
        }
        // The whole tag is here: act on it.
        if !checkName(p, nameStart, nameEnd) {
            throw fail(p, at: nameStart, "a character XML does not allow in a name, in the tag <\(Self.text(p, nameStart, nameEnd))>; expected a name of letters, digits, '-', '.', '_' or ':'")
        }
        if nameColons > 1 && !isWholeQName(p, nameStart, nameEnd) {
            throw fail(p, at: nameStart, "the tag <\(Self.text(p, nameStart, nameEnd))> has a second ':' followed by a character that cannot start a name, which XML namespaces do not allow; expected <prefix:name>")
        }
        let depth = open.count
        if depth == 0 {
            if rootClosed {
                throw fail(p, at: i, "a second root element <\(Self.text(p, nameStart, nameEnd))> after \(rootEndTag); expected the end of the file")
            }
            if kind != .gpx && kind != .kml {
                throw fail(p, at: i, "the root element is <\(Self.text(p, nameStart, nameEnd))>; expected <gpx> or <kml> (is this a GPX or KML file?)")
            }
            if kind == .kml { summary.format = .kml }
            rootSeen = true
        }
        if depth >= Self.maxDepth {
            throw fail(p, at: i, "elements nested more than \(Self.maxDepth) deep; expected a \(documentName) document")
        }
        let line = lineAt(p, i)
        if pointKind == .none {
            if kind != .other && depth > 0 {
                let parent = open[depth - 1].kind
                switch kind {
                case .trk where parent == .gpx:
                    if readsWaypoints && depth == 1 { pointLines.append([]) }
                    summary.tracks += 1
                    segmentInTrack = 0
                    track.fixes.startSegment()
                case .trkseg where parent == .trk && depth == 2:  // not a look-alike inside <extensions>
                    summary.segments += 1
                    segmentInTrack += 1
                    track.beginPart(track: summary.tracks, segment: segmentInTrack)
                case .trkpt where parent == .trkseg && depth == 3:
                    trackPoints += 1
                    if trackPoints == 1 {
                        let limit = route.fixLimit
                        route = RawTrace()
                        route.fixLimit = limit
                    }
                    beginPoint(.track, p, depth: depth, line: line, lat: latStart, latEnd, latHasReference, lon: lonStart, lonEnd, lonHasReference)
                case .rte where parent == .gpx:
                    if readsWaypoints && depth == 1 { pointLines.append([]) }
                    summary.routes += 1
                    if trackPoints == 0 { route.beginPart(track: summary.routes, segment: 1) }
                case .rtept where parent == .rte && depth == 2:
                    summary.routePoints += 1
                    beginPoint(.route, p, depth: depth, line: line, lat: latStart, latEnd, latHasReference, lon: lonStart, lonEnd, lonHasReference)
                case .wpt where parent == .gpx:
                    summary.waypoints += 1
                    if readsWaypoints && depth == 1 {
                        beginWaypoint(p, line: line, lat: latStart, latEnd, latHasReference, lon: lonStart, lonEnd, lonHasReference)
                        if selfClosing { finishWaypoint() }
                    }
                default:
                    if summary.format == .kml { beginKML(kind, parent: parent, depth: depth, line: line, selfClosing: selfClosing) }
                }
            }
        } else if captureField == .none && !selfClosing {
            var field = Field.none
            if depth == pointDepth + 1 {
                switch kind {
                case .ele: field = .ele
                case .time: field = .time
                case .hdop: field = .hdop
                case .pdop: field = .pdop
                case .speed: field = .speed
                case .course: field = .course
                case .extensions: extensionsDepth = depth
                default: break
                }
            } else if extensionsDepth >= 0 && depth > extensionsDepth {
                switch kind {
                case .accuracy: field = .accuracy
                case .speed: field = .speed
                case .course, .bearing: field = .course
                default: break
                }
            }
            if field != .none { beginCapture(field, depth: depth, line: line) }
        }
        if readsWaypoints && depth > 0 && captureField == .none && !selfClosing {
            beginWaypointText(p, nameStart, nameEnd, kind: kind, depth: depth, line: line)
        }
        if selfClosing {
            if pointKind != .none && depth == pointDepth { finishPoint() }
            // An empty root element `<gpx/>` is the whole document: only comments, processing instructions and
            // white space may follow.
            if depth == 0 { rootClosed = true }
        } else {
            names.append(contentsOf: UnsafeBufferPointer(start: p + nameStart, count: nameEnd - nameStart))
            open.append(OpenElement(nameEnd: names.count, line: line, kind: kind))
        }
        return j
    }

    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>` at `i`.
    private mutating func bang(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, final: Bool) throws(TraceParseError) -> Int? {
        func matches(_ at: Int, _ word: StaticString) -> Bool {
            let w = word.utf8Start
            for k in 0..<word.utf8CodeUnitCount where at + k >= n || p[at + k] != w[k] { return false }
            return true
        }
        if i + 4 > n { return try wait(p, n, at: i, final: final, "inside '<!'", expected: "a comment, CDATA section or DOCTYPE") }
        if matches(i, "<!--") {
            var j = i + 4
            while j + 2 < n {
                if p[j] == UInt8(ascii: "-") && p[j + 1] == UInt8(ascii: "-") {
                    if p[j + 2] == UInt8(ascii: ">") { return j + 3 }
                    throw fail(p, at: j, "'--' inside a comment, which XML does not allow; expected '-->' to end it")
                }
                if Self.isControl(p[j]) { throw fail(p, at: j, "\(Self.describe(p[j])) in a comment, which XML does not allow; expected text") }
                j += 1
            }
            return try wait(p, n, at: i, final: final, "inside a comment", expected: "'-->'")
        }
        if i + 9 > n { return try wait(p, n, at: i, final: final, "inside '<!'", expected: "a comment, CDATA section or DOCTYPE") }
        if matches(i, "<![CDATA[") {
            var j = i + 9
            while j + 2 < n {
                if Self.isControl(p[j]) { throw fail(p, at: j, "\(Self.describe(p[j])) in a CDATA section, which XML does not allow; expected text") }
                if p[j + 2] == UInt8(ascii: ">") && p[j + 1] == UInt8(ascii: "]") && p[j] == UInt8(ascii: "]") {
                    if open.isEmpty {
                        throw fail(p, at: i, "a CDATA section outside the root element; expected <gpx>")
                    }
                    if captureField != .none { captureText(p, i + 9, j - (i + 9)) }
                    return j + 3
                }
                j += 1
            }
            return try wait(p, n, at: i, final: final, "inside a CDATA section", expected: "']]>'")
        }
        if matches(i, "<!DOCTYPE") {
            if rootSeen { throw fail(p, at: i, "a DOCTYPE inside the document; expected it before <gpx>") }
            if doctypeSeen { throw fail(p, at: i, "a second DOCTYPE; expected at most one, before <gpx>") }
            var j = i + 9
            var quote: UInt8 = 0
            var brackets = 0
            var subset = -1
            while j < n {
                let b = p[j]
                if Self.isControl(b) { throw fail(p, at: j, "\(Self.describe(b)) in the DOCTYPE, which XML does not allow; expected text") }
                if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: "[") {
                    if subset < 0 { subset = j }
                    brackets += 1
                } else if b == UInt8(ascii: "]") {
                    brackets -= 1
                } else if b == UInt8(ascii: ">") && brackets <= 0 {
                    if subset >= 0 {
                        throw fail(p, at: subset, "a DOCTYPE with an internal subset '[…]', declarations walkscape never reads; expected <!DOCTYPE gpx SYSTEM \"…\"> or no DOCTYPE")
                    }
                    try checkDoctype(p, from: i + 9, to: j)
                    doctypeSeen = true
                    return j + 1
                } else if b == UInt8(ascii: "<") {
                    if j + 8 > n && !final { return nil }
                    if matches(j, "<!ENTITY") {
                        throw fail(p, at: j, "the DOCTYPE declares entities, which walkscape never expands (entity-expansion attacks); expected a \(documentName) file without <!ENTITY declarations")
                    }
                }
                j += 1
            }
            return try wait(p, n, at: i, final: final, "inside the DOCTYPE", expected: "'>'")
        }
        throw fail(p, at: i, "unexpected '\(Self.text(p, i, min(n, i + 9)))'; expected a comment '<!--', a CDATA section '<![CDATA[' or '<!DOCTYPE'")
    }

    /// Checks the inside of a DOCTYPE without an internal subset (`p[from..<end]`, after `<!DOCTYPE`, before
    /// its `>`): white space, the root element's name, then optionally `SYSTEM "uri"` or `PUBLIC "id" "uri"`.
    private mutating func checkDoctype(_ p: UnsafePointer<UInt8>, from: Int, to end: Int) throws(TraceParseError) {
        func matches(_ at: Int, _ word: StaticString) -> Bool {
            let w = word.utf8Start
            for k in 0..<word.utf8CodeUnitCount where at + k >= end || p[at + k] != w[k] { return false }
            return true
        }
        /// The position after a quoted literal at `at`, nil when there is none; a public id allows fewer characters.
        func literal(_ at: Int, publicID: Bool) -> Int? {
            guard at < end, p[at] == UInt8(ascii: "\"") || p[at] == UInt8(ascii: "'") else { return nil }
            let quote = p[at]
            var k = at + 1
            while k < end && p[k] != quote {
                if publicID {
                    let b = p[k]
                    let letterOrDigit = (b | 0x20 >= 97 && b | 0x20 <= 122) || (b >= 48 && b <= 57)
                    guard letterOrDigit || b == 0x20 || b == 0x0D || b == 0x0A || "-'()+,./:=?;!*#@$_%".utf8.contains(b) else { return nil }
                }
                k += 1
            }
            return k < end ? k + 1 : nil
        }
        var j = from
        var valid = j < end && Self.isSpace(p[j])
        if valid {
            j = Self.skipSpace(p, end, j)
            let nameStart = j
            while j < end && Self.isNameChar(p[j]) { j += 1 }
            valid = j > nameStart && Self.isNameStart(p[nameStart]) && checkName(p, nameStart, j)
            var k = Self.skipSpace(p, end, j)
            if valid && k < end {
                var after: Int?
                if k > j && matches(k, "SYSTEM") && k + 6 < end && Self.isSpace(p[k + 6]) {
                    after = literal(Self.skipSpace(p, end, k + 6), publicID: false)
                } else if k > j && matches(k, "PUBLIC") && k + 6 < end && Self.isSpace(p[k + 6]),
                    let id = literal(Self.skipSpace(p, end, k + 6), publicID: true), id < end, Self.isSpace(p[id])
                {
                    after = literal(Self.skipSpace(p, end, id), publicID: false)
                }
                k = after.map { Self.skipSpace(p, end, $0) } ?? -1
                valid = k == end
            }
        }
        if !valid {
            throw fail(p, at: from - 9, "a malformed DOCTYPE; expected <!DOCTYPE gpx>, <!DOCTYPE gpx SYSTEM \"uri\"> or <!DOCTYPE gpx PUBLIC \"id\" \"uri\">")
        }
    }

    /// `<?target …?>` at `i`; the XML declaration is only allowed at the start of the file.
    private mutating func processingInstruction(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, final: Bool) throws(TraceParseError) -> Int? {
        var j = i + 2
        while j + 1 < n {
            if p[j] == UInt8(ascii: "?") && p[j + 1] == UInt8(ascii: ">") {
                let targetEnd = { () -> Int in
                    var k = i + 2
                    while k < j && Self.isNameChar(p[k]) { k += 1 }
                    return k
                }()
                if targetEnd == i + 2 || !Self.isNameStart(p[i + 2]) || !checkName(p, i + 2, targetEnd) {
                    throw fail(p, at: i, "'<?' without a target name; expected '<?xml version=\"1.0\"?>' or a processing instruction '<?name …?>'")
                }
                if targetEnd < j && !Self.isSpace(p[targetEnd]) {
                    throw fail(p, at: targetEnd, "\(Self.describe(p[targetEnd])) after the processing instruction's name <?\(Self.text(p, i + 2, targetEnd)); expected white space or '?>'")
                }
                if targetEnd - (i + 2) == 3 && p[i + 2] | 0x20 == UInt8(ascii: "x") && p[i + 3] | 0x20 == UInt8(ascii: "m") && p[i + 4] | 0x20 == UInt8(ascii: "l") {
                    // Only the declaration, checked at the start, may be called "xml" (in any case).
                    let declaration = p[i + 2] == UInt8(ascii: "x") && p[i + 3] == UInt8(ascii: "m") && p[i + 4] == UInt8(ascii: "l")
                    if base + i != documentStart {
                        throw fail(p, at: i, "an XML declaration '<?xml …?>' that is not at the very start of the file; expected it first or not at all")
                    }
                    if !declaration {
                        throw fail(p, at: i, "a processing instruction named '\(Self.text(p, i + 2, targetEnd))', a name XML reserves; expected the declaration <?xml version=\"1.0\"?> in lower case")
                    }
                }
                return j + 2
            }
            if Self.isControl(p[j]) { throw fail(p, at: j, "\(Self.describe(p[j])) in a processing instruction, which XML does not allow; expected text") }
            j += 1
        }
        return try wait(p, n, at: i, final: final, "inside a processing instruction '<?…'", expected: "'?>'")
    }

    /// A reference `&…;` in text at `i`: checked, and its character kept when a value is being read.
    /// Returns the position after it, or nil to wait for more bytes.
    private mutating func reference(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, final: Bool, capture: Bool) throws(TraceParseError) -> Int? {
        var j = i + 1
        let limit = i + Self.maxReferenceBytes
        while j < n && j < limit && p[j] != UInt8(ascii: ";") { j += 1 }
        // The byte at `limit` may still be the ';': wait for it too, or a chunk ending just before it would
        // refuse what the whole file reads (found by the KML fuzz target).
        if j >= n && j <= limit {
            return try wait(p, n, at: i, final: final, "inside a reference '&…'", expected: "';'")
        }
        guard j < n, p[j] == UInt8(ascii: ";") else {
            throw fail(p, at: i, "'&' that does not start a reference; expected &amp;, &lt;, &gt;, &quot;, &apos; or &#…;")
        }
        let decoded = try decodeReferences(p, i, j + 1)
        if capture {
            materializeCapture(p)
            decoded.withUnsafeBufferPointer { appendCapture($0.baseAddress!, $0.count) }
        }
        return j + 1
    }

    /// `p[start..<end]` with its references replaced by their characters (UTF-8); an error for a reference
    /// that is not a predefined entity or a valid numeric character reference.
    private mutating func decodeReferences(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(TraceParseError) -> [UInt8] {
        var out: [UInt8] = []
        var k = start
        while k < end {
            let b = p[k]
            if b != UInt8(ascii: "&") {
                out.append(b)
                k += 1
                continue
            }
            var semicolon = k + 1
            while semicolon < end && p[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < end, semicolon - k <= Self.maxReferenceBytes else {
                throw fail(p, at: k, "'&' that does not start a reference; expected &amp;, &lt;, &gt;, &quot;, &apos; or &#…;")
            }
            let name = Array(UnsafeBufferPointer(start: p + k + 1, count: semicolon - k - 1))
            switch name {
            case Array("lt".utf8): out.append(UInt8(ascii: "<"))
            case Array("gt".utf8): out.append(UInt8(ascii: ">"))
            case Array("amp".utf8): out.append(UInt8(ascii: "&"))
            case Array("quot".utf8): out.append(UInt8(ascii: "\""))
            case Array("apos".utf8): out.append(UInt8(ascii: "'"))
            default:
                var scalar: UInt32?
                if name.first == UInt8(ascii: "#") {
                    let digits = name.dropFirst()
                    // Digits only (Swift's parser would also take a sign).
                    if digits.first == UInt8(ascii: "x") {
                        let hex = digits.dropFirst()
                        let isHex = hex.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
                        scalar = isHex ? UInt32(String(decoding: hex, as: UTF8.self), radix: 16) : nil
                    } else {
                        scalar = digits.allSatisfy { $0 >= 48 && $0 <= 57 } ? UInt32(String(decoding: digits, as: UTF8.self), radix: 10) : nil
                    }
                    if let value = scalar, value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF) {
                        scalar = value
                    } else {
                        scalar = nil
                    }
                    guard let value = scalar, let unicode = Unicode.Scalar(value) else {
                        throw fail(p, at: k, "'&\(String(decoding: name, as: UTF8.self));' is not a valid character reference; expected &#NNN; or &#xHHHH; naming an XML character")
                    }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                } else {
                    throw fail(p, at: k, "undefined entity '&\(Self.text(p, k + 1, semicolon));'; expected one of &amp; &lt; &gt; &quot; &apos; or a character reference &#…; (custom entities are never expanded)")
                }
            }
            k = semicolon + 1
        }
        return out
    }

    // MARK: Points

    /// Starts reading the value of `field`, the element just opened at `depth` on `line`.
    @inline(__always)
    private mutating func beginCapture(_ field: Field, depth: Int, line: Int) {
        captureField = field
        captureDepth = depth
        captureLine = line
        captureOverflow = false
        captureBytes.removeAll(keepingCapacity: true)
        captureDirectStart = -1
    }

    /// Text of the value being read, at `p[start..<start + count]`.
    @inline(__always)
    private mutating func captureText(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) {
        if captureField == .coordinates {
            streamCoordinates(p + start, count)
            return
        }
        if captureField == .waypointText {
            appendWaypointText(p + start, count, literal: true)
            return
        }
        if captureDirectStart < 0 && captureBytes.isEmpty && !captureOverflow && count <= Self.maxValueBytes {
            captureDirectStart = start
            captureDirectCount = count
            return
        }
        materializeCapture(p)
        appendCapture(p + start, count)
    }

    /// Copies a value kept in the buffer to `captureBytes`.
    @inline(__always)
    private mutating func materializeCapture(_ p: UnsafePointer<UInt8>) {
        guard captureDirectStart >= 0 else { return }
        let start = captureDirectStart
        captureDirectStart = -1
        appendCapture(p + start, captureDirectCount)
    }

    /// Appends to the value being read; past `maxValueBytes` the value is cut there and marked as overflowing
    /// (the same first bytes however the input was cut into chunks, so that messages do not depend on it).
    @inline(__always)
    private mutating func appendCapture(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        if captureField == .coordinates {
            streamCoordinates(bytes, count)
            return
        }
        if captureField == .waypointText {
            appendWaypointText(bytes, count, literal: false)
            return
        }
        let room = Self.maxValueBytes - captureBytes.count
        if count > room {
            captureOverflow = true
            captureBytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: max(0, room)))
            return
        }
        captureBytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The number in an attribute value that contains references (already checked when it was read).
    private mutating func decodedNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard let bytes = try? decodeReferences(p, start, end) else { return nil }
        return ASCIINumber.parse(bytes)
    }

    private mutating func beginPoint(
        _ kind: PointKind, _ p: UnsafePointer<UInt8>, depth: Int, line: Int,
        lat latStart: Int, _ latEnd: Int, _ latHasReference: Bool, lon lonStart: Int, _ lonEnd: Int, _ lonHasReference: Bool
    ) {
        pointKind = kind
        pointDepth = depth
        pointLine = line
        pointTime = .nan
        pointEle = .nan
        pointHdop = .nan
        pointPdop = .nan
        pointAccuracy = .nan
        pointSpeed = .nan
        pointCourse = .nan
        extensionsDepth = -1
        if latStart < 0 || lonStart < 0 {
            pointProblem = .missingCoordinates
            return
        }
        // References in coordinates are legal XML, though never seen in practice; they were validated when
        // the attribute was read, so decoding cannot fail here.
        let lat = latHasReference ? decodedNumber(p, latStart, latEnd) : ASCIINumber.parse(p, latStart, latEnd)
        let lon = lonHasReference ? decodedNumber(p, lonStart, lonEnd) : ASCIINumber.parse(p, lonStart, lonEnd)
        pointLat = lat ?? .nan
        pointLon = lon ?? .nan
        pointProblem = RawTrace.coordinateProblem(lat: lat, lng: lon)
    }

    /// Reacts to the end of the element at `depth` (its end tag).
    private mutating func closeElement(_ p: UnsafePointer<UInt8>, depth: Int) throws(TraceParseError) {
        if captureField == .coordinates && depth == captureDepth {
            finishTuple()
            captureField = .none
            captureDepth = -1
            return
        }
        if depth == kmlTrackDepth { finishKMLTrack() }
        if readsWaypoints { closeWaypointElement(depth: depth) }
        if captureField != .none && depth == captureDepth {
            let problem: TraceParseError?
            if captureDirectStart >= 0 {
                let start = captureDirectStart
                captureDirectStart = -1
                problem = finishCapture(p + start, captureDirectCount)
            } else {
                let bytes = captureBytes
                problem = bytes.withUnsafeBufferPointer { finishCapture($0.baseAddress ?? p, $0.count) }
            }
            if let problem { throw problem }
        }
        if pointKind == .none { return }
        if depth == extensionsDepth { extensionsDepth = -1 }
        if depth == pointDepth { finishPoint() }
    }

    /// Reads the value `q[0..<count]` into the point; returns the error for a bad time.
    private mutating func finishCapture(_ q: UnsafePointer<UInt8>, _ count: Int) -> TraceParseError? {
        let field = captureField
        captureField = .none
        captureDepth = -1
        let line = captureLine
        let overflow = captureOverflow
        var k = 0
        while k < count && ASCIINumber.isSpace(q[k]) { k += 1 }
        if k == count && !overflow { return nil }
        if field == .coord {
            kmlCoords.append(Self.kmlPosition(overflow ? nil : Array(UnsafeBufferPointer(start: q, count: count)), separator: nil))
            return nil
        }
        if field == .time || field == .when {
            guard !overflow, let parsed = ISO8601Time.parse(q, 0, count) else {
                let shown = String(decoding: UnsafeBufferPointer(start: q, count: min(count, 40)), as: UTF8.self).trimmingSpaces()
                return TraceParseError(line: line, message: "bad time \"\(shown)\(overflow || count > 40 ? "…" : "")\"; expected an ISO 8601 time like 2026-05-09T09:00:00Z")
            }
            if field == .when {
                kmlWhens.append(parsed.seconds)
            } else {
                pointTime = parsed.seconds
            }
            if !parsed.hasZone { noteProblem(.timesWithoutZone, line: line) }
            return nil
        }
        guard !overflow, let value = ASCIINumber.parse(q, 0, count) else {
            noteProblem(.unreadableValues, line: line)
            return nil
        }
        let number = Float(value)
        switch field {
        case .ele: pointEle = number
        case .hdop: pointHdop = number
        case .pdop: pointPdop = number
        case .accuracy: if pointAccuracy.isNaN { pointAccuracy = number }
        case .speed: if pointSpeed.isNaN { pointSpeed = number }
        case .course: if pointCourse.isNaN { pointCourse = number }
        case .none, .time, .when, .coord, .coordinates, .waypointText: break
        }
        return nil
    }

    /// Notes a problem on the list of the points being kept.
    private mutating func noteProblem(_ problem: RawTrace.Problem, line: Int) {
        if pointKind == .route {
            if trackPoints == 0 { route.note(problem) { "line \(line)" } }
        } else {
            track.note(problem) { "line \(line)" }
        }
    }

    private mutating func finishPoint() {
        let kind = pointKind
        pointKind = .none
        extensionsDepth = -1
        let line = pointLine
        if readsWaypoints && pointProblem == nil && !pointLines.isEmpty {
            pointLines[pointLines.count - 1].append(LatLng(lat: pointLat, lng: pointLon))
        }
        if kind == .route && trackPoints > 0 { return }
        if let problem = pointProblem {
            noteProblem(problem, line: line)
            return
        }
        let hdop = pointHdop.isNaN ? pointPdop : pointHdop
        if kind == .track {
            track.append(
                time: pointTime, lat: pointLat, lng: pointLon, elevation: pointEle, accuracy: pointAccuracy, hdop: hdop,
                speed: pointSpeed, course: pointCourse, location: { "line \(line)" })
        } else {
            route.append(
                time: pointTime, lat: pointLat, lng: pointLon, elevation: pointEle, accuracy: pointAccuracy, hdop: hdop,
                speed: pointSpeed, course: pointCourse, location: { "line \(line)" })
        }
    }

    // MARK: Waypoints

    /// Starts the waypoint whose start tag is at line `line`, with its coordinates.
    private mutating func beginWaypoint(
        _ p: UnsafePointer<UInt8>, line: Int,
        lat latStart: Int, _ latEnd: Int, _ latHasReference: Bool, lon lonStart: Int, _ lonEnd: Int, _ lonHasReference: Bool
    ) {
        var read = GPXWaypoint(line: line)
        if latStart >= 0 { read.latitude = latHasReference ? decodedNumber(p, latStart, latEnd) : ASCIINumber.parse(p, latStart, latEnd) }
        if lonStart >= 0 { read.longitude = lonHasReference ? decodedNumber(p, lonStart, lonEnd) : ASCIINumber.parse(p, lonStart, lonEnd) }
        waypoint = read
        waypointExtensionsDepth = -1
    }

    /// Keeps the waypoint being read.
    private mutating func finishWaypoint() {
        if let read = waypoint { waypoints.append(read) }
        waypoint = nil
        waypointExtensionsDepth = -1
    }

    /// Acts on a start tag (not self-closing, no value being read) at `depth`: inside a waypoint, its
    /// `<extensions>` and the texts kept; `<metadata>` of the root and its `<name>`.
    private mutating func beginWaypointText(_ p: UnsafePointer<UInt8>, _ nameStart: Int, _ nameEnd: Int, kind: GPXName, depth: Int, line: Int) {
        var localStart = nameStart
        for k in nameStart..<nameEnd where p[k] == UInt8(ascii: ":") { localStart = k + 1 }
        let local = String(decoding: UnsafeBufferPointer(start: p + localStart, count: nameEnd - localStart), as: UTF8.self)
        var text: WaypointText?
        if waypoint != nil && depth > 1 {
            if waypointExtensionsDepth >= 0 {
                if GPXWaypoint.extensionNames.contains(local) { text = .extensionValue(local) }
            } else if kind == .extensions {
                waypointExtensionsDepth = depth
            } else if local == "name" {
                text = .name
            } else if local == "desc" {
                text = .description
            }
        } else if depth == 1 && local == "metadata" {
            metadataOpen = true
        } else if depth == 2 && metadataOpen && local == "name" {
            text = .title
        }
        guard let text else { return }
        beginCapture(.waypointText, depth: depth, line: line)
        waypointTextKind = text
        waypointText.removeAll(keepingCapacity: true)
        waypointTextOverflow = false
    }

    /// Appends text to the waypoint text being read: `literal` bytes of the document (transcoded to UTF-8 in
    /// a single-byte encoding), or the UTF-8 of a decoded reference.
    private mutating func appendWaypointText(_ bytes: UnsafePointer<UInt8>, _ count: Int, literal: Bool) {
        for k in 0..<count {
            guard waypointText.count < Self.maxWaypointTextBytes else {
                waypointTextOverflow = true
                return
            }
            let b = bytes[k]
            if literal && b >= 0x80 && requiresUTF8 == false {
                if latin1 {
                    waypointText.append(0xC0 | (b >> 6))
                    waypointText.append(0x80 | (b & 0x3F))
                } else {
                    waypointText.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD: names in other encodings are not read
                }
            } else {
                waypointText.append(b)
            }
        }
    }

    /// Reacts to the end of the element at `depth` for the waypoints: a text read, `<extensions>`, the
    /// waypoint itself, `<metadata>`.
    private mutating func closeWaypointElement(depth: Int) {
        if captureField == .waypointText && depth == captureDepth {
            captureField = .none
            captureDepth = -1
            let text = String(decoding: waypointText, as: UTF8.self)
            if waypointTextOverflow { waypoint?.hasOverlongText = true }
            switch waypointTextKind {
            case .name: waypoint?.name = text
            case .description: waypoint?.description = text
            case .extensionValue(let name): waypoint?.extensions[name] = text
            case .title: metadataName = text
            }
            waypointText.removeAll(keepingCapacity: true)
        }
        if depth == waypointExtensionsDepth { waypointExtensionsDepth = -1 }
        if depth == 1 {
            if waypoint != nil { finishWaypoint() }
            metadataOpen = false
        }
    }

    /// The checks at the end of the document without making a trace of it (a file of waypoints may have no
    /// track): what `readsWaypoints` kept is then complete. Returns the summary.
    public mutating func finishDocument() throws(TraceParseError) -> TraceSummary {
        if let failure { throw failure }
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        do throws(TraceParseError) {
            if !carry.isEmpty { try scanCarry(final: true) }
            if let limit = track.limitError ?? route.limitError { throw limit }
            return try completeRaw().1
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: KML

    /// Acts on a KML start tag outside any GPX point: a `gx:Track` or `LineString` starts a track, `<when>`,
    /// `<gx:coord>` and `<coordinates>` inside them are read, a `Point` is a waypoint.
    private mutating func beginKML(_ kind: GPXName, parent: GPXName, depth: Int, line: Int, selfClosing: Bool) {
        var field = Field.none
        switch kind {
        case .kmlTrack where kmlTrackDepth < 0:
            summary.tracks += 1
            summary.segments += 1
            kmlTrackDepth = selfClosing ? -1 : depth
            kmlTrackLine = line
            kmlWhens.removeAll(keepingCapacity: true)
            kmlCoords.removeAll(keepingCapacity: true)
        case .when where parent == .kmlTrack: field = .when
        case .coord where parent == .kmlTrack: field = .coord
        case .lineString:
            summary.tracks += 1
            summary.segments += 1
            track.beginPart(track: summary.tracks, segment: 1)
        case .coordinates where parent == .lineString: field = .coordinates
        case .kmlPoint: summary.waypoints += 1
        default: break
        }
        guard field != .none, !selfClosing, captureField == .none else { return }
        beginCapture(field, depth: depth, line: line)
        kmlTuple.removeAll(keepingCapacity: true)
        kmlTupleOverflow = false
    }

    /// Reads `<coordinates>` text as it streams in: tuples end at white space.
    private mutating func streamCoordinates(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        for k in 0..<count {
            let b = bytes[k]
            if Self.isSpace(b) {
                finishTuple()
            } else if kmlTuple.count < Self.maxValueBytes {
                kmlTuple.append(b)
            } else {
                kmlTupleOverflow = true
            }
        }
    }

    /// Appends the `<coordinates>` tuple read so far as an untimed fix.
    private mutating func finishTuple() {
        guard !kmlTuple.isEmpty || kmlTupleOverflow else { return }
        let position = Self.kmlPosition(kmlTupleOverflow ? nil : kmlTuple, separator: UInt8(ascii: ","))
        kmlTuple.removeAll(keepingCapacity: true)
        kmlTupleOverflow = false
        let line = captureLine
        if let problem = position.problem {
            track.note(problem) { "line \(line)" }
            return
        }
        track.append(
            time: .nan, lat: position.lat, lng: position.lng, elevation: position.elevation, accuracy: .nan, hdop: .nan,
            speed: .nan, course: .nan, location: { "line \(line)" })
    }

    /// A KML position: `lon,lat[,alt]` (`separator` ","), or `lon lat [alt]` (`separator` nil: white space).
    private static func kmlPosition(_ bytes: [UInt8]?, separator: UInt8?) -> (lat: Double, lng: Double, elevation: Float, problem: RawTrace.Problem?) {
        guard let bytes else { return (.nan, .nan, .nan, .unreadableCoordinates) }
        var fields: [ArraySlice<UInt8>] = []
        if let separator {
            fields = bytes.split(separator: separator, omittingEmptySubsequences: false)
        } else {
            fields = bytes.split(whereSeparator: { isSpace($0) })
        }
        guard fields.count >= 2 else { return (.nan, .nan, .nan, .missingCoordinates) }
        let lng = ASCIINumber.parse(Array(fields[0]))
        let lat = ASCIINumber.parse(Array(fields[1]))
        if let problem = RawTrace.coordinateProblem(lat: lat, lng: lng) { return (.nan, .nan, .nan, problem) }
        var elevation = Float.nan
        if fields.count >= 3, let value = ASCIINumber.parse(Array(fields[2])) { elevation = Float(value) }
        return (lat!, lng!, elevation, nil)
    }

    /// Ends a `gx:Track`: its times and positions become one part of fixes (untimed when the counts differ).
    private mutating func finishKMLTrack() {
        kmlTrackDepth = -1
        let line = kmlTrackLine
        track.beginPart(track: summary.tracks, segment: 1)
        var whens = kmlWhens
        if !whens.isEmpty && whens.count != kmlCoords.count {
            let counts = "\(whens.count) <when> for \(kmlCoords.count) <gx:coord>"
            track.note(.mismatchedTimes) { "line \(line): \(counts)" }
            whens = []
        }
        for (index, position) in kmlCoords.enumerated() {
            if let problem = position.problem {
                track.note(problem) { "line \(line)" }
                continue
            }
            track.append(
                time: whens.isEmpty ? .nan : whens[index], lat: position.lat, lng: position.lng, elevation: position.elevation,
                accuracy: .nan, hdop: .nan, speed: .nan, course: .nan, location: { "line \(line)" })
        }
        kmlWhens.removeAll()
        kmlCoords.removeAll()
    }

    // MARK: The end

    private mutating func complete() throws(TraceParseError) -> (Trace, TraceSummary) {
        let (raw, summary) = try completeRaw()
        var normalized = summary
        let trace = try TraceNormalizer(walkSpeed: walkSpeed, selection: selection).normalize(raw, into: &normalized)
        return (trace, normalized)
    }

    /// The checks at the end of the document, and the raw trace it replays (the track points, else the
    /// route points) with the summary so far.
    private func completeRaw() throws(TraceParseError) -> (RawTrace, TraceSummary) {
        let lastLine = countedLine - (lastByteIsNewline && countedLine > 1 ? 1 : 0)
        if !rootSeen {
            if !sawMarkup {
                throw TraceParseError(line: 1, message: "the file is empty\(total > documentStart ? " (only white space)" : ""); expected a \(documentName) document")
            }
            throw TraceParseError(line: lastLine, message: "the file has no root element; expected <gpx>")
        }
        if let top = open.indices.last {
            let start = top == 0 ? 0 : open[top - 1].nameEnd
            let name = String(decoding: names[start..<open[top].nameEnd], as: UTF8.self)
            throw TraceParseError(line: lastLine, message: "the file ends inside <\(name)> opened at line \(open[top].line); expected </\(name)> (is the file truncated?)")
        }
        var summary = self.summary
        let raw: RawTrace
        if trackPoints == 0 && summary.routePoints > 0 {
            raw = route
            summary.usedRoutePoints = true
            let routes = summary.routes == 1 ? "1 route" : "\(summary.routes) routes"
            summary.warnings.append("no track points; read the \(summary.routePoints) point\(summary.routePoints == 1 ? "" : "s") of \(routes) instead")
        } else {
            raw = track
        }
        return (raw, summary)
    }
}

extension GPXStreamParser: FixTakingTraceParser {
    /// The track points read so far (route points are never taken: they are replayed only when the file has
    /// no track point, which is known at the end).
    public mutating func takeFixes() -> Trace {
        track.takeFixes(before: track.fixes.count)
    }

    public mutating func finishTaking() throws(TraceParseError) -> (raw: RawTrace, summary: TraceSummary)? {
        if let failure { throw failure }
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        do throws(TraceParseError) {
            if !carry.isEmpty { try scanCarry(final: true) }
            if let limit = track.limitError ?? route.limitError { throw limit }
            let (raw, summary) = try completeRaw()
            return summary.usedRoutePoints ? nil : (raw, summary)
        } catch {
            failure = error
            throw error
        }
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
