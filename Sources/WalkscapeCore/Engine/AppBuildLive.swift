/// Where and when one app build reached people, as the reference app's documents say, and the days
/// `--profile PLATFORM-app@DATE` takes it for.
///
/// The days are a span only for the builds the documents place in a store on some day; where a bound is not
/// written, `firstWritten` is false and the bound is the nearest one the documents allow (said with the build
/// when a date resolves to it). Spans of one platform do not overlap.
public struct AppBuildLive: Sendable, Equatable {
    /// Where it was live: "Google Play production", "App Store", "testers", "not confirmed published", ….
    public var track: String
    /// What the documents say, with the files and lines (one sentence or two).
    public var evidence: String
    /// The first day a date resolves to this build (ISO 8601), nil for a build no date resolves to.
    public var first: String?
    /// The last such day, nil for an open span (the newest build known live).
    public var last: String?
    /// Whether `first` is written in a document (false: the earliest day the documents allow).
    public var firstWritten: Bool

    public init(track: String, evidence: String, first: String? = nil, last: String? = nil, firstWritten: Bool = true) {
        self.track = track
        self.evidence = evidence
        self.first = first
        self.last = last
        self.firstWritten = firstWritten
    }

    /// Whether `day` (ISO 8601, `YYYY-MM-DD`) falls in the span.
    public func contains(day: String) -> Bool {
        guard let first, first <= day else { return false }
        return last.map { day <= $0 } ?? true
    }

    /// "2026-02-07 – 2026-06-29", "from 2026-09-02", or "-".
    public var spanText: String {
        guard let first else { return "-" }
        let start = firstWritten ? first : "≥\(first)"
        return last.map { "\(start) – \($0)" } ?? "from \(start)"
    }
}
