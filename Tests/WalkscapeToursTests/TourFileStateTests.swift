import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

/// The one classification every tour list uses: complete, edited (plays as it is), partial (cannot start),
/// unreadable.
@Suite struct TourFileStateTests {
    static func state(_ sandbox: TourSandbox) throws -> TourFileState {
        let tour = try #require(try TourLoader.load(sandbox.directory).tour)
        return TourFileState.of(tour, directory: sandbox.directory).state
    }

    @Test func completeEditedPartialAndUnreadable() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let complete = try Self.state(sandbox)
        guard case .complete = complete else { Issue.record("\(complete)"); return }
        expectTrue(complete.isPlayable)
        try sandbox.write("1\n00:00:00,100 --> 00:00:00,800\nBenvenute, tutti.\n", to: "subtitles/it/p1.it.srt")
        let edited = try Self.state(sandbox)
        guard case let .edited(integrity) = edited else { Issue.record("\(edited)"); return }
        expectEqual(integrity.edited.map(\.asset.file), ["subtitles/it/p1.it.srt"])
        expectTrue(edited.isPlayable)
        try FileManager.default.removeItem(atPath: sandbox.directory + "/audio/it/p2.wav")
        let partial = try Self.state(sandbox)
        guard case let .partial(missing) = partial else { Issue.record("\(partial)"); return }
        expectEqual(missing.missing.map(\.asset.file), ["audio/it/p2.wav"])
        expectTrue(!partial.isPlayable)
        let tour = try #require(try TourLoader.load(sandbox.directory).tour)
        let gone = TourFileState.of(tour, directory: sandbox.root + "/nowhere")
        guard case .unreadable = gone.state else { Issue.record("\(gone.state)"); return }
        expectTrue(gone.location == nil && !gone.state.isPlayable)
    }
}
