import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// The GPX push parser must give the same answer however the bytes are cut into chunks.
@Suite struct TraceChunkingTests {
    /// A document using every feature whose tokens a chunk boundary can cut: BOM, declaration, DOCTYPE,
    /// comments, CDATA, references, both quote styles, prefixes, self-closing points, extensions, CRLF,
    /// warnings (a dropped fix, a time without zone, an unreadable value) and an out-of-order fix.
    static let document: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("""
        <?xml version="1.0" encoding="UTF-8"?>\r
        <!DOCTYPE gpx SYSTEM "gpx.dtd">\r
        <!-- a comment with <tags> & ampersands -->\r
        <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" version='1.1' creator="a &amp; b">\r
          <gpx:metadata><gpx:name><![CDATA[Walk <1>]]></gpx:name><gpx:desc>caf&#233; &lt;3</gpx:desc></gpx:metadata>\r
          <gpx:wpt lat="45.1" lon="7.1"><gpx:name>start</gpx:name></gpx:wpt>\r
          <gpx:trk><gpx:trkseg>\r
            <gpx:trkpt lat="45.0629500" lon="7.6788000"><gpx:ele>239.25</gpx:ele><gpx:time>2026-05-09T09:00:00.125Z</gpx:time><gpx:hdop>0.9</gpx:hdop></gpx:trkpt>\r
            <gpx:trkpt lon='7.6788120' lat='45.0629600'><gpx:time><![CDATA[2026-05-09T11:00:01+02:00]]></gpx:time>\r
              <gpx:extensions><ot:accuracy_horizontal>4.5</ot:accuracy_horizontal><tp:TrackPointExtension><tp:speed>1.31</tp:speed><tp:course>12.5</tp:course></tp:TrackPointExtension></gpx:extensions>\r
            </gpx:trkpt>\r
            <gpx:trkpt lat="91" lon="7"><gpx:time>2026-05-09T09:00:02Z</gpx:time></gpx:trkpt>\r
            <gpx:trkpt lat="45.0629800" lon="7.6788360"><gpx:time>2026-05-09T09:00:03</gpx:time><gpx:ele>n/a</gpx:ele></gpx:trkpt>\r
          </gpx:trkseg><gpx:trkseg>\r
            <gpx:trkpt lat="45.0629900" lon="7.6788480"><gpx:time>2026-05-09T08:59:59Z</gpx:time></gpx:trkpt>\r
          </gpx:trkseg></gpx:trk>\r
          <gpx:rte><gpx:rtept lat="1" lon="2"/></gpx:rte>\r
        </gpx:gpx>\r
        <!-- the end -->\r

        """.utf8)

    static func parse(_ bytes: [UInt8], chunks sizes: some Sequence<Int>) -> Result<(Trace, TraceSummary), TraceParseError> {
        var parser = GPXStreamParser()
        var offset = 0
        var sizes = sizes.makeIterator()
        do {
            while offset < bytes.count {
                let size = min(max(1, sizes.next() ?? bytes.count), bytes.count - offset)
                try parser.feed(Array(bytes[offset..<offset + size]))
                offset += size
            }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }

    static func same(_ a: Result<(Trace, TraceSummary), TraceParseError>, _ b: Result<(Trace, TraceSummary), TraceParseError>) -> Bool {
        switch (a, b) {
        case let (.success(x), .success(y)): return x.0.isIdentical(to: y.0) && x.1 == y.1
        case let (.failure(x), .failure(y)): return x == y
        default: return false
        }
    }

    @Test func theDocumentIsReadAsExpectedInOnePiece() throws {
        let (trace, summary) = try Self.parse(Self.document, chunks: [Self.document.count]).get()
        expectEqual(summary.fixes, 4)
        expectEqual(summary.waypoints, 1)
        expectEqual(summary.segments, 2)
        expectEqual(summary.routePoints, 1)
        expectEqual(trace.latitudes, [45.0629900, 45.0629500, 45.0629600, 45.0629800])
        expectEqual(trace.accuracies[2], 4.5)
        expectEqual(trace.speeds[2], 1.31)
        expectEqual(trace.courses[2], 12.5)
        expectEqual(trace.elevations[1], 239.25)
        expectEqual(trace.segmentStarts, [0, 1])
        expectEqual(summary.warnings.count, 4)
    }

    @Test func oneByteAtATimeGivesTheSameResult() {
        let whole = Self.parse(Self.document, chunks: [Self.document.count])
        let bytewise = Self.parse(Self.document, chunks: repeatElement(1, count: Self.document.count))
        expectTrue(Self.same(whole, bytewise))
    }

    @Test func randomChunkSizesGiveTheSameResult() {
        let whole = Self.parse(Self.document, chunks: [Self.document.count])
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<200 {
            let sizes = (0..<Self.document.count).map { _ in Int.random(in: 1...64, using: &generator) }
            expectTrue(Self.same(whole, Self.parse(Self.document, chunks: sizes)))
        }
    }

    @Test func everySplitPointGivesTheSameResult() {
        let whole = Self.parse(Self.document, chunks: [Self.document.count])
        for split in 1..<Self.document.count {
            expectTrue(Self.same(whole, Self.parse(Self.document, chunks: [split, Self.document.count])), "split at \(split)")
        }
    }

    @Test func errorsAreTheSameWhateverTheChunking() {
        let broken: [[UInt8]] = [
            Array("<gpx>\n<trk>\n<trkseg>\n</trk>\n</gpx>".utf8),
            Array("<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"1\"><time>yesterday</time></trkpt>".utf8),
            Array("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY a \"b\">\n]>\n<gpx/>".utf8),
            Array("<gpx>\n<name>&bogus;</name>\n</gpx>".utf8),
            Array("<gpx>\n<trk>\n<!-- unterminated".utf8),
            Array(Self.document.dropLast(40)),
        ]
        var generator = SeededGenerator(seed: 7)
        for bytes in broken {
            let whole = Self.parse(bytes, chunks: [bytes.count])
            guard case .failure = whole else {
                Issue.record("expected an error for \(String(decoding: bytes.prefix(40), as: UTF8.self))")
                continue
            }
            expectTrue(Self.same(whole, Self.parse(bytes, chunks: repeatElement(1, count: bytes.count))))
            for _ in 0..<20 {
                let sizes = (0..<bytes.count).map { _ in Int.random(in: 1...16, using: &generator) }
                expectTrue(Self.same(whole, Self.parse(bytes, chunks: sizes)))
            }
        }
    }
}
