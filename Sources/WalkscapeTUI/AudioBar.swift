import WalkscapeCore

/// The audio bar: what plays, elapsed and remaining time, progress, the queue and a paused mark.
public struct AudioBar: Sendable, Equatable {
    public var title: String?
    public var elapsed: Double
    public var duration: Double
    public var queued: Int
    public var paused: Bool
    public var muted: Bool

    public init(title: String?, elapsed: Double, duration: Double, queued: Int = 0, paused: Bool = false, muted: Bool = false) {
        self.title = title
        self.elapsed = elapsed
        self.duration = duration
        self.queued = queued
        self.paused = paused
        self.muted = muted
    }

    /// `m:ss`.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
    }

    /// Draws two rows: the title with the paused/queue marks, then time and the progress bar.
    public func draw(into grid: inout CellGrid, x: Int, y: Int, width: Int, strings: UIStrings, ascii: Bool) {
        guard let title else {
            grid.put("—", x: x, y: y, style: CellStyle(foreground: .dim))
            return
        }
        var marks = ""
        if paused { marks += " [\(strings["paused"])]" }
        if queued > 0 { marks += " · \(strings["next"]): \(queued) \(strings["queued"])" }
        let titleWidth = max(0, width - DisplayWidth.of(marks))
        let used = grid.put(DisplayWidth.truncate(TerminalText.sanitize(title), to: titleWidth), x: x, y: y, style: CellStyle(foreground: .active, bold: true))
        grid.put(marks, x: x + used, y: y, style: CellStyle(foreground: paused ? .warning : .queued), maxWidth: width - used)
        let times = "\(AudioBar.clock(elapsed)) / -\(AudioBar.clock(max(0, duration - elapsed)))"
        let barWidth = max(0, width - DisplayWidth.of(times) - 1)
        let fraction = duration > 0 ? min(1, max(0, elapsed / duration)) : 0
        let filled = Int((Double(barWidth) * fraction).rounded())
        let bar = String(repeating: ascii ? "#" : "━", count: filled) + String(repeating: ascii ? "-" : "─", count: max(0, barWidth - filled))
        let usedTimes = grid.put(times + " ", x: x, y: y + 1, style: CellStyle(foreground: .text))
        grid.put(String(bar.prefix(filled)), x: x + usedTimes, y: y + 1, style: CellStyle(foreground: .active))
        grid.put(String(bar.dropFirst(filled)), x: x + usedTimes + filled, y: y + 1, style: CellStyle(foreground: .dim))
    }
}
