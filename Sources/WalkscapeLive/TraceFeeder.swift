import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// Replays fixes into a sink on the trace's own clock, scaled: fix *i* goes out `(tᵢ − t_from) ÷ speed`
/// seconds after the start, on the monotonic clock (deadlines from the start, so lateness never accumulates).
///
/// Looping shifts each lap's times by the trace's span plus one median fix interval, so the reader sees a
/// clock that keeps going forward, as a receiver's does, instead of jumping back to the first fix's time.
public struct TraceFeeder {
    public var fixes: [OutgoingFix]
    /// Replay speed: 1 real time, 10 ten times faster.
    public var speed: Double
    public var loop: Bool
    /// Seconds from the first fix at which the replay starts (earlier fixes are skipped).
    public var from: Double

    public init(fixes: [OutgoingFix], speed: Double = 1, loop: Bool = false, from: Double = 0) {
        self.fixes = fixes
        self.speed = speed
        self.loop = loop
        self.from = from
    }

    /// What a replay did.
    public struct Outcome: Sendable, Equatable {
        /// Fixes handed to the sink.
        public var sent = 0
        /// Laps completed (1 for a whole replay without --loop).
        public var laps = 0
        /// Whether `stop` ended it.
        public var stopped = false
        /// The largest lateness of a fix against its deadline, seconds.
        public var latestBy = 0.0
    }

    /// The index of the first fix at or after `from` seconds, nil when there is none.
    public var firstIndex: Int? {
        guard let start = fixes.first?.time else { return nil }
        return fixes.firstIndex { $0.time - start >= from - 1e-9 }
    }

    /// The time added to every fix of the next lap.
    public var lapShift: Double {
        guard let first = fixes.first, let last = fixes.last else { return 0 }
        var gaps = zip(fixes.dropFirst(), fixes).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
        if gaps.isEmpty { gaps = [1] }
        return last.time - first.time + gaps[gaps.count / 2]
    }

    /// Replays into `sink`, calling `onFix` after each fix went out; stops when `stop` fires.
    public func run(into sink: any FixSink, stop: StopToken, onFix: (OutgoingFix) -> Void = { _ in }) throws(LiveError) -> Outcome {
        var outcome = Outcome()
        guard let first = firstIndex else { return outcome }
        let origin = fixes[first].time
        let start = SystemClock.shared.now()
        var shift = 0.0
        var index = first
        while true {
            var fix = fixes[index]
            fix.time += shift
            let deadline = start + (fix.time - origin) / speed
            guard stop.sleep(until: deadline) else {
                outcome.stopped = true
                return outcome
            }
            outcome.latestBy = max(outcome.latestBy, SystemClock.shared.now() - deadline)
            try sink.send(fix)
            outcome.sent += 1
            onFix(fix)
            index += 1
            if index == fixes.count {
                outcome.laps += 1
                guard loop else { return outcome }
                shift += lapShift
                index = first
            }
        }
    }
}
