import Foundation
import WalkscapeCore
import WalkscapeTestSupport

/// A fresh temporary tours directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "walkscape-remote-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }
}

/// Runs the built `walkscape` binary: the shared runner of the CLI tests.
typealias Walkscape = CLI
