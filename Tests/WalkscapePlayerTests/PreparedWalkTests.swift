import Testing
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTestSupport
import WalkscapeTours
@testable import WalkscapePlayer

/// A walk chosen on the detail screen read for the player: its trace or a simulated walk, the subtitles the
/// settings ask for, or one line saying why it cannot start.
@Suite struct PreparedWalkTests {
    func turin() throws -> TourListing {
        let listings = TourListings.make(try Catalogue(directory: repositoryRoot + "/tours"), language: "en", searchDirectories: [], token: nil)
        return try #require(listings.first { $0.id == "torino-portici" })
    }

    @Test func aTraceFileIsReadAndTheSubtitlesFollowTheSettings() throws {
        let walk = TourListing.WalkChoice(name: "clean", path: repositoryRoot + "/fixtures/traces/torino-portici-clean.gpx")
        let prepared = try PreparedWalk.load(try turin(), walk: walk, settings: PlaySettings(audioLanguage: "it"), language: "en", walkSpeed: 1.2).get()
        expectEqual(prepared.replay.language, "it")
        expectTrue(prepared.trace.count > 100)
        expectEqual(prepared.subtitles, "it")
        let off = try PreparedWalk.load(try turin(), walk: walk, settings: PlaySettings(subtitles: .off), language: nil, walkSpeed: 1.2).get()
        expectTrue(off.subtitles == nil)
    }

    @Test func theSimulatedWalkFollowsTheRoute() throws {
        let prepared = try PreparedWalk.load(try turin(), walk: TourListing.WalkChoice(name: "simulated walk", path: nil), settings: PlaySettings(), language: "en", walkSpeed: 1.2).get()
        expectTrue(prepared.trace.count > 100)
        // It passes every point: simulate triggers them all.
        let started = Simulation.run(tour: prepared.replay.engineTour, trace: prepared.trace).events.filter { $0.kind == .audioStarted }
        expectEqual(started.count, prepared.replay.engineTour.points.count)
    }

    @Test func aWalkThatCannotBeReadSaysWhyInOneLine() throws {
        let walk = TourListing.WalkChoice(name: "gone", path: "/nonexistent/walk.gpx")
        guard case let .failure(failure) = PreparedWalk.load(try turin(), walk: walk, settings: PlaySettings(), language: nil, walkSpeed: 1.2) else {
            Issue.record("a missing trace file was read")
            return
        }
        expectContains(failure.message, "/nonexistent/walk.gpx")
        expectTrue(!failure.message.contains("\n"))
    }
}
