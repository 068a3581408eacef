import PropertyBased
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Cue lookup by playback position: starts inclusive, ends exclusive, overlapping and nested cues all
/// shown in start order, zero-length cues never shown; checked by hand and against a linear scan.
@Suite struct SubtitleTrackTests {
    /// A cue named by its text, on a made-up line.
    static func cue(_ start: Int, _ end: Int, _ text: String, line: Int = 1) -> SubtitleCue {
        SubtitleCue(index: nil, startMs: start, endMs: end, text: text, line: line)
    }

    static func texts(_ cues: [SubtitleCue]) -> [String] { cues.map(\.text) }

    @Test func anEmptyTrackHasNothingAnywhere() {
        let track = SubtitleTrack([])
        for ms in [Int.min, -1, 0, 1, Int.max] {
            expectTrue(track.active(at: ms).isEmpty)
            expectTrue(track.next(after: ms) == nil)
            expectTrue(track.previous(before: ms) == nil)
        }
    }

    @Test func boundariesAreStartInclusiveEndExclusive() {
        let track = SubtitleTrack([Self.cue(1000, 2000, "a"), Self.cue(2000, 3000, "b")])
        expectEqual(Self.texts(track.active(at: 999)), [])
        expectEqual(Self.texts(track.active(at: 1000)), ["a"])
        expectEqual(Self.texts(track.active(at: 1999)), ["a"])
        expectEqual(Self.texts(track.active(at: 2000)), ["b"])  // a has ended, b has begun: never both
        expectEqual(Self.texts(track.active(at: 2999)), ["b"])
        expectEqual(Self.texts(track.active(at: 3000)), [])
        expectTrue(track.next(after: 999)?.text == "a")
        expectTrue(track.next(after: 1000)?.text == "b")  // strictly after
        expectTrue(track.next(after: 2000) == nil)
        expectTrue(track.previous(before: 1999) == nil)
        expectTrue(track.previous(before: 2000)?.text == "a")
        expectTrue(track.previous(before: 2500)?.text == "a")
        expectTrue(track.previous(before: 3000)?.text == "b")
    }

    @Test func overlappingCuesAreAllShownInStartOrder() {
        // Given out of order: the track sorts by start.
        let track = SubtitleTrack([Self.cue(1500, 2500, "second"), Self.cue(1000, 2000, "first")])
        expectEqual(Self.texts(track.cues), ["first", "second"])
        expectEqual(Self.texts(track.active(at: 1200)), ["first"])
        expectEqual(Self.texts(track.active(at: 1500)), ["first", "second"])
        expectEqual(Self.texts(track.active(at: 2000)), ["second"])
        expectTrue(track.previous(before: 2200)?.text == "first")
    }

    @Test func nestedCuesIncludingALongOneFromTheStart() {
        // A title card over the whole recording, with lines inside it (the case a backward scan is slow on).
        var cues = [Self.cue(0, 100_000, "title")]
        for i in 0..<50 { cues.append(Self.cue(1000 + i * 1000, 1500 + i * 1000, "line \(i)")) }
        cues.append(Self.cue(20_000, 30_000, "inner"))
        let track = SubtitleTrack(cues)
        expectEqual(Self.texts(track.active(at: 500)), ["title"])
        expectEqual(Self.texts(track.active(at: 1200)), ["title", "line 0"])
        expectEqual(Self.texts(track.active(at: 20_100)), ["title", "line 19", "inner"])
        expectEqual(Self.texts(track.active(at: 20_600)), ["title", "inner"])
        expectEqual(Self.texts(track.active(at: 99_999)), ["title"])
        expectEqual(Self.texts(track.active(at: 100_000)), [])
        expectTrue(track.previous(before: 20_600)?.text == "line 19")
        expectTrue(track.previous(before: 500) == nil)  // the title has not ended
        expectTrue(track.previous(before: 100_000)?.text == "line 49")  // the latest-starting ended cue
    }

