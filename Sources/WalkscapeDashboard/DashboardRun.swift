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
            guard let milliseconds = DashboardTime.milliseconds(now) else {
                throw ValueProblem("--now must be an ISO 8601 time such as 2026-05-09T18:00:00Z, got \(TerminalText.sanitize(now)).")
            }
            clock = milliseconds
        }
        self.init(files: files, backend: version, period: span, now: clock, json: json)
    }
}

/// `walkscape dashboard`: the files read, the dashboard computed, the report written.
public enum DashboardRun {
    /// The report's text (ending with a newline), or the one line that says why not and whether the input
    /// could not be read at all (exit status 2) or was read and found wrong (exit status 1).
    public enum Outcome: Sendable, Equatable {
        case report(String)
        case refused(String, unreadable: Bool)
    }

    public static func run(_ request: DashboardRequest) -> Outcome {
        var events: [DashboardEvent] = []
        var budget = DashboardInput.maxEvents
        for file in request.files {
            do {
                events += try DashboardInput.read(path: file, budget: &budget)
            } catch {
                return .refused(error.description, unreadable: error.unreadable)
            }
        }
        guard let now = request.now ?? events.compactMap(\.timestamp).max() else {
            return .refused("no event has a timestamp: give --now ISO8601, the dashboard's clock", unreadable: false)
        }
        let dashboard = BackendDashboard(events: events, backend: request.backend, period: request.period, now: now)
        let report = DashboardReport(dashboard: dashboard, eventsRead: events.count)
        if request.json { return .report(JSONWriter().write(report.json())) }
        return .report(report.lines().joined(separator: "\n") + "\n")
    }
}
