import Foundation
import Testing
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTestSupport

/// Narrations back to back whatever the sink's latency: the walk of `HeardTour` (point 2 queued behind point 1)
/// played by `walkscape play --audio pulse` through a null sink that keeps a long buffer, its monitor recorded at
/// parec's default latency and judged on the recording's own timeline. The queued narration's start marker
/// follows the last one's end marker within 50 ms, every marker is whole, and the walk's clock on screen stays
/// within 1 s of the wall time since the walk began (× speed): it never waits on the sink's latency.
///
/// The long buffer: the private daemon's null sink without its keep-alive stream (`stopKeepAlive`), so that
/// whenever no client asks for less it runs with up to 2 s of buffer, as a busy desktop's or a Bluetooth sink
/// does, and a stream that starts on it waits for the block it has rendered ahead. Before gapless playback each
/// queued narration was heard 1.9 s after the one before, and the walk's clock lost as much at each.
///
/// Part of `HeardNarrationLatencyTests` (one process), so that `make test`'s calm phase plays two walks at a
/// time, not three.
extension HeardNarrationLatencyTests {
    static func longBuffer(_ server: PrivatePulseServer) throws -> String {
        try server.stopKeepAlive()
        return "@DEFAULT_MONITOR@"
    }

    /// The long-buffer sink at ×1, ×½ and ×2, both cores kept busy.
    @Test(arguments: [1.0, 0.5, 2.0])
    func queuedNarrationFollowsWithoutAGapOnALongBuffer(speed: Double) throws {
        let play = HeardPlay(speed: speed, busyCores: 2, route: Self.longBuffer, watch: true, fastReads: false, recorderLatency: nil)
        expectBackToBack(try run(play, " on a long-buffer sink (recorder at its default latency)"), speed: speed)
    }

    /// The player's stream asking for 300 ms and for a whole second (PULSE_LATENCY_MSEC) on the long-buffer
    /// sink, both cores kept busy.
    @Test(arguments: ["300", "1000"])
    func queuedNarrationFollowsWithoutAGapWhateverTheStreamAsks(latency: String) throws {
        let play = HeardPlay(
            speed: 1, busyCores: 2, environment: ["PULSE_LATENCY_MSEC": latency], route: Self.longBuffer, watch: true, fastReads: false,
            recorderLatency: nil)
        expectBackToBack(try run(play, " with PULSE_LATENCY_MSEC=\(latency) on a long-buffer sink"), speed: 1)
    }
}

/// The back-to-back judgement, for any suite that plays `HeardTour` walks (on PulseAudio or pipewire-pulse).
extension HeardWalkSuite {
    /// Every marker whole and in order, the queued pair's gap at most 50 ms, the clock on screen on time. The
    /// start markers of the narrations that start from silence (1 and 3) are left out: to play them at once the
    /// null sink rewinds what it had rendered ahead, and its monitor does not follow a rewind, so the recording
    /// loses up to the first 150 ms (the recording's fault, which a real sound card does not have;
    /// `HeardNarrationTests` judges those markers on a sink kept awake, whole). The queued narration's start
    /// marker, which follows the last one's end in the same stream, is judged. `left`: the markers left out.
    func expectBackToBack(
        _ run: HeardRun, speed: Double, leavingOut left: Set<String> = ["S1", "S3"], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for failure in backToBackFailures(run, speed: speed, leavingOut: left) { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }

    /// What `expectBackToBack` finds wrong (nothing: all held), and its `heard:` line printed.
    func backToBackFailures(_ run: HeardRun, speed: Double, leavingOut left: Set<String> = ["S1", "S3"]) -> [String] {
        let judged = HeardTour.markers.filter { !left.contains($0.label) }
        let markers = HeardMarkers(run.outcome.samples, speed: speed, markers: judged)
        var failures = markers.wholeAndInOrder.filter { !$0.passed }.map { "\($0.message)\nplay log: \(run.outcome.narrationLog)" }
        if let gap = markers.gap(after: 1) {
            if abs(gap) > HeardTour.queuedGap {
                failures.append("×\(formatShortNumber(speed)): heard \(millis(gap)) ms between narration 1's end and the queued narration 2's start (at most \(millis(HeardTour.queuedGap)) ms either way); heard: \(markers.table)\nplay log: \(run.outcome.narrationLog)")
            }
        } else {
            failures.append("×\(formatShortNumber(speed)): no gap 1→2 to measure; heard: \(markers.table)")
        }
        let clock = ScreenClock(run.outcome.captures, speed: speed)
        let allowed = max(1, speed)
        if clock.reads < 20 { failures.append("only \(clock.reads) screen reads showed the walk's clock") }
        if clock.worstBehind > allowed || clock.worstAhead > allowed {
            failures.append("×\(formatShortNumber(speed)): the walk's clock on screen ran up to \(formatFixed(clock.worstBehind, 2)) s behind and \(formatFixed(clock.worstAhead, 2)) s ahead of the wall time since the walk began × \(formatShortNumber(speed)) (at most \(formatShortNumber(allowed)) s); \(clock.summary)\nplay log: \(run.outcome.narrationLog)")
        }
        print("heard: clock on screen ×\(formatShortNumber(speed)): \(clock.summary); gap 1→2 \(markers.gap(after: 1).map { millis($0) } ?? "?") ms")
        return failures
    }
}

/// The walk's clock in the player's header (`m:ss.t` at the end of the first row) against the wall time of each
/// screen read: how far behind or ahead of (wall time since the walk began) × speed it ran. The walk begins
/// when its clock first leaves 0:00.0 (placed from the first read past it).
struct ScreenClock {
    var reads = 0
    var worstBehind = 0.0
    var worstAhead = 0.0
    /// The last read: wall seconds since the walk began, and the clock shown.
    var last: (wall: Double, clock: Double)?

    init(_ captures: [HeardPlay.Capture], speed: Double) {
        var samples: [(wall: Double, clock: Double)] = []
        for capture in captures {
            guard !capture.screen.contains("Tour complete"), let first = capture.screen.split(separator: "\n").first,
                let clock = ScreenClock.clock(in: String(first)) else { continue }
            samples.append(((capture.before + capture.after) / 2, clock))
        }
        guard let firstMoving = samples.firstIndex(where: { $0.clock > 0 }) else { return }
        // The clock shows tenths rounded down: it left zero at most a tenth (of walk) before the first read past
        // it. When the first read already shows it moving (a fast walk, a slow first frame), that read is taken
        // as on time: what the clock loses later still shows.
        let begin = samples[firstMoving].wall - (samples[firstMoving].clock + 0.05) / speed
        for sample in samples[firstMoving...] {
            let expected = (sample.wall - begin) * speed
            worstBehind = max(worstBehind, expected - sample.clock)
            worstAhead = max(worstAhead, sample.clock - expected)
            reads += 1
            last = (sample.wall - begin, sample.clock)
        }
    }

    /// `m:ss.t` at the end of a header row, in seconds.
    static func clock(in row: String) -> Double? {
        guard let word = row.split(separator: " ").last(where: { $0.contains(":") && $0.contains(".") }) else { return nil }
        let parts = word.split(separator: ":")
        guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    var summary: String {
        "\(reads) reads; worst \(formatFixed(worstBehind, 2)) s behind, \(formatFixed(worstAhead, 2)) s ahead"
            + (last.map { "; last: \(formatFixed($0.clock, 1)) s on screen at \(formatFixed($0.wall, 1)) s of wall time" } ?? "")
    }
}
