import WalkscapeCore

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
        var byteBudget = DashboardInput.maxTotalBytes
        for file in request.files {
            do {
                events += try DashboardInput.read(path: file, budget: &budget, byteBudget: &byteBudget)
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
