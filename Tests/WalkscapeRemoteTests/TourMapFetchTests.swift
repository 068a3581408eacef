import Foundation
import Testing
import WalkscapeRemote
import WalkscapeSystem
import WalkscapeTestSupport

/// `tiles --fetch`'s library half (moved out of the command): the statuses of a remote failure, and a tour that
/// `download` did not make refused with one line before any request.
@Suite struct TourMapFetchTests {
    final class Lines: @unchecked Sendable {
        var out: [String] = []
        var err: [String] = []
        var console: Console { Console(out: { self.out.append($0) }, err: { self.err.append($0) }) }
    }

    @Test func remoteFailuresMapToTheDocumentedStatuses() {
        let lines = Lines()
        expectEqual(RemoteFailure.exit(RemoteError(.invalid, "bad answer\nsecond line"), console: lines.console).code, 1)
        expectEqual(RemoteFailure.exit(RemoteError(.unavailable, "unreachable"), console: lines.console).code, 2)
        expectEqual(RemoteFailure.exit(RemoteError(.local, "disk full"), console: lines.console).code, 2)
        expectEqual(RemoteFailure.exit(RemoteError(.interrupted(SIGTERM), "stopped"), console: lines.console).code, 128 + SIGTERM)
        expectEqual(RemoteFailure.exit(RemoteError(.interrupted(0), "stopped"), console: lines.console).code, 128 + SIGINT)
        expectEqual(lines.err, ["bad answer\n", "second line\n", "unreachable\n", "disk full\n", "stopped\n", "stopped\n"])
    }

    @Test func aTourNotMadeByDownloadNeedsAnAPI() throws {
        let lines = Lines()
        let tour = repositoryRoot + "/tours/torino-portici"
        let exit = try #require(throws: CommandExit.self) { try TourMapFetch.run(tour: tour, api: nil, token: nil, minimumRate: 1, console: lines.console) }
        expectEqual(exit.code, 2)
        expectEqual(lines.err, ["\(tour)/tour.json: no x-walkscape-source (api, tourId): the tour was not made by `walkscape download`; give --api, or add tiles with --from\n"])
        expectTrue(lines.out.isEmpty)
    }

    @Test func aMissingTourIsOneLine() throws {
        let lines = Lines()
        let exit = try #require(throws: CommandExit.self) {
            try TourMapFetch.run(tour: NSTemporaryDirectory() + "walkscape-no-tour-\(UUID().uuidString)", api: nil, token: nil, minimumRate: 1, console: lines.console)
        }
        expectTrue(exit.code == 2 && lines.err.count == 1)
    }
}
