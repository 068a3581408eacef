import Synchronization
import WalkscapeCore

/// Keeps a walk's events as the timeline `simulate` writes, and optionally streams each event as a JSON
/// Lines record the moment it happens (a live walk's log).
public final class TimelineSink: WalkSink {
    private struct Kept {
        var events: [EngineEvent] = []
        var origin: Double?
        var fixes = 0
        var ignored = 0
        var withheld = 0
    }

    private let kept = Mutex(Kept())
    private let writer: TimelineWriter
    private let line: (@Sendable (String) -> Void)?
    private let lineFormat: LineFormat

    /// How `line` hands over each event.
    public enum LineFormat: Sendable {
        /// The event's JSON Lines record, as `simulate --format jsonl` writes it.
        case jsonl
        /// A row of `simulate --format text`'s columns at fixed widths (`TimelineWriter.liveTextWidths`).
        case text
    }

    /// A sink that keeps the events; with `line`, also hands over each event as it happens, as a JSON Lines
    /// record or a text row (with its newline).
    public init(writer: TimelineWriter = TimelineWriter(), lineFormat: LineFormat = .jsonl, line: (@Sendable (String) -> Void)? = nil) {
        self.writer = writer
        self.lineFormat = lineFormat
        self.line = line
    }

    public func walk(_ update: WalkUpdate, snapshot: WalkSnapshot) {
        kept.withLock { kept in
            kept.events += update.events
            kept.fixes = snapshot.fixes
            kept.ignored = snapshot.engine.ignoredFixes
            kept.origin = snapshot.origin
        }
        guard let line, !update.events.isEmpty else { return }
        switch lineFormat {
        case .jsonl:
            let compact = JSONWriter(pretty: false)
            for event in update.events { line(compact.write(writer.object(event)) + "\n") }
        case .text:
            for event in update.events { line(TimelineWriter.textLine(writer.textCells(event))) }
        }
    }

    /// The events so far as a timeline (`withheldFixes`: the walk's driver's count).
    public func timeline(withheldFixes: Int = 0) -> Timeline {
        kept.withLock { kept in
            Timeline(events: kept.events, startTime: kept.origin ?? 0, fixes: kept.fixes, ignoredFixes: kept.ignored, withheldFixes: withheldFixes)
        }
    }
}
