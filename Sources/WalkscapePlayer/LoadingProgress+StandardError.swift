import Foundation
import WalkscapeCore

extension LoadingProgress {
    /// Progress on standard error, redrawn in place (`\r`), when standard error is a terminal; otherwise
    /// silent (logs and pipes get no progress lines).
    public static func onStandardError() -> LoadingProgress {
        guard isatty(STDERR_FILENO) == 1 else { return LoadingProgress(show: { _, _ in }) }
        func write(_ text: String) { _ = text.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) } }
        return LoadingProgress(
            show: { label, fraction in
                write("\r\u{1B}[K" + "walkscape: reading \(TerminalText.sanitize(label))…" + (fraction.map { " \(Int((min(1, max(0, $0)) * 100).rounded(.down)))%" } ?? ""))
            },
            clear: { write("\r\u{1B}[K") })
    }
}