    @Test func equalStartsKeepFileOrder() {
        let track = SubtitleTrack([Self.cue(1000, 3000, "x"), Self.cue(1000, 2000, "y"), Self.cue(1000, 3000, "z")])
        expectEqual(Self.texts(track.active(at: 1000)), ["x", "y", "z"])
        expectEqual(Self.texts(track.active(at: 2000)), ["x", "z"])
        expectTrue(track.previous(before: 2000)?.text == "y")
        expectTrue(track.previous(before: 3000)?.text == "z")
    }

    @Test func zeroLengthCuesNeverShowButCountForNextAndPrevious() {
        let track = SubtitleTrack([Self.cue(1000, 1000, "zero"), Self.cue(2000, 3000, "real")])
        expectTrue(track.active(at: 1000).isEmpty)
        expectTrue(track.next(after: 0)?.text == "zero")
        expectTrue(track.next(after: 1000)?.text == "real")
        expectTrue(track.previous(before: 1000)?.text == "zero")
        expectTrue(track.previous(before: 2500)?.text == "zero")
    }

    /// What the lookups must return, by looking at every cue.
    struct LinearScan {
        let cues: [SubtitleCue]  // in the track's order

        func active(at ms: Int) -> [SubtitleCue] { cues.filter { $0.startMs <= ms && ms < $0.endMs } }
        func next(after ms: Int) -> SubtitleCue? { cues.first { $0.startMs > ms } }
        func previous(before ms: Int) -> SubtitleCue? { cues.last { $0.startMs <= ms && $0.endMs <= ms } }
    }

    /// Random tracks from a seed: 0–60 cues, many overlapping, nested, zero-length or sharing a start.
    static func randomCues(seed: Int) -> [SubtitleCue] {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 0...60, using: &random)
        let span = Int.random(in: 1...20_000, using: &random)
        return (0..<count).map { i in
            let start = Int.random(in: 0...span, using: &random)
            let length: Int
            switch Int.random(in: 0..<10, using: &random) {
            case 0: length = 0
            case 1: length = Int.random(in: 0...span, using: &random)  // long, nests others
            default: length = Int.random(in: 1...3000, using: &random)
            }
            return SubtitleCue(index: i, startMs: start, endMs: start + length, text: "cue \(i)", line: i + 1)
        }
    }

    @Test func everyLookupMatchesALinearScan() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let cues = Self.randomCues(seed: seed)
            let track = SubtitleTrack(cues)
            expectEqual(track.cues.count, cues.count)
            expectTrue(zip(track.cues, track.cues.dropFirst()).allSatisfy { $0.startMs < $1.startMs || ($0.startMs == $1.startMs && $0.line < $1.line) })
            let scan = LinearScan(cues: track.cues)
            // Probe every boundary, one either side of it, and a few points in between.
            var probes: Set<Int> = [-1, 0, Int.max / 2]
            for cue in cues { for ms in [cue.startMs - 1, cue.startMs, cue.startMs + 1, cue.endMs - 1, cue.endMs, cue.endMs + 1] { probes.insert(ms) } }
            var random = SplitMix64(seed: UInt64(seed) ^ 0xABCDEF)
            for _ in 0..<20 { probes.insert(Int.random(in: -10...25_000, using: &random)) }
            for ms in probes.sorted() {
                expectEqual(track.active(at: ms), scan.active(at: ms), "seed \(seed), active at \(ms)")
                expectEqual(track.next(after: ms), scan.next(after: ms), "seed \(seed), next after \(ms)")
                expectEqual(track.previous(before: ms), scan.previous(before: ms), "seed \(seed), previous before \(ms)")
            }
        }
    }

    @Test func aLongFilmLookupIsQuick() {
        // 20,000 cues under one long cue: each lookup must not scan them all (a few ms for all lookups).
        var cues = [Self.cue(0, 100_000_000, "whole")]
        for i in 0..<20_000 { cues.append(Self.cue(i * 5000, i * 5000 + 4000, "line \(i)")) }
        let track = SubtitleTrack(cues)
        var wrong = 0
        let elapsed = ContinuousClock().measure {
            for i in 0..<20_000 where track.active(at: i * 5000 + 100).count != 2 { wrong += 1 }
        }
        expectEqual(wrong, 0)
        expectTrue(elapsed < .seconds(5), "\(elapsed)")  // a scan back over every cue takes minutes
    }
}
