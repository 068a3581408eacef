import Foundation

/// What one run of the built `walkscape` binary printed and how it exited.
public struct CLIResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the real `walkscape` executable built by SwiftPM, from the repository root, with a fixed
/// environment (`LANG=C.UTF-8`, no `LC_*`), so output does not depend on who runs the tests.
public enum CLI {
    public typealias Result = CLIResult

    public static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["WALKSCAPE_BIN"] { return override }
        let testBundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [testBundleDirectory + "/walkscape", repositoryRoot + "/.build/debug/walkscape"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return repositoryRoot + "/.build/debug/walkscape"
    }()

    /// Starts the binary with `arguments`; `finish` collects its output and status.
    /// `launcher` runs the binary through another program (`["/usr/bin/prlimit", "--nofile=48"]`).
    public static func start(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: String = repositoryRoot, launcher: [String] = []
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher.first ?? binary)
        process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [binary] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Reads both pipes fully before waiting, so a large output cannot block the child.
    public static func finish(_ started: (Process, Pipe, Pipe)) -> CLIResult {
        let (process, out, err) = started
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs the binary; with `interruptAfter`, sends it `signal` (SIGINT by default) that many seconds after
    /// the start.
    public static func run(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: String = repositoryRoot, interruptAfter: Double? = nil,
        signal: Int32 = SIGINT
    ) throws -> CLIResult {
        let started = try start(arguments, environment: extra, in: directory)
        if let interruptAfter {
            let pid = started.0.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + interruptAfter) { kill(pid, signal) }
        }
        return finish(started)
    }
}
