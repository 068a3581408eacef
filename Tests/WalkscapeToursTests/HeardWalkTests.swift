import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
@testable import WalkscapeTours

/// A walk's audio as heard: the recordings that started, at their times, and the length up to the last one's end.
@Suite struct HeardWalkTests {
    @Test func theStartedRecordingsAtTheirTimesUpToTheLastOnesEnd() throws {
        let sandbox = try TourSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let tour = try ReplayTour.load(sandbox.directory, language: "it")
        let timeline = Timeline(events: [
            EngineEvent(t: 5, kind: .audioStarted, point: 1, audioSeconds: 1),
            EngineEvent(t: 6, kind: .audioFinished, point: 1),
            EngineEvent(t: 40, kind: .audioStarted, point: 2, audioSeconds: 0.75),
            EngineEvent(t: 50, kind: .audioStarted, point: 9, audioSeconds: 3),  // no such point: silent, but heard as time
            EngineEvent(t: 51, kind: .tourIncomplete),
        ], startTime: 0, fixes: 60, ignoredFixes: 0, withheldFixes: 0)
        let walk = HeardWalk(timeline, tour: tour)
        expectEqual(walk.clips.map(\.start), [5, 40])
        expectTrue(walk.clips.first?.path.hasSuffix("/audio/it/p1.mp3") == true)
        expectTrue(walk.clips.last?.path.hasSuffix("/audio/it/p2.wav") == true)
        expectEqual(walk.seconds, 53)
        expectEqual(walk.bytes(as: .wav16), Int64(53 * 48_000) * 4)
        expectEqual(HeardWalk(Timeline(events: [], startTime: 0, fixes: 0, ignoredFixes: 0, withheldFixes: 0), tour: tour).seconds, 0)
    }
}
