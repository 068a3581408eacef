import Testing
import WalkscapeTestSupport
import WalkscapeReplay

/// The names `--keep-replays` gives the replays: the trace's name, its phase, the run from 1, as wide as the last.
@Suite struct NoiseReplayArchiveTests {
    @Test func namesSayTheTraceThePhaseAndTheRun() {
        expectEqual(NoiseReplayArchive.fileName(walk: "walks/clean.gpx", run: 0, runs: 20), "clean-run01.gpx")
        expectEqual(NoiseReplayArchive.fileName(walk: "walks/clean.gpx@3/15", run: 6, runs: 100), "clean@3-of-15-run007.gpx")
        expectEqual(NoiseReplayArchive.fileName(walk: "a.nmea.gz", run: 8, runs: 9), "a-run9.gpx")
        expectEqual(NoiseReplayArchive.fileName(walk: "/x/walk", run: 0, runs: 1), "walk-run1.gpx")
    }
}
