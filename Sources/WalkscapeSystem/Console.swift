import Foundation

/// Where commands write: standard output for results, standard error for notices and problems that are
/// not the command's result. Tests can capture both.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.writeOut = out
        self.writeErr = err
    }

    /// The process's standard output and error.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) })

    /// Writes a line to standard output.
    public func line(_ text: String = "") {
        lock.lock()
        defer { lock.unlock() }
        writeOut(text + "\n")
    }

    /// Writes text to standard output as it is (no newline added).
    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        writeOut(text)
    }

    /// Writes a line to standard error.
    public func error(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        writeErr(text + "\n")
    }
}
