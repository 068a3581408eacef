import Foundation
import WalkscapeCore

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// What one run of the built `walkscape` binary printed and how it exited.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `walkscape` executable built by SwiftPM, from the repository root, with a fixed
/// environment (`LANG=C.UTF-8`, no `LC_*`), so output does not depend on who runs the tests.
enum CLI {
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["WALKSCAPE_BIN"] { return override }
        let testBundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [testBundleDirectory + "/walkscape", repositoryRoot + "/.build/debug/walkscape"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return repositoryRoot + "/.build/debug/walkscape"
    }()

    /// Runs the binary; with `interruptAfter`, sends it SIGINT that many seconds after the start.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], in directory: String = repositoryRoot, interruptAfter: Double? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
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
        if let interruptAfter {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + interruptAfter) { kill(pid, SIGINT) }
        }
        // Read both pipes fully before waiting, so a large output cannot block the child.
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
}

/// Compares `actual` with the golden file `Golden/NAME`; `UPDATE_GOLDEN=1` rewrites the golden file.
func matchesGolden(_ actual: String, _ name: String) throws -> Bool {
    let path = repositoryRoot + "/Tests/WalkscapeCLITests/Golden/" + name
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
        return true
    }
    guard let expected = FileManager.default.contents(atPath: path) else { return false }
    return String(decoding: expected, as: UTF8.self) == actual
}

/// A copy of a sample tour in a fresh temporary directory, removed by `remove()`.
struct TourCopy {
    let root: String
    let directory: String

    init(_ tour: String) throws {
        root = NSTemporaryDirectory() + "walkscape-cli-\(UUID().uuidString)"
        directory = root + "/" + tour
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/" + tour, toPath: directory)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
