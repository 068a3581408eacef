import WalkscapeCore

/// Reads GPS trace files (GPX, `.gpx.gz`, NMEA, GeoJSON) into a `Trace`, in a stream.
///
/// The file is read in `chunkSize` pieces (decompressed through zlib when it starts with the gzip magic
/// bytes, whatever its name) and fed to the pure parser of its format, so a large GPX file never sits in
/// memory as text. The format is told by content (`<` GPX, `{` GeoJSON, `$` NMEA), then by extension.
public enum TraceFileReader {
    /// The size of each read, in bytes.
    public static let chunkSize = 1 << 20
    /// How many decompressed bytes are looked at to tell the format.
    static let sniffBytes = 4096

    /// Reads the trace in `path`; `walkSpeed` (metres a second) times fixes that have no time, and
    /// `selection` keeps one track or segment (the whole file by default).
    ///
    /// A file without fixes (only waypoints) is read without error: its summary says what it holds. Use
    /// `readForReplay` when fixes are required. A file with more than `fixLimit` fixes is an error (the
    /// fixes are held in memory; docs/traces.md, "Limits").
    /// `progress`, when given, hears the fraction of the file read (0…1) after every chunk, on this thread.
    public static func read(
        path: String, walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, selection: TraceSelection = TraceSelection(),
        fixLimit: Int = RawTrace.defaultFixLimit,
        progress: ((Double) -> Void)? = nil
    ) throws(TraceReadError) -> LoadedTrace {
        do {
            // The format is told from the first bytes, read (and decompressed) on their own, so that a large
            // first chunk of a gzip file never has to be held whole; then the file is read from the start.
            let prefix = try sniff(path)
            guard let format = TraceFormat.detect(prefix: prefix, fileName: path) else {
                throw TraceParseError(line: 1, message: unknownContent(prefix))
            }
            let source = try TraceByteSource(path: path, chunkSize: chunkSize)
            var loaded: LoadedTrace
            switch format {
            case .gpx, .kml:
                // One scanner reads both XML formats; the root element tells which.
                var parser = GPXStreamParser(walkSpeed: walkSpeed, fixLimit: fixLimit)
                parser.selection = selection
                if format == .kml { parser.documentName = "KML" }
                loaded = try run(parser, source: source, progress: progress)
            case .nmea:
                var parser = NMEAParser(walkSpeed: walkSpeed, fixLimit: fixLimit)
                parser.selection = selection
                loaded = try run(parser, source: source, progress: progress)
            case .geojson:
                var parser = GeoJSONTraceParser(walkSpeed: walkSpeed, fixLimit: fixLimit)
                parser.selection = selection
                loaded = try run(parser, source: source, progress: progress)
            }
            loaded.summary.compressed = source.isGzip
            return loaded
        } catch let error as TraceParseError {
            throw TraceReadError(path: path, line: error.line > 0 ? error.line : nil, message: error.message, kind: error.isOverFixLimit ? .overFixLimit : .malformed)
        } catch let error as TraceByteSource.Failure {
            if case .unreadable = error {
                throw TraceReadError(path: path, message: message(of: error), kind: .unreadable)
            }
            throw TraceReadError(path: path, message: message(of: error))
        } catch {
            throw TraceReadError(path: path, message: "\(error)")
        }
    }

    /// Reads the trace in `path` for replaying it: like `read`, and a file without fixes is an error.
    public static func readForReplay(
        path: String, walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, selection: TraceSelection = TraceSelection(),
        fixLimit: Int = RawTrace.defaultFixLimit, progress: ((Double) -> Void)? = nil
    ) throws(TraceReadError) -> LoadedTrace {
        let loaded = try read(path: path, walkSpeed: walkSpeed, selection: selection, fixLimit: fixLimit, progress: progress)
        if let problem = loaded.summary.replayProblem {
            throw TraceReadError(path: path, message: problem + "; expected at least one fix")
        }
        return loaded
    }

    /// The format of the file in `path` (content first, then extension) and whether it is gzip; nil format
    /// when neither tells. Reads at most one small chunk.
    public static func detect(path: String) throws(TraceReadError) -> (format: TraceFormat?, compressed: Bool) {
        do {
            let source = try TraceByteSource(path: path, chunkSize: sniffChunkSize)
            let prefix = try sniff(source)
            return (TraceFormat.detect(prefix: prefix, fileName: path), source.isGzip)
        } catch let error as TraceByteSource.Failure {
            if case .unreadable = error { throw TraceReadError(path: path, message: message(of: error), kind: .unreadable) }
            return (TraceFormat.fromExtension(path), true)
        } catch {
            throw TraceReadError(path: path, message: "\(error)", kind: .unreadable)
        }
    }

    /// The size of the one read that tells the format.
    static let sniffChunkSize = 64 << 10

    /// The first `sniffBytes` decompressed bytes of `path`.
    static func sniff(_ path: String) throws -> [UInt8] {
        try sniff(TraceByteSource(path: path, chunkSize: sniffChunkSize))
    }

    static func sniff(_ source: TraceByteSource) throws -> [UInt8] {
        var prefix: [UInt8] = []
        while prefix.count < sniffBytes, try source.next({ piece in
            if prefix.count < sniffBytes { prefix.append(contentsOf: piece.prefix(sniffBytes - prefix.count)) }
        }) {}
        return prefix
    }

    private static func run<P: TraceStreamParser>(_ parser: P, source: TraceByteSource, progress: ((Double) -> Void)?) throws -> LoadedTrace {
        var parser = parser
        while try source.next({ try parser.feed($0) }) {
            if let progress, source.fileSize > 0 { progress(min(1, Double(source.consumed) / Double(source.fileSize))) }
        }
        let (trace, summary) = try parser.finish()
        return LoadedTrace(trace: trace, summary: summary)
    }

    static func message(of failure: TraceByteSource.Failure) -> String {
        switch failure {
        case let .unreadable(message): return message
        case let .gzip(message): return message
        }
    }

    static func unknownContent(_ prefix: [UInt8]) -> String {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let b = bytes.first, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { bytes = bytes.dropFirst() }
        guard let b = bytes.first else {
            return "the file is empty; expected a GPS trace (GPX, GeoJSON or NMEA)"
        }
        let shown = b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16, uppercase: true)
        return "not a GPS trace: the file starts with \(shown); expected GPX ('<'), GeoJSON ('{') or NMEA ('$')"
    }
}
