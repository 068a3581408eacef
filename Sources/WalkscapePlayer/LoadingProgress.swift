import Foundation

/// Says what is loading once a step has run for `delay` seconds, so a large trace never leaves a blank
/// terminal: `show` draws the line (on standard error before curses, a box on the screen inside it), at
/// most 20 times a second; `finish` clears what was shown.
public final class LoadingProgress {
    /// How long a step may run before it is shown.
    public static let delay = 0.3

    private let show: (_ label: String, _ fraction: Double?) -> Void
    private let clear: () -> Void
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastShown: UInt64 = 0
    public private(set) var shown = false

    public init(show: @escaping (_ label: String, _ fraction: Double?) -> Void, clear: @escaping () -> Void = {}) {
        self.show = show
        self.clear = clear
    }

    /// `label` is `fraction` done (nil: cannot tell); shown once the step is older than `delay`.
    public func update(_ label: String, fraction: Double?) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard Double(now - started) / 1e9 >= LoadingProgress.delay, now - lastShown >= 50_000_000 else { return }
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
