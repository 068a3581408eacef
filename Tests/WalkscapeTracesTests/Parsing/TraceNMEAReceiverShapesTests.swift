import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore
@testable import WalkscapeTraces

/// What real receivers write, in small logs made here (each shape is one seen in gpsd's regression corpus,
/// which `tools/oracle/gpsd_fixes.py` replays through gpsd and walkscape when `../shared/real` is present).
@Suite struct TraceNMEAReceiverShapesTests {
    static func sentence(_ body: String) -> [UInt8] { Array(TraceNMEAParserTests.sentence(body).utf8) }
    static let crlf: [UInt8] = [0x0D, 0x0A]

    /// Reads `bytes` fed in chunks of `chunk` bytes.
    static func read(_ bytes: [UInt8], chunk: Int = .max, date: Int? = nil) throws -> (Trace, TraceSummary) {
        var parser = NMEAParser()
        parser.selection.date = date
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + max(1, min(chunk, bytes.count - offset)))
            try parser.feed(Array(bytes[offset..<end]))
            offset = end
        }
        return try parser.finish()
    }

    static func lines(_ bodies: [String]) -> [UInt8] { bodies.flatMap { sentence($0) + crlf } }

    static func times(_ trace: Trace) -> [String] { trace.times.map(ISO8601Time.format) }

    /// A u-blox receiver interleaving UBX packets with NMEA: the packets run straight into the `$` (no line
    /// end between), and hold bytes that look like sentence starts. Every sentence is found, whatever the
    /// chunking, and the binary bytes are counted, not taken for bad checksums.
    @Test func binaryPacketsBeforeTheDollarAreSkippedAndCounted() throws {
        let ubx: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x05, 0x00, 0x24, 0x47, 0x00, 0xFF, 0x0A, 0x9C]  // holds "$G", NUL and LF
        let nuls = [UInt8](repeating: 0, count: 7)
        var log: [UInt8] = []
        for second in 0..<4 {
            log += ubx + Self.sentence("GNRMC,12000\(second).00,A,4500.000\(second),N,00700.0000,E,0.5,90.0,120419,,,A,V") + Self.crlf
            log += nuls + Self.sentence("GNGGA,12000\(second).00,4500.000\(second),N,00700.0000,E,4,12,0.6,250.0,M,47.0,M,1.0,0000") + Self.crlf
        }
        let whole = try Self.read(log)
        expectEqual(Self.times(whole.0), (0..<4).map { "2019-04-12T12:00:0\($0)Z" })
        expectEqual(whole.0.hdops, [0.6, 0.6, 0.6, 0.6])
        expectEqual(whole.1.warnings, ["skipped 76 bytes of binary data between the NMEA sentences (a receiver's binary protocol) (first at line 1)"])
        for chunk in [1, 2, 3, 5, 13] {
            let parts = try Self.read(log, chunk: chunk)
            expectTrue(parts.0.isIdentical(to: whole.0), "chunk \(chunk)")
            expectEqual(parts.1, whole.1, "chunk \(chunk)")
        }
    }

    /// A Hemisphere receiver: GGA and ZDA, no RMC. GGA fixes are dated by the ZDA of the same second, or by
    /// the last date seen; the empty no-fix GGA sentences are counted as such, not as unreadable.
    @Test func ggaFixesAreDatedByZDA() throws {
        let log = Self.lines([
            "GPGGA,,,,,,0,,,,M,,M,,",
            "GPZDA,193913.00,07,09,2018,00,00",
            "GPGGA,194057.50,4221.8237,N,07101.9439,W,1,08,1.2,7.671,M,-33.057,M,,",
            "GPGGA,194058.00,4221.8236,N,07101.9439,W,1,08,1.2,6.786,M,-33.057,M,,",
            "GPZDA,194058.00,07,09,2018,00,00",
        ])
        let (trace, summary) = try Self.read(log)
        expectEqual(Self.times(trace), ["2018-09-07T19:40:57.500Z", "2018-09-07T19:40:58Z"])
        expectTrue(abs(trace.latitudes[0] - (42 + 21.8237 / 60)) < 1e-9)
        expectTrue(trace.longitudes[0] < 0)
        expectEqual(trace.elevations, [7.671, 6.786])
        expectEqual(summary.warnings, ["skipped 1 sentence that reports no satellite fix (RMC or GLL status V, GGA quality 0, GNS mode N) (first at line 1)"])
    }

    /// GGA before any date: dropped and counted as undated; the same log with a ZDA first keeps them.
    @Test func fixesBeforeTheFirstDateAreCountedAsUndated() throws {
        let gga = ["GPGGA,235958,4500.0000,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,", "GPGGA,235959,4500.0001,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,"]
        let (undated, summary) = try Self.read(Self.lines(gga + ["GPZDA,000000,01,01,2026,00,00", "GPGGA,000000,4500.0002,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,"]))
        expectEqual(Self.times(undated), ["2026-01-01T00:00:00Z"])
        expectEqual(summary.warnings, ["dropped 2 fixes with no date (GGA, GLL or GNS before the first RMC or ZDA gave one; give the walk's date with --date YYYY-MM-DD) (first at line 1)"])
        // Dated by a ZDA before them; midnight passes between the second and the third fix.
        let (dated, _) = try Self.read(Self.lines(["GPZDA,235957,31,12,2025,00,00"] + gga + ["GPGGA,000000,4500.0002,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,"]))
        expectEqual(Self.times(dated), ["2025-12-31T23:59:58Z", "2025-12-31T23:59:59Z", "2026-01-01T00:00:00Z"])
    }

    /// `--date`: a log of GGA alone (GPSBabel's `adddate.nmea` is one) is dated from the given day on, midnight
    /// passing as it does with a ZDA; a date the log gives later wins over it.
    @Test func theGivenDateDatesALogThatNeverSaysIt() throws {
        let gga = ["GPGGA,235958,4500.0000,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,", "GPGGA,235959,4500.0001,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,",
            "GPGGA,000000,4500.0002,N,00700.0000,E,1,05,1.0,10.0,M,0.0,M,,"]
        let day = try TraceSelection.days(ofDate: "2015-03-01").get()
        let (trace, summary) = try Self.read(Self.lines(gga), date: day)
        expectEqual(Self.times(trace), ["2015-03-01T23:59:58Z", "2015-03-01T23:59:59Z", "2015-03-02T00:00:00Z"])
        expectEqual(summary.warnings, [])
        // The log's own date from its ZDA on.
        let (mixed, _) = try Self.read(Self.lines(Array(gga.prefix(2)) + ["GPZDA,000000,01,01,2026,00,00", gga[2]]), date: day)
        expectEqual(Self.times(mixed), ["2015-03-01T23:59:58Z", "2015-03-01T23:59:59Z", "2026-01-01T00:00:00Z"])
        // Dates outside what a trace is read in, or not written YYYY-MM-DD, are refused with the form expected.
        expectEqual(TraceSelection.days(ofDate: "2015-02-29"), .failure(ValueProblem("--date 2015-02-29 is not a day from 1980-01-01 to 2099-12-31")))
        expectEqual(TraceSelection.days(ofDate: "1979-12-31"), .failure(ValueProblem("--date 1979-12-31 is not a day from 1980-01-01 to 2099-12-31")))
        for bad in ["2015-3-01", "01/03/2015", "2015-03-01T00:00", "", "２０１５-03-01", "+015-03-01"] {
            expectEqual(TraceSelection.days(ofDate: bad), .failure(ValueProblem("--date must be a date written YYYY-MM-DD (2026-05-01), not '\(bad)'")))
        }
    }

    /// GNS and GLL give positions; every constellation's talker is read; a GNS whose modes are all N is no fix.
    @Test func gnsAndGllFromEveryTalker() throws {
        let log = Self.lines([
            "GNRMC,100000.00,A,4500.0000,N,00700.0000,E,0.0,0.0,010526,,,A",
            "GLGNS,100001.00,4500.0010,N,00700.0000,E,NA,08,1.1,100.0,47.0,,",
            "GAGNS,100002.00,4500.0020,N,00700.0000,E,NN,00,,,,,",
            "GBGLL,4500.0030,N,00700.0000,E,100003.00,A,A",
            "GPGLL,4500.0040,N,00700.0000,E,100004.00,V,N",
            "GAGLL,4500.0050,N,00700.0000,E,100005.00,A,D",
        ])
        let (trace, summary) = try Self.read(log)
        expectEqual(Self.times(trace), ["2026-05-01T10:00:00Z", "2026-05-01T10:00:01Z", "2026-05-01T10:00:03Z", "2026-05-01T10:00:05Z"])
        expectEqual(trace.latitudes.map { Int((($0 - 45) * 60 * 10_000).rounded()) }, [0, 10, 30, 50])
        expectTrue(trace.hdops[1] == 1.1 && trace.elevations[1] == 100)
        expectEqual(summary.warnings, ["skipped 2 sentences that report no satellite fix (RMC or GLL status V, GGA quality 0, GNS mode N) (first at line 3)"])
    }

    /// The last valid position of a second wins (gpsd reports the GGA's when it follows the RMC), and a
    /// sentence repeated within one second starts another fix (a logger repeating its fix).
    @Test func lastPositionOfASecondWinsAndRepeatsAreNewFixes() throws {
        let log = Self.lines([
            "GPRMC,123446.000,A,5356.21447,N,02734.85936,E,00.00,252.7,290508,,,A",
            "GPGGA,123446.000,5356.21451,N,02734.85943,E,1,04,07.2,251.9,M,26.0,M,,",
            "GPRMC,123446.000,A,5356.21460,N,02734.85943,E,00.00,252.7,290508,,,A",
        ])
        let (trace, _) = try Self.read(log)
        expectEqual(trace.count, 2)
        expectTrue(abs(trace.latitudes[0] - (53 + 56.21451 / 60)) < 1e-9)
        expectTrue(trace.hdops[0] == 7.2 && trace.speeds[0] == 0 && trace.courses[0] == 252.7)
        expectTrue(abs(trace.latitudes[1] - (53 + 56.21460 / 60)) < 1e-9)
    }

    /// UTF-16 logs (as Windows tools save them), little or big endian, with or without a byte order mark,
    /// read as the same fixes, in any chunking; the format is told from the content.
    @Test func utf16LogsAreRead() throws {
        let text = "# a comment\r\n" + TraceNMEAParserTests.sentence("GPRMC,090000,A,4500.000,N,00700.000,E,1.0,90.0,090526,,") + "\r\n"
            + TraceNMEAParserTests.sentence("GPRMC,090001,A,4500.001,N,00700.000,E,1.0,90.0,090526,,") + "\r\n"
        let ascii = try Self.read(Array(text.utf8))
        expectEqual(ascii.0.count, 2)
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, bytes) in [("LE+BOM", [0xFF, 0xFE] + littleEndian), ("BE+BOM", [0xFE, 0xFF] + bigEndian), ("LE", littleEndian), ("BE", bigEndian)] {
            expectEqual(TraceFormat.detect(prefix: bytes, fileName: "walk.txt"), .nmea, "\(name)")
            for chunk in [1, 3, 64, .max] {
                let read = try Self.read(bytes, chunk: chunk)
                expectTrue(read.0.isIdentical(to: ascii.0), "\(name), chunk \(chunk)")
                expectTrue(read.1 == ascii.1, "\(name), chunk \(chunk)")
            }
        }
    }

    /// A log in a binary protocol only says so in one line, and why it cannot be replayed.
    @Test func aBinaryOnlyLogSaysSo() throws {
        var log = Array("# Name: u-blox NEO-M8N\n".utf8)
        for i in 0..<50 { log += [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00, UInt8(i), 0x00, 0xC3, 0x11] }
        let (trace, summary) = try Self.read(log)
        expectEqual(trace.count, 0)
        expectEqual(summary.warnings, [
            "ignored 1 line that is not an NMEA sentence (first at line 1)",
            "found no NMEA sentence, only 500 bytes of binary data: a receiver's binary protocol (UBX, SiRF, TSIP, …), which walkscape does not read; have the receiver or gpsd log NMEA 0183 (first at line 2)",
        ])
        expectEqual(summary.replayProblem, "no fixes to replay (no RMC, GGA, GLL or GNS sentence with a satellite fix and a date)")
    }

    // MARK: Live input

    /// Feeds `text` and returns the fixes handed over so far.
    static func take(_ parser: inout NMEAParser, _ bodies: [String]) throws -> Int {
        try parser.feed(lines(bodies))
        return parser.takeFixes().count
    }

    /// An epoch with both an RMC and a GGA is handed over at once, before the next second's first sentence.
    @Test func anEpochWithRMCAndGGAIsHandedOverAtOnce() throws {
        var parser = NMEAParser()
        try expectEqual(Self.take(&parser, ["GPRMC,100000,A,4500.000,N,00700.000,E,0,0,010526,,"]), 0)
        try expectEqual(Self.take(&parser, ["GPGGA,100000,4500.000,N,00700.000,E,1,08,0.9,10.0,M,47.0,M,,"]), 1)
        // A late sentence of that second is dropped, not made a second fix.
        try expectEqual(Self.take(&parser, ["GPGLL,4500.000,N,00700.000,E,100000,A,A"]), 0)
        try expectEqual(Self.take(&parser, ["GPRMC,100001,A,4500.001,N,00700.000,E,0,0,010526,,"]), 0)
        let rest = try parser.finishTaking()
        expectTrue(rest?.raw.fixes.count == 1)
    }

    /// A receiver whose cycle is RMC, GLL (no GGA): after two cycles that end with GLL, a GLL ends the epoch.
    @Test func theCycleEnderIsLearnt() throws {
        var parser = NMEAParser()
        func cycle(_ second: Int) -> [String] {
            ["GPRMC,10000\(second),A,4500.00\(second),N,00700.000,E,0,0,010526,,", "GPGLL,4500.00\(second),N,00700.000,E,10000\(second),A,A"]
        }
        try expectEqual(Self.take(&parser, cycle(0)), 0)  // nothing learnt yet: the epoch may go on
        try expectEqual(Self.take(&parser, cycle(1)), 1)  // second 0 ended when second 1 began
        // Second 1 ended by time: GLL ended two cycles, so it is learnt, and second 2 is handed over at its GLL.
        try expectEqual(Self.take(&parser, cycle(2)), 2)
        try expectEqual(Self.take(&parser, cycle(3)), 1)
        try expectEqual(Self.take(&parser, [cycle(4)[0]]), 0)
        try expectEqual(Self.take(&parser, [cycle(4)[1]]), 1)
    }
}
