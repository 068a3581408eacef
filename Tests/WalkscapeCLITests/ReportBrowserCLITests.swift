import Foundation
import Testing
import WalkscapeTestSupport

/// The page `walkscape report` writes, opened in headless Chromium with the network cut off
/// (tools/report/check_page.py --page): a marker and a region per point, a bar per narration, recordings that
/// decode, no console error, no request but data: URIs, the scripted visit. Skipped only when Chromium is
/// not installed (`make test` installs it: Debian's `chromium`).
@Suite struct ReportBrowserCLITests {
    /// Chromium's path, nil when it is not installed.
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// torino-portici (7 points, three walks, one of them missing points) with radii's sweep and noise trials,
    /// helsinki-keskusta (its offline map), torino-portici under the iOS app's rules at 4 phases (the differences
    /// between the app builds, with citations; each phase's walk on the map).
    @Test(.enabled(if: chromium != nil, "chromium is not installed (Debian: apt-get install chromium); the page is not checked in a browser"),
        arguments: [
            ("torino-portici", "prd", ["--sweep", "50:300:25", "--noise", "8", "--runs", "3"]), ("helsinki-keskusta", "prd", []),
            ("torino-portici", "ios-app@5c84126", ["--phases", "4"]),
        ])
    func theWrittenPageWorksInABrowserOffline(tour: String, profile: String, options: [String]) throws {
        let dir = NSTemporaryDirectory() + "walkscape-report-browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let traces = ["clean", "brisk", "missed"].map { "fixtures/traces/\(tour)-\($0).gpx" }
        let report = try CLI.run(["report", "tours/" + tour, "--trace"] + traces + ["--profile", profile] + options + ["--output", dir + "/report.html"])
        try #require(report.status == 0, "\(report.stderr)")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        check.arguments = [repositoryRoot + "/tools/report/check_page.py", "--page", dir + "/report.html", "--out", dir + "/check", "--no-screenshots"]
        check.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        let out = Pipe()
        check.standardOutput = out
        check.standardError = out
        try check.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        let failed = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        expectEqual(check.terminationStatus, 0, "\(failed.joined(separator: "\n"))\n\(text.suffix(600))")
        expectTrue(failed.isEmpty)
        // Enough checks ran: per point, per walk, the recordings, the DevTools run and the visit (and the map's tiles).
        let passed = text.split(separator: "\n").filter { $0.hasPrefix("PASS") }.count
        expectTrue(passed >= 40, "\(passed) checks passed:\n\(text)")
        expectTrue(text.contains("PASS  data: valid against report-data.schema.json") || text.contains("SKIP  data: valid"), "\(text)")
        if profile == "ios-app@5c84126" {
            let line = text.split(separator: "\n").first { $0.hasPrefix("PASS  page: build differences with citations: ") }
            expectEqual(line.map { !$0.hasSuffix(": 0 citations") }, true, "\(text)")
        }
        if options.contains("--sweep") { expectContains(text, "PASS  page: radii's sweep and noise grids, cell for cell: 3 grids", "\(text)") }
        if options.contains("--phases") {
            expectEqual(text.split(separator: "\n").filter { $0.hasPrefix("PASS  page: walk ") && $0.contains("each phase's delivered fixes") }.count, 3, "\(text)")
            expectContains(text, "PASS  interaction: the phase selector shows one phase", "\(text)")
        }
        if tour == "helsinki-keskusta" { expectContains(text, "PASS  page: basemap features and attribution", "\(text)") }
    }
}
