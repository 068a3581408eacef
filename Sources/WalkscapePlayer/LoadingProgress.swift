import Foundation
import WalkscapeSystem

/// Says what is loading once a step has run for `delay` seconds, so a large trace never leaves a blank
/// terminal: `show` draws the line (on standard error before curses, a box on the screen inside it), at
/// most 20 times a second; `finish` clears what was shown.
public final class LoadingProgress {
    /// How long a step may run before it is shown.
    public static let delay = 0.3

    private let show: (_ label: String, _ fraction: Double?) -> Void
    private let clear: () -> Void
    private let clock: any MonotonicClock
    private let started: Double
    private var lastShown = -Double.infinity
    public private(set) var shown = false

    /// `clock` times the delay and the redraws (a `ManualClock` in tests).
    public init(
        clock: any MonotonicClock = SystemClock.shared, show: @escaping (_ label: String, _ fraction: Double?) -> Void,
        clear: @escaping () -> Void = {}
    ) {
        self.clock = clock
        started = clock.now()
        self.show = show
        self.clear = clear
    }

    /// `label` is `fraction` done (nil: cannot tell); shown once the step is older than `delay`.
    public func update(_ label: String, fraction: Double?) {
        let now = clock.now()
        guard now - started >= LoadingProgress.delay, now - lastShown >= 0.05 else { return }
        lastShown = now
        shown = true
        show(label, fraction)
    }

    /// The step is over: clears the line if one was shown.
    public func finish() {
        if shown { clear() }
        shown = false
    }
}
