import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours
import WalkscapeRemoteModel

/// `walkscape tiles TOUR --fetch`: the offline map of a tour installed by `walkscape download`, fetched from the API
/// it came from (tour.json's `x-walkscape-source`, or `api`), resuming the tiles already stored, as
/// `download --map-only` fetches it. Problems are said on the console and end with the command's status.
public enum TourMapFetch {
    /// Fetches the map of the tour at `tour` (its directory or tour.json); `minimumRate` is the downloads' floor
    /// rate in bytes a second. Throws `CommandExit` after saying why on `console`.
    public static func run(tour: String, api: String?, token: String?, minimumRate: Int, console: Console) throws {
        let location: TourLocation
        let loaded: Tour
        let recorded: JSONValue?
        do {
            location = try TourLocation(argument: tour)
            guard let data = FileManager.default.contents(atPath: location.jsonFile) else { throw TourFileError(path: location.jsonFile, "cannot be read") }
            recorded = try JSONParser().parse([UInt8](data))["x-walkscape-source"]
            guard let found = try TourLoader.load(location.directory).tour else { throw TourFileError(path: location.jsonFile, "is not a valid tour") }
            loaded = found
        } catch {
            console.error(TerminalText.sanitize("\(error)"))
            throw CommandExit(.usage)
        }
        guard let base = api ?? recorded?["api"]?.stringValue, let tourID = recorded?["tourId"]?.stringValue else {
            console.error("\(location.jsonFile): no x-walkscape-source (api, tourId): the tour was not made by `walkscape download`; give --api, or add tiles with --from")
            throw CommandExit(.usage)
        }
        let interruption = StopSignals.token()
        let downloader: TourDownloader
        do throws(RemoteError) {
            let client = HTTPClient(interruption: interruption, minimumRate: minimumRate)
            downloader = TourDownloader(api: try RemoteAPI(base: base, token: AccessToken.resolve(token), client: client, retry: RetryPolicy(attempts: 5), interruption: interruption))
        } catch {
            throw RemoteFailure.exit(error, console: console)
        }
        downloader.map = .only
        let directory = location.directory
        do {
            let outcome = try StopSignals.watch { () throws(RemoteError) -> TourDownloader.Outcome in
                try downloader.download(tourID, languages: loaded.languages, destination: FilePathText.parent(of: directory))
            }
            if case let .installed(_, _, plan, _, received, _) = outcome {
                console.line("\(tour): \(plan.tiles) map tiles (\(Formatting.bytes(plan.totalBytes))) in \(MapTilePlan.localPath); \(Formatting.bytes(received)) downloaded")
            }
            if let note = downloader.mapNote { console.line("Map: \(note)") }
        } catch let error as RemoteError {
            throw RemoteFailure.exit(error, console: console)
        }
    }
}
