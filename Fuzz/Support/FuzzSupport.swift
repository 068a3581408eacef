import Foundation
import Synchronization
import WalkscapeCore
import WalkscapeTraces

/// Helpers every fuzz target shares: splitting an input into chunks, temporary files, invariant checks.
enum FuzzSupport {
    /// The input as an array (libFuzzer hands a raw pointer that may be null for an empty input).
    static func bytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Splits `data` into consecutive pieces whose sizes come from `seed` (so that libFuzzer explores the cut
    /// points too): sizes between 1 and 64 bytes, with an occasional large piece, repeating the pattern.
    static func chunks(_ data: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
        var generator = SplitMix64(seed: UInt64(seed) &+ 0x9E37_79B9)
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < data.count {
            let roll = generator.next()
            let size = roll % 8 == 0 ? Int((roll >> 8) % 4096) + 1 : Int((roll >> 8) % 64) + 1
            let end = min(data.count, start + size)
            pieces.append(data[start..<end])
            start = end
        }
        return pieces
    }

    /// Feeds `data` to a new parser whole and in the pieces `seed` gives, and checks that both readings agree
    /// (same fixes and summary, or the same error): a stream parser must not depend on where reads end.
    static func checkChunking<P: TraceStreamParser>(_ make: () -> P, _ data: [UInt8], seed: UInt8) {
        var whole = make()
        let expected = Result { () throws(TraceParseError) in try whole.parse(data) }
        var chunked = make()
        let actual = Result { () throws(TraceParseError) in
            for piece in chunks(data, seed: seed) {
                try chunked.feed(Array(piece))
            }
            return try chunked.finish()
        }
        switch (expected, actual) {
        case (.success(let a), .success(let b)):
            check(a.0 == b.0, "the trace read in pieces differs from the trace read whole")
            check("\(a.1)" == "\(b.1)", "the summary read in pieces differs: \(a.1) against \(b.1)")
        case (.failure(let a), .failure(let b)):
            check(a.description == b.description, "the error read in pieces differs: \(a) against \(b)")
        case (.success, .failure(let b)):
            check(false, "read whole, the input is a trace; read in pieces, it fails: \(b)")
        case (.failure(let a), .success):
            check(false, "read whole, the input fails (\(a)); read in pieces, it is a trace")
        }
    }

    /// Stops the run (a crash for libFuzzer, which saves the input) when an invariant does not hold; replayed
    /// in `swift test` (built without LIBFUZZER), the broken invariant is recorded for the test to report.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        #if LIBFUZZER
        fatalError("fuzz invariant: \(message())")
        #else
        brokenInvariants.withLock { $0.append(message()) }
        #endif
    }

    #if !LIBFUZZER
    /// The invariants broken so far in this process (replay only).
    static let brokenInvariants = Mutex<[String]>([])
    #endif

    /// A file in a private temporary directory, rewritten with `data` at each call; its name ends with `suffix`.
    static func file(_ data: [UInt8], suffix: String) -> String {
        let path = directory + "/input" + suffix
        let written = data.withUnsafeBytes { raw in
            FileManager.default.createFile(atPath: path, contents: Data(raw))
        }
        check(written, "cannot write \(path)")
        return path
    }

    /// A directory of this process's own under $TMPDIR, made on first use.
    static let directory: String = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let path = base + "/walkscape-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}
