import Foundation
import Testing
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTestSupport

/// The walk of `HeardTour` heard whole through added latency (a 300 ms loopback between two null sinks; a sink
/// with a long buffer, with the stream asking for 300 ms and a second: `HeardNarrationLatencyTests+LongBuffer`),
/// and the subtitles' clock judged against what the sink's monitor heard (the player's cue on screen). A suite of
/// its own so that `make test` runs it beside `HeardNarrationTests` (two processes), not after it.
@Suite(.serialized, .enabled(if: Tmux.path != nil && PrivatePulseServer.available, "tmux or pulseaudio is not installed; `make test` installs both"))
struct HeardNarrationLatencyTests: HeardWalkSuite {
    /// At ×1 through `module-loopback` (300 ms): the player plays on a null sink whose monitor loops back into
    /// the recorded one.
    @Test func everyNarrationIsHeardWholeThroughA300msLoopback() throws {
        let play = HeardPlay(speed: 1, route: { server in
            try server.pactl("load-module", "module-null-sink", "sink_name=walkscape_first", "sink_properties=device.description=walkscape_first")
            try server.pactl("load-module", "module-loopback", "source=walkscape_first.monitor", "sink=walkscape_null", "latency_msec=300")
            try server.pactl("set-default-sink", "walkscape_first")
            return "walkscape_null.monitor"
        })
        expectWhole(try run(play, " through a 300 ms loopback"), gaps: false)
    }

    /// The cue on screen changes within 100 ms of its marker being heard: the screen read as often as tmux
    /// answers, each read kept only when it took under 15 ms, and the change placed between the last read
    /// without the cue and the first with it, on the recording's timeline (`MonitorRecorder.sampleIndex(at:)`).
    /// A change is judged only when those two reads are under 100 ms apart, or when they show it early or late
    /// whatever happened between them; on a machine so busy that tmux answers too seldom to tell (no quick read
    /// while the cue was on screen, none before it, or reads far apart), the walk is played again, up to five times, until every cue has
    /// been judged once. A cue shown outside ±100 ms in any run fails; one never judged in five runs fails.
    @Test func eachSubtitleCueShowsWhenItsMarkerIsHeard() throws {
        var judged: [String: Double] = [:]
        var unclear: [String: String] = [:]
        var reads: [Int] = []
        for attempt in 1...5 where judged.count < HeardTour.markers.count {
            let played = try run(HeardPlay(speed: 1, watch: true), " reading the subtitles (run \(attempt))")
            let (outcome, markers) = (played.outcome, played.markers)
            let rate = markers.rate
            reads.append(outcome.captures.count)
            for marker in HeardTour.markers where judged[marker.cue] == nil {
                // Not among the reads kept: on a machine so busy that tmux answered slowly for longer than the
                // cue stayed on screen, no quick read fell inside it. Judged in a later run; never seen in five
                // fails below.
                guard let shown = outcome.captures.firstIndex(where: { $0.screen.contains(marker.cue) }) else {
                    unclear[marker.cue] = "never seen on screen (\(reads.map(String.init).joined(separator: ", ")) reads kept in the runs)"
                    continue
                }
                guard let onset = markers.found(marker).onset else {
                    Issue.record("\(marker) not heard; heard: \(markers.table)")
                    continue
                }
                // Where on the recording's timeline a moment of this process falls, as an offset from the onset.
                func offset(_ moment: Double) -> Double? {
                    outcome.recorder.sampleIndex(at: moment).map { (Double($0) - onset) / rate }
                }
                let with = outcome.captures[shown]
                guard let latestShown = offset(with.after) else {
                    Issue.record("no recording at the cue \"\(marker.cue)\"'s change")
                    continue
                }
                // Shown while the marker was still 100 ms away: early, whatever came before.
                if latestShown < -0.1 {
                    Issue.record("\"\(marker.cue)\" was on screen \(millis(-latestShown)) ms before \(marker) was heard (at most 100 ms allowed); play log: \(outcome.narrationLog)")
                    judged[marker.cue] = latestShown
                    continue
                }
                guard shown > 0, let earliestShown = offset(outcome.captures[shown - 1].before) else {
                    unclear[marker.cue] = "no screen read before it was shown"
                    continue
                }
                // Not yet on screen 100 ms after the marker: late, whatever came after.
                if earliestShown > 0.1 {
                    Issue.record("\"\(marker.cue)\" was not yet on screen \(millis(earliestShown)) ms after \(marker) was heard (at most 100 ms allowed); play log: \(outcome.narrationLog)")
                    judged[marker.cue] = earliestShown
                    continue
                }
                guard latestShown - earliestShown < 0.1 else {
                    unclear[marker.cue] = "the reads around its change are \(millis(latestShown - earliestShown)) ms apart"
                    continue
                }
                let moment = (earliestShown + latestShown) / 2
                expectTrue(abs(moment) <= 0.1, "\"\(marker.cue)\" showed \(millis(moment)) ms after \(marker) was heard (± \(millis((latestShown - earliestShown) / 2)) ms between two reads; at most 100 ms allowed); play log: \(outcome.narrationLog)")
                judged[marker.cue] = moment
                unclear[marker.cue] = nil
            }
        }
        for marker in HeardTour.markers where judged[marker.cue] == nil {
            Issue.record("\"\(marker.cue)\" could not be judged in 5 runs: \(unclear[marker.cue] ?? "not seen")")
        }
        let offsets = HeardTour.markers.compactMap { judged[$0.cue] }
        print("heard: subtitles ×1: cue shown − marker heard: \(offsets.map { millis($0) }.joined(separator: ", ")) ms (min \(millis(offsets.min() ?? 0)), max \(millis(offsets.max() ?? 0))); screen reads kept per run: \(reads.map(String.init).joined(separator: ", "))")
    }
}
