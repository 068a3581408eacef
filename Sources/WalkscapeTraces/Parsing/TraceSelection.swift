import WalkscapeCore
/// Which part of a trace file to replay: one track, one segment of it, or (the default) everything as one walk.
public struct TraceSelection: Sendable, Equatable {
    /// The track's number, from 1; nil for every track.
    public var track: Int?
    /// The segment's number within the track, from 1; nil for every segment.
    public var segment: Int?
    /// The walk's first date, in days since 1970-01-01, for fixes that carry a time of day and no date (an NMEA
    /// log of GGA, GLL or GNS with no RMC or ZDA): `--date`. A date the file gives wins over it.
    public var date: Int?

    public init(track: Int? = nil, segment: Int? = nil, date: Int? = nil) {
        self.track = track
        self.segment = segment
        self.date = date
    }

    /// The days since 1970-01-01 of `text`, a date written `YYYY-MM-DD` from 1980 to 2099 (the years a GPS
    /// trace's times are read in), or what is wrong with it.
    public static func days(ofDate text: String) -> Result<Int, ValueProblem> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), parts[0].count == 4
        else { return .failure(ValueProblem("--date must be a date written YYYY-MM-DD (2026-05-01), not '\(text.prefix(40))'")) }
        guard (1980...2099).contains(year), (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year, month) else {
            return .failure(ValueProblem("--date \(text) is not a day from 1980-01-01 to 2099-12-31"))
        }
        return .success(ISO8601Time.daysFromCivil(year: year, month: month, day: day))
    }

    /// Whether the whole file is read.
    public var isAll: Bool { track == nil && segment == nil }

    /// The indices into `parts` that the selection picks, or why it picks none that exist.
    public func pick(from parts: [TracePart]) -> Result<[Int], TraceParseError> {
        if isAll { return .success(Array(parts.indices)) }
        let tracks = parts.last?.track ?? 0
        func fail(_ message: String) -> Result<[Int], TraceParseError> { .failure(TraceParseError(line: 0, message: message)) }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var track = self.track
        if track == nil {
            guard tracks == 1 else {
                return fail("a segment was chosen but the file has \(plural(tracks, "track")); expected --track N with --segment (walkscape inspect lists them)")
            }
            track = 1
        }
        guard let track, track >= 1, track <= tracks else {
            return fail("track \(self.track ?? 0) was chosen but the file has \(plural(tracks, "track")); expected --track 1\(tracks > 1 ? " to \(tracks)" : "") (walkscape inspect lists them)")
        }
        let inTrack = parts.indices.filter { parts[$0].track == track }
        guard let segment else {
            if inTrack.allSatisfy({ parts[$0].fixes == 0 }) {
                let others = Array(Set(parts.filter { $0.fixes > 0 }.map(\.track))).sorted()
                if let first = others.first {
                    return fail("track \(track) has no fixes; \(Self.numbers(others, "track")) \(others.count == 1 ? "does" : "do") (use --track \(first))")
                }
            }
            return .success(inTrack)
        }
        guard let index = inTrack.first(where: { parts[$0].segment == segment }) else {
            return fail("segment \(segment) of track \(track) was chosen but that track has \(plural(inTrack.count, "segment")); expected --segment 1\(inTrack.count > 1 ? " to \(inTrack.count)" : "")")
        }
        if parts[index].fixes == 0 {
            let others = inTrack.filter { parts[$0].fixes > 0 }.map { parts[$0].segment }
            if let first = others.first {
                return fail("segment \(segment) of track \(track) has no fixes; \(Self.numbers(others, "segment")) \(others.count == 1 ? "does" : "do") (use --segment \(first))")
            }
        }
        return .success([index])
    }

    /// `track 3`, `tracks 2–8` (a run), or `tracks 2, 4 and 7`.
    static func numbers(_ values: [Int], _ word: String) -> String {
        guard let first = values.first, let last = values.last else { return "no \(word)s" }
        if values.count == 1 { return "\(word) \(first)" }
        if last - first == values.count - 1 { return "\(word)s \(first)–\(last)" }
        return "\(word)s " + values.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
    }
}
