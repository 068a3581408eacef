import WalkscapeCore
/// The file formats a GPS trace can be read from.
public enum TraceFormat: String, Sendable, Equatable, CaseIterable {
    /// GPX 1.0 or 1.1 (XML): track points, else route points.
    case gpx
    /// NMEA 0183 sentences: RMC for position and time, GGA for HDOP and elevation.
    case nmea
    /// GeoJSON: LineString and MultiLineString features with per-coordinate times.
    case geojson
    /// KML 2.2 (XML, read by the GPX scanner): `gx:Track` (times and positions) and `LineString`.
    case kml

    /// Whether `prefix` starts with the gzip magic bytes 1f 8b.
    public static func isGzip<C: Collection<UInt8>>(_ prefix: C) -> Bool {
        var iterator = prefix.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// The format of a (decompressed) file from its first bytes, with the file name's extension as a
    /// tiebreak when the content does not tell; nil when neither does.
    ///
    /// Content rules, after a UTF-8 byte order mark and white space: `<` is XML (GPX), `{` is JSON
    /// (GeoJSON), `$` or `!` is NMEA; otherwise a line starting with `$` among the first bytes means an NMEA
    /// log with a header. Extensions: `.gpx`, `.nmea`/`.nma`/`.log`, `.geojson`/`.json`, each optionally
    /// followed by `.gz`.
    /// UTF-16 text (a byte order mark, or zero bytes at every other position) is told by the ASCII it holds.
    public static func detect<C: Collection<UInt8>>(prefix: C, fileName: String) -> TraceFormat? {
        let bytes = asciiOfUTF16(Array(prefix.prefix(4096))) ?? Array(prefix.prefix(4096))
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "<"): return isKML(bytes[i...]) ? .kml : .gpx
            case UInt8(ascii: "{"): return .geojson
            case UInt8(ascii: "$"), UInt8(ascii: "!"): return .nmea
            default: break
            }
            var j = i
            while j + 1 < bytes.count {
                if bytes[j] == 0x0A && bytes[j + 1] == UInt8(ascii: "$") { return .nmea }
                j += 1
            }
        }
        return fromExtension(fileName)
    }

    /// The ASCII characters of UTF-16 text (either byte order, with or without a byte order mark; other
    /// characters become 0x80), or nil when `bytes` does not look like UTF-16.
    static func asciiOfUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        var body = ArraySlice(bytes)
        var littleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
            body = body.dropFirst(2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
            body = body.dropFirst(2)
        } else {
            guard bytes.count >= 8 else { return nil }
            let head = bytes.prefix(64)
            let even = stride(from: head.startIndex, to: head.endIndex - 1, by: 2).map { head[$0] }
            let odd = stride(from: head.startIndex + 1, to: head.endIndex, by: 2).map { head[$0] }
            if odd.allSatisfy({ $0 == 0 }) && even.allSatisfy({ $0 != 0 }) {
                littleEndian = true
            } else if even.allSatisfy({ $0 == 0 }) && odd.allSatisfy({ $0 != 0 }) {
                littleEndian = false
            } else {
                return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(body.count / 2)
        var i = body.startIndex
        while i + 1 < body.endIndex {
            let (low, high) = littleEndian ? (body[i], body[i + 1]) : (body[i + 1], body[i])
            out.append(high == 0 && low < 0x80 ? low : 0x80)
            i += 2
        }
        return out
    }

    /// Whether XML text starts a KML document: `<kml` comes before any `<gpx` in it.
    static func isKML(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        func find(_ word: String) -> Int? {
            let w = Array(word.utf8)
            guard text.count >= w.count else { return nil }
            for start in 0...(text.count - w.count) where text[start..<start + w.count].elementsEqual(w) { return start }
            return nil
        }
        guard let kml = find("<kml") else { return false }
        return find("<gpx").map { kml < $0 } ?? true
    }

    /// The format a file name's extension suggests (`.gz` is looked through), nil when it suggests none.
    public static func fromExtension(_ fileName: String) -> TraceFormat? {
        var name = fileName.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...] {
        case "gpx": return .gpx
        case "nmea", "nma", "log": return .nmea
        case "geojson", "json": return .geojson
        case "kml": return .kml
        default: return nil
        }
    }
}
