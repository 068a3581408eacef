import Foundation
import Testing
import WalkscapeTestSupport

/// Outputs that are not regular files are written into, never replaced: a FIFO gets the bytes (its reader
/// reads them), a character device stays a device (made with mknod as root: the device /dev/null is), and a
/// symbolic link stays a link while the file it names is replaced. Before, every output was a temporary file
/// renamed over the target: `report --output /dev/null` as root left a regular file at /dev/null.
@Suite struct OutputTargetCLITests {
    static let trace = "fixtures/traces/torino-portici-brisk.gpx"

    /// Each command with its output named `OUT`.
    static let commands: [[String]] = [
        ["simulate", "tours/torino-portici", "--trace", trace, "--events", "OUT"],
        ["simulate", "tours/torino-portici", "--trace", trace, "--svg", "OUT"],
        ["simulate", "tours/torino-portici", "--trace", trace, "--render", "OUT"],
        ["convert", trace, "--format", "kml", "--output", "OUT"],
        ["report", "tours/torino-portici", "--trace", trace, "--lang", "it", "--output", "OUT"],
    ]

    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "walkscape-target-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func kind(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test(arguments: commands)
    func aFIFOIsWrittenIntoAndStaysAFIFO(command: [String]) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/out.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader: everything written into the FIFO, read on another thread until the writer closes it.
        let read = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var bytes = 0
        Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) {
                bytes = handle.readDataToEndOfFile().count
            }
            read.signal()
        }.start()
        let result = try CLI.run(command.map { $0 == "OUT" ? fifo : $0 })
        expectEqual(result.status, 0, "\(command.joined(separator: " ")): \(result.stderr)")
        expectTrue(read.wait(timeout: .now() + 30) == .success, "the FIFO's reader never saw the end")
        expectTrue(bytes > 100, "\(command.joined(separator: " ")): the FIFO's reader got \(bytes) bytes")
        expectEqual(kind(of: fifo), S_IFIFO, "\(command.joined(separator: " ")): the FIFO was replaced")
        // Nothing left beside it.
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), ["out.fifo"])
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root"), arguments: commands)
    func aCharacterDeviceStaysADevice(command: [String]) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let device = dir + "/null"
        // The null device's own numbers.
        var null = stat()
        try #require(stat("/dev/null", &null) == 0)
        try #require(mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0, "mknod: \(String(cString: strerror(errno)))")
        let result = try CLI.run(command.map { $0 == "OUT" ? device : $0 })
        expectEqual(result.status, 0, "\(command.joined(separator: " ")): \(result.stderr)")
        expectEqual(kind(of: device), S_IFCHR, "\(command.joined(separator: " ")): the device was replaced by a \(kind(of: device) == S_IFREG ? "regular file" : "something else")")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), ["null"])
    }

    @Test(arguments: commands)
    func aLinkStaysALinkAndTheFileItNamesIsReplaced(command: [String]) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real/out"))
        try #require(symlink("real/out", dir + "/link") == 0)
        let result = try CLI.run(command.map { $0 == "OUT" ? dir + "/link" : $0 })
        expectEqual(result.status, 0, "\(command.joined(separator: " ")): \(result.stderr)")
        expectEqual(kind(of: dir + "/link"), S_IFLNK, "\(command.joined(separator: " ")): the link was replaced")
        let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/real/out")[.size] as? Int) ?? 0
        expectTrue(size > 100, "\(command.joined(separator: " ")): the file the link names holds \(size) bytes")
    }

    /// Outputs named with one character in the current folder (`--output o`): Foundation's
    /// `deletingLastPathComponent` traps on such a name, and every command that wrote one crashed.
    @Test func oneCharacterOutputNamesAreWritten() throws {
        let root = NSTemporaryDirectory() + "walkscape-short-\(getpid())"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tour = repositoryRoot + "/tours/torino-portici", trace = repositoryRoot + "/fixtures/traces/torino-portici-clean.gpx"
        for (arguments, file) in [
            (["convert", trace, "--format", "nmea", "--output", "o"], "o"),
            (["simulate", tour, "--trace", trace, "--events", "e"], "e"),
            (["report", tour, "--trace", trace, "--output", "r"], "r"),
        ] {
            let result = try CLI.run(arguments, in: root)
            expectEqual(result.status, 0, "\(arguments[0]): \(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0
            expectTrue(size > 100, "\(arguments[0]) wrote \(size) bytes to \(file)")
        }
    }
}
