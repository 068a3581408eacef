import WalkscapeCore

/// What `walkscape dashboard` was asked: the event files, the backend version, the period and the clock.
public struct DashboardRequest: Sendable {
    public var files: [String]
    public var backend: BackendVersion
    public var period: DashboardPeriod
    /// The dashboard's "now" in milliseconds since 1970; nil for the newest event's timestamp.
    public var now: Int64?
    public var json: Bool

    public init(files: [String], backend: BackendVersion = .newest, period: DashboardPeriod = .standard, now: Int64? = nil, json: Bool = false) {
        self.files = files
        self.backend = backend
        self.period = period
        self.now = now
        self.json = json
    }

    /// The request from the command line's words, each checked at the boundary: `--backend`, `--period`,
    /// The range `--now` is taken in (milliseconds since 1970): 1970-01-01 to 2099-12-31, the years an event's
    /// timestamp is read in; the year 0 printed `since 00-1-12-25T…`.
    public static let earliestNow: Int64 = 0
    public static let latestNow: Int64 = 4_102_444_799_999

    /// `--now` (ISO 8601).
    public init(files: [String], backend: String, period: String, now: String?, json: Bool) throws(ValueProblem) {
        guard let version = BackendVersion.resolve(backend) else {
            throw ValueProblem("--backend must be one of \(BackendVersion.names), got \(TerminalText.sanitize(backend)).")
        }
        guard let span = DashboardPeriod(rawValue: period) else {
            throw ValueProblem("--period must be one of \(DashboardPeriod.names), got \(TerminalText.sanitize(period)).")
        }
        var clock: Int64?
        if let now {
            guard let milliseconds = DashboardTime.milliseconds(now), (DashboardRequest.earliestNow...DashboardRequest.latestNow).contains(milliseconds) else {
                throw ValueProblem("--now must be an ISO 8601 time such as 2026-05-09T18:00:00Z, from 1970-01-01 to 2099-12-31, got \(TerminalText.sanitize(now)).")
            }
            clock = milliseconds
        }
        self.init(files: files, backend: version, period: span, now: clock, json: json)
    }
}
