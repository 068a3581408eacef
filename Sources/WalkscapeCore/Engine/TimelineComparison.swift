/// Compares a timeline with a golden one: same events, same points, times within a tolerance.
public struct TimelineComparison: Sendable {
    /// One event read back from a golden JSON Lines file.
    public struct Entry: Sendable, Equatable {
        public var line: Int
        public var t: Double
        public var event: String
        public var point: Int?
        public var next: Int?
        public var missed: [Int]?
        /// The line's text, for showing differences.
        public var text: String
    }

    /// Where two timelines first part ways.
    public struct Divergence: Sendable, Equatable {
        /// The index (from 0) of the first event that differs.
        public var index: Int
        public var expected: Entry?
        public var actual: Entry?
        public var reason: String
    }

    public var tolerance: Double

    public init(tolerance: Double = 0.5) { self.tolerance = tolerance }

    /// Reads a JSON Lines timeline; throws with the line number of the first bad line.
    public static func parse(_ text: String) throws(TimelineParseError) -> [Entry] {
        var entries: [Entry] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces()
            if line.isEmpty { continue }
            let value: JSONValue
            do {
                value = try JSONParser().parse(String(line))
            } catch {
                throw TimelineParseError(line: offset + 1, message: "not a JSON object (\(error.message))")
            }
            if GoldenProvenance.isRecord(value) { continue }  // what made the golden, not an event
            guard let t = value["t"]?.doubleValue else {
                throw TimelineParseError(line: offset + 1, message: "missing number \"t\"")
            }
            guard let event = value["event"]?.stringValue else {
                throw TimelineParseError(line: offset + 1, message: "missing string \"event\"")
            }
            // The event's name and the line are shown on the terminal when timelines differ: sanitised here, once
            // (JSON lets a C1 control such as U+009B stand raw inside a string).
            entries.append(Entry(
                line: offset + 1, t: t, event: TerminalText.sanitize(event), point: value["point"]?.intValue, next: value["next"]?.intValue,
                missed: value["missed"]?.arrayElements?.compactMap(\.intValue), text: TerminalText.sanitize(String(line))))
        }
        return entries
    }

    /// The first divergence of `actual` from `expected`, or nil when they match.
    public func firstDivergence(expected: [Entry], actual: [Entry]) -> Divergence? {
        for i in 0..<max(expected.count, actual.count) {
            guard i < expected.count else {
                return Divergence(index: i, expected: nil, actual: actual[i], reason: "an extra event (the golden timeline ends before it)")
            }
            guard i < actual.count else {
                return Divergence(index: i, expected: expected[i], actual: nil, reason: "a missing event (the timeline ends before it)")
            }
            let e = expected[i]
            let a = actual[i]
            if e.event != a.event { return Divergence(index: i, expected: e, actual: a, reason: "event \(a.event), expected \(e.event)") }
            if e.point != a.point {
                return Divergence(index: i, expected: e, actual: a, reason: "point \(a.point.map(String.init) ?? "none"), expected \(e.point.map(String.init) ?? "none")")
            }
            if abs(e.t - a.t) > tolerance {
                return Divergence(index: i, expected: e, actual: a, reason: "t \(formatFixed(a.t, 3)) s, expected \(formatFixed(e.t, 3)) s (off by \(formatFixed(abs(e.t - a.t), 3)) s, tolerance \(formatFixed(tolerance, 3)) s)")
            }
            if e.next != a.next || e.missed != a.missed {
                return Divergence(index: i, expected: e, actual: a, reason: "next/missed points differ")
            }
        }
        return nil
    }
}
