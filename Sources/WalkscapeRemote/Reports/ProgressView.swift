import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// How `download` shows its progress: a redrawn bar on a terminal, plain lines otherwise.
public final class ProgressView: @unchecked Sendable {
    let console: Console
    let terminal: Bool
    private var barShown = false
    private var plan: TourDownloader.DownloadPlan?
    private var filesDone = 0

    public init(console: Console, terminal: Bool) {
        self.console = console
        self.terminal = terminal
    }

    public func show(_ event: TourDownloader.Event) {
        clear()
        switch event {
        case let .plan(plan):
            self.plan = plan
            filesDone = plan.stagedFiles
            let tiles = plan.tiles > 0 ? " (one of them \(plan.tiles) map tiles, \(zoomText(plan.tileZooms)))" : ""
            console.line("Tour \(plan.slug) (id \(plan.tourID), version \(plan.version)) in \(plan.languages.joined(separator: ", ")): \(plan.files) files\(tiles), \(Formatting.bytes(plan.totalBytes))\(plan.tiles > 0 ? " + the tiles" : "") → \(plan.directory)")
            if plan.stagedBytes > 0 {
                console.line("Resuming: \(plan.stagedFiles) of \(plan.files) files complete, \(Formatting.bytes(plan.stagedBytes)) already on disk")
            }
        case let .fileDone(path, bytes, resumedFrom):
            filesDone += 1
            if !terminal {
                let count = plan.map { String($0.files) } ?? "?"
                let index = String(filesDone)
                let resumed = resumedFrom > 0 ? "  (resumed at \(Formatting.bytes(resumedFrom)))" : ""
                console.line("[\(String(repeating: " ", count: max(0, count.count - index.count)))\(index)/\(count)] \(Formatting.bytes(bytes).leftPadded(to: 9))  \(path)\(resumed)")
            }
        case let .mapTilesDone(path, bytes, tiles, absent, fetched, zooms):
            filesDone += 1
            if !terminal {
                let count = plan.map { String($0.files) } ?? "?"
                let index = String(filesDone)
                let missing = absent > 0 ? "; \(absent) not on the server" : ""
                let earlier = fetched < tiles ? "; \(tiles - fetched) from an earlier run" : ""
                console.line("[\(String(repeating: " ", count: max(0, count.count - index.count)))\(index)/\(count)] \(Formatting.bytes(bytes).leftPadded(to: 9))  \(path)  (\(tiles) tiles, \(zoomText(zooms))\(missing)\(earlier))")
            }
        case let .retry(what, attempt, delay):
            console.line("retrying in \(String(format: "%.1f", delay)) s (attempt \(attempt)): \(TerminalText.sanitize(what))")
        case let .validating(staging):
            console.line("Checking the downloaded tour (\(staging))…")
        }
    }

    /// The lines that end a download: up to date, or installed (size, rate, warnings, the version kept).
    public static func lines(_ outcome: TourDownloader.Outcome) -> [String] {
        var lines: [String] = []
        switch outcome {
        case let .upToDate(directory, plan):
            lines.append("\(directory) is up to date (version \(plan.version), \(plan.languages.joined(separator: ", ")), \(plan.files) files, all present and intact); --force downloads it again")
        case let .installed(directory, previous, plan, warnings, received, seconds):
            let rate = seconds >= 0.001 ? " at \(Formatting.bytes(Int(min(Double(received) / seconds, 1e15))))/s" : ""
            lines.append("Installed \(directory): version \(plan.version), \(plan.languages.joined(separator: ", ")), \(plan.files) files, \(Formatting.bytes(plan.totalBytes)); \(Formatting.bytes(received)) downloaded in \(String(format: "%.2f", seconds)) s\(rate)")
            if !warnings.isEmpty {
                lines.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s") from validation; `walkscape validate \(directory)` shows them")
            }
            if let previous { lines.append("The version it replaced is kept in \(previous) (`walkscape remove \(directory) --restore-previous` puts it back)") }
        }
        return lines
    }

    /// `z14–16`, `z15`, `z12, 14, 16`.
    private func zoomText(_ zooms: [Int]) -> String {
        guard let low = zooms.first, let high = zooms.last else { return "" }
        if low == high { return "z\(low)" }
        if high - low + 1 == zooms.count { return "z\(low)–\(high)" }
        return "z" + zooms.map(String.init).joined(separator: ", ")
    }

    public func tick(_ progress: TourDownloader.Progress) {
        guard terminal else { return }
        var size = winsize()
        let width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        console.write("\r\u{1B}[K" + DownloadProgressLine.render(progress, width: width))
        barShown = true
    }

    /// Erases the bar so that a line can be printed.
    public func clear() {
        guard barShown else { return }
        console.write("\r\u{1B}[K")
        barShown = false
    }
}
