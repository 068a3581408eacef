import WalkscapeCore

/// Replays a trace file through the trigger engine as it is read, in constant memory: the fixes of each
/// piece of the file go to the engine and are dropped, so a trace of any length (30 million fixes in a
/// gzip file) is replayed with the memory of one chunk.
///
/// This is possible when reading the file whole would not change the fixes (`StreamedTraceTally`): a GPX,
/// KML or NMEA file whose fixes all have a time, in time order, read whole (no `--track`/`--segment`).
/// For anything else `simulate` returns nil before or while reading, and the caller reads the file whole
/// with `TraceFileReader.readForReplay` (which refuses more than `RawTrace.defaultFixLimit` fixes): a trace out
/// of time order must be sorted, fixes without a time are timed from their neighbours, GeoJSON is one JSON
/// document, and a GPX file's route points are replayed only when it has no track point. The timeline and the
/// warnings are the same either way (docs/reliability.md, "Streaming replay").
public enum TraceReplayStream {
    /// A replay made while reading.
    public struct Outcome: Sendable {
        /// The walk's timeline, as `Simulation.run` gives it for the trace read whole.
        public var timeline: Timeline
        /// The trace's summary warnings, as `TraceFileReader.read` gives them.
        public var warnings: [String]
        /// The warning for a trace that never comes near the tour (`TraceReach.farWarning`), else nil.
        public var farWarning: String?
    }

    /// The timeline of the trace in `path` walked against `tour` under `policy`, made while reading; nil
    /// when the trace is not one that can be replayed as a stream (then read it whole). `reachTargets` are
    /// the tour's points and route vertices for the far-away warning. Errors are `TraceFileReader.read`'s.
    public static func simulate(
        path: String, walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, selection: TraceSelection = TraceSelection(),
        tour: EngineTour, policy: EnginePolicy, reachTargets: [LatLng]
    ) throws(TraceReadError) -> Outcome? {
        guard selection.isAll else { return nil }
        do {
            let prefix = try TraceFileReader.sniff(path)
            guard let format = TraceFormat.detect(prefix: prefix, fileName: path) else {
                throw TraceParseError(line: 1, message: TraceFileReader.unknownContent(prefix))
            }
            let source = try TraceByteSource(path: path, chunkSize: TraceFileReader.chunkSize)
            var replay = Replay(tour: tour, policy: policy, reachTargets: reachTargets)
            switch format {
            case .gpx, .kml:
                var parser = GPXStreamParser(walkSpeed: walkSpeed)
                if format == .kml { parser.documentName = "KML" }
                return try replay.run(parser, source: source)
            case .nmea:
                var parser = NMEAParser(walkSpeed: walkSpeed)
                parser.selection = selection
                return try replay.run(parser, source: source)
            case .geojson:
                return nil
            }
        } catch let error as TraceParseError {
            throw TraceReadError(path: path, line: error.line > 0 ? error.line : nil, message: error.message)
        } catch let error as TraceByteSource.Failure {
            if case .unreadable = error {
                throw TraceReadError(path: path, message: TraceFileReader.message(of: error), kind: .unreadable)
            }
            throw TraceReadError(path: path, message: TraceFileReader.message(of: error))
        } catch {
            throw TraceReadError(path: path, message: "\(error)")
        }
    }

    /// The engine, the tally and the reach measure, fed together.
    private struct Replay {
        var simulation: SimulationStream
        var tally = StreamedTraceTally()
        var approach: TraceReach.Approach
        var streamable = true

        init(tour: EngineTour, policy: EnginePolicy, reachTargets: [LatLng]) {
            simulation = SimulationStream(tour: tour, policy: policy)
            approach = TraceReach.Approach(to: reachTargets, stopWithin: TraceReach.farMeters)
        }

        mutating func pass(_ batch: Trace) {
            guard streamable, batch.count > 0 else { return }
            guard tally.accepts(batch) else {
                streamable = false
                return
            }
            simulation.feed(batch)
            approach.feed(batch)
        }

        /// Reads the whole file, passing the fixes on after every piece; nil as soon as the trace turns out
        /// not to be streamable (the rest is not read).
        mutating func run<P: FixTakingTraceParser>(_ parser: P, source: TraceByteSource) throws -> Outcome? {
            var parser = parser
            while streamable, try source.next({ piece in
                try parser.feed(piece)
                pass(parser.takeFixes())
            }) {}
            guard streamable, let (raw, summary) = try parser.finishTaking() else { return nil }
            pass(raw.fixes)
            guard streamable, tally.fixes > 0 else { return nil }
            var summaryWithCompression = summary
            summaryWithCompression.compressed = source.isGzip
            return Outcome(
                timeline: simulation.finish(), warnings: tally.warnings(raw: raw, summary: summaryWithCompression),
                farWarning: TraceReach.farWarning(approach))
        }
    }
}
