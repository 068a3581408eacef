import ArgumentParser
import WalkscapeCore
import WalkscapeDashboard
import WalkscapeSystem

/// `walkscape dashboard FILE...`: what the backend's CMS analytics would show for these events.
struct DashboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Show what the backend's CMS analytics would show for analytics event files.",
        discussion: """
            Reads batches ({"events": [...]}, as simulate --events writes and the app posts), JSON arrays of \
            events or JSON Lines (collect --out), and computes the CMS's overview, durations, engagement, tours \
            and sessions as backend/src/admin/analytics/admin-analytics.service.ts does at --backend \
            (\(BackendVersion.names); docs/dashboard.md). Each event's time is its timestamp (the phone's \
            clock), as the backend stores it. --now is the dashboard's clock (default: the newest timestamp, \
            so the same files always give the same output); --period counts back from it.

            Exit status: 0 done, 1 an event file the backend would refuse or walkscape cannot read \
            (FILE:LINE: what was expected), 2 usage error or a file that cannot be opened.

            Examples:
              walkscape dashboard events.json
              walkscape dashboard ios.json android.jsonl --backend 5c84126 --period all
              walkscape dashboard events.jsonl --now 2026-05-09T18:00:00Z --json
            """)

    @Argument(help: ArgumentHelp("Event files: batches, JSON arrays of events or JSON Lines.", valueName: "FILE"))
    var files: [String]

    @Option(help: ArgumentHelp("The service's version: \(BackendVersion.names) (efba3ee: the newest the index holds).", valueName: "REF"))
    var backend = BackendVersion.newest.rawValue

    @Option(help: ArgumentHelp("Events of the last 7d, 30d or 90d before --now, or all (the service's default: 30d).", valueName: "P"))
    var period = DashboardPeriod.standard.rawValue

    @Option(help: ArgumentHelp("The dashboard's clock, ISO 8601 (default: the newest event's timestamp).", valueName: "TIME"))
    var now: String?

    @Flag(help: "Print one JSON document (the service's field names, keys sorted) instead of the tables.")
    var json = false

    func validate() throws { _ = try request() }

    func request() throws -> DashboardRequest {
        try checked { () throws(ValueProblem) in try DashboardRequest(files: files, backend: backend, period: period, now: now, json: json) }
    }

    func run() throws {
        let request = try request()
        switch DashboardRun.run(request) {
        case let .report(text): CommandContext.console.write(text)
        case let .refused(line, unreadable):
            CommandContext.console.error(line)
            throw CommandExit(unreadable ? .usage : .failure)
        }
    }
}
