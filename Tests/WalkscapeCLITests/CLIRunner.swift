import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTestSupport

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

/// Every sample `decoder` gives from where it is to its end, channel 0 only.
func firstChannel(of decoder: any AudioDecoder) throws -> [Float] {
    let channels = decoder.info.channels
    var all: [Float] = []
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 4096 * channels)
    defer { buffer.deallocate() }
    while true {
        let count = try decoder.read(into: buffer, frames: 4096)
        if count == 0 { break }
        for frame in 0..<count { all.append(buffer[frame * channels]) }
    }
    return all
}
