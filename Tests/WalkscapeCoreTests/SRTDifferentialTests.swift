import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Differential test: random valid SubRip files read by `SRTParser` and by the Python `srt` library
/// (`Fuzz/srt_oracle.py`, Debian package python3-srt), which must find the same cues: index, start, end and
/// text. Skipped when `/usr/bin/python3` cannot import `srt` (`make test` installs it).
@Suite struct SRTDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let oracleAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import srt"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A cue as both readers give it.
    struct Cue: Equatable, CustomStringConvertible {
        var index: Int?
        var startMs: Int
        var endMs: Int
        var text: String
        var description: String { "#\(index.map(String.init) ?? "-") \(startMs)…\(endMs) \(text.debugDescription)" }
    }

    /// Pieces of cue text: words in several scripts, punctuation, digits and the tags players honour.
    static let words = [
        "Hello", "world", "Piazza", "Castello", "città", "élan", "Ærø", "Straße", "漢字", "東京", "😀", "—", "«quote»",
        "“curly”", "it's", "a,b", "1.5", "42", "10:00", "<i>", "</i>", "<b>bold</b>", "<font color=\"red\">", "&amp;",
        "{\\an8}", "-", "?", "!", "…", "x>y", "->",
    ]

    /// A valid SubRip file from `generator`: 1–12 cues numbered from 1 in time order, 1–3 text lines each,
    /// LF or CRLF line ends, with or without a UTF-8 BOM, one or two blank lines between cues.
    static func randomFile(_ generator: inout SplitMix64) -> (bytes: [UInt8], cues: Int) {
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        func time(_ ms: Int) -> String {
            let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, f = ms % 1000
            return String(format: "%02d:%02d:%02d,%03d", h, m, s, f)
        }
        let newline = below(2) == 0 ? "\n" : "\r\n"
        var lines: [String] = []
        let count = 1 + below(12)
        var clock = below(5_000_000)
        for index in 1...count {
            let start = clock + below(20_000)
            let end = start + below(8_000)
            clock = end
            if index > 1 { lines += Array(repeating: "", count: 1 + below(2)) }
            lines.append(String(index))
            lines.append(time(start) + " --> " + time(end))
            for _ in 0...below(3) {
                lines.append((0...below(6)).map { _ in words[below(words.count)] }.joined(separator: " "))
            }
        }
        var text = lines.joined(separator: newline)
        if below(2) == 0 { text += newline }
        let bom: [UInt8] = below(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
        return (bom + Array(text.utf8), count)
    }

    /// What `srt` reads in each file, by path.
    static func oracle(_ paths: [String]) throws -> JSONValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root + "/Fuzz/srt_oracle.py"] + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
        return try JSONParser().parse([UInt8](data))
    }

    @Test(.enabled(if: SRTDifferentialTests.oracleAvailable)) func randomValidFilesReadAsTheSrtLibraryReadsThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("srt-differential-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(seed: 2026)
        var files: [(path: String, bytes: [UInt8], cues: Int)] = []
        for n in 0..<300 {
            let (bytes, cues) = SRTDifferentialTests.randomFile(&generator)
            let path = directory.appendingPathComponent("file-\(n).srt").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            files.append((path, bytes, cues))
        }
        let verdicts = try SRTDifferentialTests.oracle(files.map(\.path))
        var compared = 0
        for file in files {
            let theirs = try #require(verdicts[file.path]?.arrayElements, "srt refused \(file.path): \(String(describing: verdicts[file.path]))")
            let expected = theirs.map { cue in
                let fields = cue.arrayElements ?? []
                return Cue(index: fields[0].intValue, startMs: fields[1].intValue ?? -1, endMs: fields[2].intValue ?? -1, text: fields[3].stringValue ?? "")
            }
            let document = SRTParser().parse(file.bytes)
            let actual = document.cues.map { Cue(index: $0.index, startMs: $0.startMs, endMs: $0.endMs, text: $0.text) }
            expectEqual(actual, expected, "\(file.path): \(String(decoding: file.bytes, as: UTF8.self).debugDescription)")
            expectTrue(document.warnings.isEmpty, "\(file.path): \(document.warnings)")
            expectEqual(actual.count, file.cues)
            compared += actual.count
        }
        expectTrue(compared > 1000)
    }
}
