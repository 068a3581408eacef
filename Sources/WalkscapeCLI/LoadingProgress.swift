import Foundation
import WalkscapeCore

/// Says what is loading once a step has run for `delay` seconds, so a large trace never leaves a blank
/// terminal: `show` draws the line (on standard error before curses, a box on the screen inside it), at
/// most 20 times a second; `finish` clears what was shown.
final class LoadingProgress {
    /// How long a step may run before it is shown.
    static let delay = 0.3

    private let show: (_ label: String, _ fraction: Double?) -> Void
    private let clear: () -> Void
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastShown: UInt64 = 0
    private(set) var shown = false

    init(show: @escaping (_ label: String, _ fraction: Double?) -> Void, clear: @escaping () -> Void = {}) {
        self.show = show
        self.clear = clear
    }

    /// `label` is `fraction` done (nil: cannot tell); shown once the step is older than `delay`.
    func update(_ label: String, fraction: Double?) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard Double(now - started) / 1e9 >= LoadingProgress.delay, now - lastShown >= 50_000_000 else { return }
        lastShown = now
        shown = true
        show(label, fraction)
    }

    /// The step is over: clears the line if one was shown.
    func finish() {
        if shown { clear() }
        shown = false
    }

    /// Progress on standard error, redrawn in place (`\r`), when standard error is a terminal; otherwise
    /// silent (logs and pipes get no progress lines).
    static func onStandardError() -> LoadingProgress {
        guard isatty(STDERR_FILENO) == 1 else { return LoadingProgress(show: { _, _ in }) }
        func write(_ text: String) { _ = text.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) } }
        return LoadingProgress(
            show: { label, fraction in
                write("\r\u{1B}[K" + "walkscape: reading \(TerminalText.sanitize(label))…" + (fraction.map { " \(Int((min(1, max(0, $0)) * 100).rounded(.down)))%" } ?? ""))
            },
            clear: { write("\r\u{1B}[K") })
    }
}
