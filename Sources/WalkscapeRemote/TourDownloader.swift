import Foundation
import WalkscapeSystem
import Synchronization
import WalkscapeCore
import WalkscapeReports
import WalkscapeMap
import WalkscapeTours
#if canImport(FoundationNetworking)
import FoundationNetworking
import WalkscapeRemoteModel
#endif

/// Downloads a tour from the API into a tours directory, the way a tester wants it: every language merged
/// into one tour (docs/tour-format.md), each file staged, resumed with HTTP Range after an interruption,
/// size-checked against the manifest, checked against the server's MD5 ETag when it sends one (`etagCheck`), hashed
/// (SHA-256 into `tour.json`), the whole tour validated, then moved into place in one step, keeping the
/// version it replaces for rollback.
public final class TourDownloader: @unchecked Sendable {
    /// What the downloader tells its user as it goes.
    public enum Event: Sendable {
        /// The API's answers were read and merged: what will be fetched.
        case plan(DownloadPlan)
        /// A file was written in full (`resumedFrom` > 0 when it continued a partial file).
        case fileDone(path: String, bytes: Int, resumedFrom: Int)
        /// The map tiles are all fetched and stored in the MBTiles file at `path` (`bytes` long): `tiles` tiles
        /// at `zooms`, `absent` of those planned were not on the server, `fetched` came in this run.
        case mapTilesDone(path: String, bytes: Int, tiles: Int, absent: Int, fetched: Int, zooms: [Int])
        /// A request failed for a reason that may pass; attempt `attempt` comes after `delay` seconds.
        case retry(what: String, attempt: Int, delay: Double)
        /// Every file is staged; the tour is being checked before it is installed.
        case validating(String)
    }

    /// The work a download has: everything planned and what is already staged.
    public struct DownloadPlan: Sendable {
        public var tourID: String
        public var slug: String
        public var version: Int
        public var languages: [String]
        public var directory: String
        /// Files of the tour, the map's MBTiles file included.
        public var files: Int
        /// Planned bytes (the cover and the map tiles, whose sizes the API does not give, count 0).
        public var totalBytes: Int
        /// Files and bytes already staged by an earlier, interrupted run.
        public var stagedFiles: Int
        public var stagedBytes: Int
        /// Map tiles planned (0 without `offlineMap`), and their zoom levels.
        public var tiles: Int = 0
        public var tileZooms: [Int] = []
    }

    /// A snapshot for the progress display.
    public struct Progress: Sendable {
        public var doneBytes: Int
        public var totalBytes: Int
        /// Bytes received by this run, and the seconds it has been receiving.
        public var receivedBytes: Int
        public var elapsed: Double
        public var currentFile: String
        public var filesDone: Int
        public var files: Int
        /// Files being fetched right now (`currentFile` is one of them).
        public var inFlight: Int = 1
        /// During the map phase: tiles settled (stored, or not on the server) of those planned.
        public var tiles: (done: Int, total: Int)? = nil
    }

    /// How a download ended.
    public enum Outcome: Sendable {
        /// Installed at `directory`; `previous` holds the version it replaced, if any. `received` bytes came
        /// over the network in `transferSeconds` (the file transfers only, not the API calls or the checks).
        case installed(directory: String, previous: String?, plan: DownloadPlan, warnings: [Diagnostic], received: Int, transferSeconds: Double)
        /// The installed tour is already this version, complete, in these languages.
        case upToDate(directory: String, plan: DownloadPlan)

        /// The tour's directory.
        public var directory: String {
            switch self {
            case let .installed(directory, _, _, _, _, _), let .upToDate(directory, _): directory
            }
        }
    }

    /// The most bytes a file without a size in the manifest (the cover image) may have: an answer longer than
    /// that is refused, as one longer than a file's `fileSizeBytes` is.
    public static let maxUnsizedFileBytes = 64 << 20

    public let api: RemoteAPI
    /// How many files download at once, each over its own connection (1: one after the other). Several
    /// connections hide the round trip each small file costs on a real network, and spread the receiving
    /// over the cores.
    public var jobs = 4
    /// When files are checked against the server's MD5 ETag.
    public var etagCheck: ETagCheck = .auto
    /// Told what happens. With several `jobs` it is called from the workers' threads, one call at a time.
    public var onEvent: (Event) -> Void = { _ in }
    /// Told the progress about ten times a second and after each file; called like `onEvent`.
    public var onTick: (Progress) -> Void = { _ in }

    /// What a download does with the manifest's `offlineMap`.
    public enum MapChoice: Sendable {
        /// Fetched after the tour's files; when it cannot be (too many tiles, its server unreachable or
        /// refusing), the tour is installed without it and `mapProblem` says why.
        case withTour
        /// Not fetched (`--no-map`).
        case none
        /// Only the map, for a tour already installed (`--map-only`, `walkscape tiles TOUR --fetch`).
        case only
    }

    /// What this download does with the map.
    public var map: MapChoice = .withTour
    /// After `download`: why the map was not installed, in one phrase, when it was not (the tour was).
    public private(set) var mapProblem: String?
    /// After `download`: how the map's plan was bounded, when the manifest's box was far larger than the route.
    public private(set) var mapNote: String?

    public init(api: RemoteAPI) { self.api = api }

    /// Downloads `tourID` in `languages` (the first is only a preference: the tour's own default language
    /// comes first in `tour.json`) into `destination`. With `force`, a complete installed copy of the
    /// same version is downloaded again. With `voucher`, the voucher is redeemed first.
    public func download(_ tourID: String, languages: [String], destination: String, voucher: String? = nil, force: Bool = false) throws(RemoteError) -> Outcome {
        api.onRetry = { [weak self] what, attempt, delay in self?.onEvent(.retry(what: what, attempt: attempt, delay: delay)) }
        if let voucher { try api.redeemVoucher(voucher, tourID: tourID) }
        var bundles: [RemoteLanguageBundle] = []
        var tourID = tourID
        for language in languages {
            let detail: RemoteTourDetail
            do {
                detail = try api.detail(tourID, language: language)
            } catch {
                // No tour has this id in this language. The tour list says which tour it is (the id may be a
                // slug, what `walkscape tours` and `remove` show) and which languages it has.
                guard error.httpStatus == 404, let listed = try? api.tours(language: nil).first(where: { $0.id == tourID || $0.slug == tourID }) else { throw error }
                if !listed.languages.isEmpty, !listed.languages.contains(language) {
                    throw RemoteError(.unavailable,
                        "no tour \"\(tourID)\" in \(language) on this server: it is in \(listed.languages.joined(separator: ", ")); pass --lang with those (e.g. --lang \(listed.languages.joined(separator: ",")))",
                        httpStatus: 404)
                }
                guard bundles.isEmpty, listed.id != tourID else { throw error }
                tourID = listed.id
                detail = try api.detail(tourID, language: language)
            }
            let points = try api.points(tourID, language: language)
            let manifest = try api.manifest(tourID, language: language)
            bundles.append(RemoteLanguageBundle(language: language, detail: detail, points: points, manifest: manifest))
        }
        let source: JSONValue = .object([("api", .string(api.baseText)), ("tourId", .string(tourID))])
        var assembled: AssembledTour
        do {
            assembled = try TourAssembler.assemble(bundles, source: source)
        } catch {
            throw RemoteError(.invalid, "\(api.baseText): tour \(tourID): \(error.message)")
        }
        // The map's tiles, counted and bounded before anything is fetched; a map that cannot be planned is
        // left out, not the tour.
        mapProblem = nil
        mapNote = nil
        var mapPlan: MapTilePlan?
        if map != .none, let offline = assembled.offlineMap {
            let route = bundles.flatMap { $0.points.map(\.location) }
            do {
                let bounded = try MapTilePlan.bounded(offline, route: route)
                mapPlan = bounded.plan
                mapNote = bounded.note
            } catch {
                mapProblem = error.description
            }
        } else if map == .only {
            throw RemoteError(.invalid, "\(api.baseText): tour \(tourID): the manifest has no offlineMap: there is no map to fetch")
        }
        let tour = assembled
        var urls: [String: URL] = [:]
        for file in tour.files { urls[file.localPath] = try api.resolve(file.url) }

        let area = DownloadArea(destination: destination)
        let name = tour.directoryName
        let target = area.installed(name)
        let staging = area.staging(name)
        try DownloadArea.makeDirectory(area.destination)

        let installedTour = try? TourLoader.load(target)
        if map == .only {
            guard let existing = installedTour?.tour, existing.id == tour.id else {
                throw RemoteError(.local, "\(target): tour \(tour.id) is not installed there; download it first (`walkscape download` without --map-only)")
            }
            guard let mapPlan else {
                throw RemoteError(.invalid, "\(api.baseText): tour \(tourID): \(mapProblem ?? "no map to fetch")")
            }
            return try installMap(mapPlan, into: target, tour: tour)
        }
        if !force, let installed = installedTour, let existing = installed.tour, existing.id == tour.id,
            existing.version == tour.version, Set(existing.languages) == Set(tour.languages),
            TourIntegrity.check(existing, at: installed.location, verifyDigests: true).isComplete
        {
            // The tour is complete; a map it lacks (one that could not be fetched before) is fetched into it. A
            // map that still cannot be fetched leaves the tour as it is, said as the first run said it
            // (`mapProblem`, the same status): the same state gets the same answer.
            let upToDate = Outcome.upToDate(directory: target, plan: plan(tour, map: nil, directory: target, state: nil))
            guard existing.mapTiles == nil, let mapPlan else { return upToDate }
            do throws(RemoteError) {
                return try installMap(mapPlan, into: target, tour: tour)
            } catch {
                if case .interrupted = error.kind { throw error }
                mapProblem = error.message
                return upToDate
            }
        }

        // The staging directory and what an earlier run left there.
        var state = DownloadState(tourID: tour.id, version: tour.version, totalBytes: tour.totalBytes)
        state.mapTiles = mapPlan != nil
        if let previous = DownloadState.read(in: staging), previous.tourID == tour.id, previous.version == tour.version {
            state.complete = previous.complete.filter { path, done in
                // The map's file has no size in the manifest (-1, as the cover).
                guard let size = tour.files.first(where: { $0.localPath == path })?.size ?? (mapPlan != nil && path == MapTilePlan.localPath ? -1 : nil) else { return false }
                guard (size < 0 || size == done.size) && TourDownloader.fileSize(staging + "/" + path) == done.size else { return false }
                // Staged files are flushed to disk only before the install, and the state not at all: after a
                // crash or a power loss the bytes may not be what was written, so every run hashes them again
                // (and the validation before the install can rely on every digest being of the bytes on disk).
                guard TourDownloader.sha256(of: staging + "/" + path) == done.sha256 else {
                    unlink(staging + "/" + path)  // not what was received: fetched again, whole
                    return false
                }
                return true
            }
            state.partialETags = previous.partialETags.filter { path, _ in tour.files.contains { $0.localPath == path } }
        } else if FileManager.default.fileExists(atPath: staging) {
            try DownloadArea.remove(staging)  // another tour or version: nothing there can be trusted
        }
        try DownloadArea.makeDirectory(staging)
        try state.write(in: staging)
        let thePlan = plan(tour, map: mapPlan, directory: target, state: state, staging: staging)
        onEvent(.plan(thePlan))

        var remaining = 0
        for file in tour.files where state.complete[file.localPath] == nil {
            remaining += max(0, file.size - (TourDownloader.fileSize(staging + "/" + file.localPath) ?? 0))
        }
        try checkSpace(remaining, in: staging)

        let received = ByteCounter()
        let start = SystemClock.shared.now()
        let baseline = thePlan.stagedBytes
        // The workers stop on Ctrl-C (the API's interruption) and on the first failure among them.
        let stop = StopToken(linkedTo: api.interruption)
        let audioCheck = StagedAudioCheck()
        defer { audioCheck.close() }
        let board = TransferBoard(state: state, files: tour.files.filter { state.complete[$0.localPath] == nil }, filesDone: thePlan.stagedFiles)
        let progress = { @Sendable (file: String, counts: TransferBoard.Counts) in
            Progress(
                doneBytes: min(tour.totalBytes, baseline + received.value), totalBytes: tour.totalBytes,
                receivedBytes: received.value, elapsed: SystemClock.shared.now() - start,
                currentFile: file, filesDone: counts.done, files: thePlan.files, inFlight: counts.inFlight)
        }
        let work: @Sendable (HTTPClient) -> Void = { [self, urls] client in
            while !stop.isStopped, let file = board.take() {
                let tick = { [self] in board.tick { counts in onTick(progress(file.localPath, counts)) } }
                do throws(RemoteError) {
                    let before = TourDownloader.fileSize(staging + "/" + file.localPath) ?? 0
                    let done = try fetch(file, from: urls[file.localPath]!, into: staging, client: client, stop: stop, board: board, received: received, tick: tick)
                    if StagedAudioCheck.isAudio(file.localPath) { audioCheck.submit(file.localPath, at: staging + "/" + file.localPath) }
                    try board.finished(file.localPath, done, staging: staging) { counts in
                        onTick(progress(file.localPath, counts))
                        onEvent(.fileDone(path: file.localPath, bytes: done.size, resumedFrom: file.size >= 0 && before < file.size ? before : 0))
                    }
                } catch {
                    board.fail(error)
                    stop.stop()  // the other workers stop short; the first failure is the one reported
                    return
                }
            }
        }
        let workers = max(1, min(jobs, board.count))
        // One worker keeps the API's connection (one connection in all, as the phone app); several each have
        // their own, stopped together.
        TransferWorkers.run(workers, stop: stop, like: api.client, shared: workers == 1 ? api.client : nil, work)
        state = board.state
        // A Ctrl-C that came after the last transfers completed still stops before the install.
        var failure = board.failure ?? (api.interruption.isStopped ? RemoteError(.interrupted(api.interruption.signal), "interrupted") : nil)
        if failure == nil, let mapPlan, state.complete[MapTilePlan.localPath] == nil {
            do throws(RemoteError) {
                state.complete[MapTilePlan.localPath] = try fetchTiles(mapPlan, staging: staging, filesDone: thePlan.files - 1, stop: stop, received: received, progress: progress)
                try state.write(in: staging)
            } catch {
                // The map is an extra: the tour is installed without it (the tiles stored so far stay beside
                // it, for `walkscape tiles TOUR --fetch` to resume); only a stop stops the tour.
                if case .interrupted = error.kind { failure = error } else { mapProblem = error.message }
            }
        }
        if let error = failure {
            try? state.write(in: staging)
            if case .interrupted = error.kind {
                let staged = DownloadArea.bytes(under: staging, excluding: DownloadState.fileName)
                throw RemoteError(.interrupted(api.interruption.signal), "interrupted: \(Formatting.bytes(staged)) of \(Formatting.bytes(tour.totalBytes)) staged in \(staging); run the same command again to resume")
            }
            throw error
        }

        let transferSeconds = SystemClock.shared.now() - start

        // Every file is staged: write tour.json, check the whole tour, then put it in place.
        var finished = tour
        let hasMap = state.complete[MapTilePlan.localPath] != nil
        if hasMap { finished.addMapTiles(at: MapTilePlan.localPath) }
        let document = finished.completed(state.complete.mapValues { (size: $0.size, sha256: $0.sha256) })
        do {
            try AtomicFileWriter.write(Array(JSONWriter().write(document).utf8), to: staging + "/tour.json")
        } catch {
            throw RemoteError(.local, error.message)
        }
        onEvent(.validating(staging))
        let report: ValidationReport
        do {
            report = try TourValidator(verifiesDigests: false, decodedAudio: audioCheck.results(), checksTiming: true).validate(staging)
        } catch {
            throw RemoteError(.local, error.description)
        }
        let errors = report.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            let lines = errors.prefix(5).map { "  " + TerminalText.sanitize($0.description) }
            throw RemoteError(.invalid, (["the downloaded tour does not validate, so it was not installed (staged in \(staging)):"] + lines
                + (errors.count > 5 ? ["  … and \(errors.count - 5) more; run `walkscape validate \(staging)`"] : [])).joined(separator: "\n"))
        }
        try DownloadArea.remove(staging + "/" + DownloadState.fileName)
        DownloadState.removeLeftovers(in: staging, keepingMap: mapProblem != nil)
        try TourDownloader.flush(staging, files: tour.files.map(\.localPath) + (hasMap ? [MapTilePlan.localPath] : []) + ["tour.json"])
        let previous = try area.install(name)
        rmdir(area.stagingRoot)  // only when no other download is staged there
        var installedPlan = thePlan
        installedPlan.totalBytes += state.complete[MapTilePlan.localPath]?.size ?? 0  // the map's size is known now
        return .installed(directory: target, previous: previous, plan: installedPlan, warnings: report.diagnostics.filter { $0.severity == .warning },
            received: received.value, transferSeconds: transferSeconds)
    }

    private func plan(_ tour: AssembledTour, map: MapTilePlan?, directory: String, state: DownloadState?, staging: String = "") -> DownloadPlan {
        var staged = 0
        if let state {
            for file in tour.files {
                if let done = state.complete[file.localPath] {
                    staged += done.size
                } else if file.size > 0 {
                    staged += min(file.size, TourDownloader.fileSize(staging + "/" + file.localPath) ?? 0)
                }
            }
            staged += state.complete[MapTilePlan.localPath]?.size ?? 0
        }
        return DownloadPlan(
            tourID: tour.id, slug: tour.slug, version: tour.version, languages: tour.languages, directory: directory,
            files: tour.files.count + (map != nil ? 1 : 0), totalBytes: tour.totalBytes, stagedFiles: state?.complete.count ?? 0, stagedBytes: staged,
            tiles: map?.tiles.count ?? 0, tileZooms: map?.zooms ?? [])
    }

    /// The map phase: every tile of `map` fetched into the staged MBTiles file (tiles an earlier run stored
    /// are kept), which is then completed and renamed into place; returns its record for the state.
    private func fetchTiles(_ map: MapTilePlan, staging: String, filesDone: Int, stop: StopToken, received: ByteCounter,
        progress: @escaping @Sendable (String, TransferBoard.Counts) -> Progress) throws(RemoteError) -> DownloadState.Complete
    {
        let path = staging + "/" + MapTilePlan.localPath
        try DownloadArea.makeDirectory(FilePathText.parent(of: path))
        let staged: StagedTiles
        do { staged = try StagedTiles(target: path) } catch { throw RemoteError(.local, error.description) }
        let fetcher = TileFetcher(api: api, plan: map, staged: staged, etagCheck: etagCheck)
        let earlier = try fetcher.resume()
        let tick = { @Sendable [self] (counts: TileFetcher.Counts) in
            var snapshot = progress(MapTilePlan.localPath, TransferBoard.Counts(done: filesDone, inFlight: 1))
            // The tiles' sizes are known only as they arrive: the total grows with them.
            snapshot.totalBytes += counts.bytes - earlier.bytes
            snapshot.doneBytes = min(snapshot.totalBytes, snapshot.doneBytes + counts.bytes - earlier.bytes)
            snapshot.tiles = (counts.settled, counts.total)
            onTick(snapshot)
        }
        tick(earlier)
        let outcome = try fetcher.run(jobs: jobs, stop: stop, received: received,
            onRetry: { [self] what, attempt, delay in onEvent(.retry(what: what, attempt: attempt, delay: delay)) }, onTick: tick)
        do {
            _ = try staged.finish(attribution: map.attribution, name: MapTilePlan.localPath)
        } catch {
            throw RemoteError(.local, error.description)
        }
        guard let size = TourDownloader.fileSize(path), let digest = TourDownloader.sha256(of: path) else {
            throw RemoteError(.local, "\(path): cannot be read back after it was written")
        }
        onEvent(.mapTilesDone(path: MapTilePlan.localPath, bytes: size, tiles: outcome.stored, absent: outcome.absent, fetched: outcome.fetched, zooms: map.zooms))
        return DownloadState.Complete(size: size, sha256: digest)
    }

    /// Fetches the map of `plan` into the installed tour at `directory` (resuming the tiles an earlier run
    /// stored beside it), then names it in `tour.json` as `mapTiles` with its size and digest.
    private func installMap(_ plan: MapTilePlan, into directory: String, tour: AssembledTour) throws(RemoteError) -> Outcome {
        var thePlan = self.plan(tour, map: plan, directory: directory, state: nil)
        thePlan.files = 1
        thePlan.totalBytes = 0
        onEvent(.plan(thePlan))
        let received = ByteCounter()
        let start = SystemClock.shared.now()
        let stop = StopToken(linkedTo: api.interruption)
        let progress = { @Sendable (file: String, counts: TransferBoard.Counts) in
            Progress(doneBytes: 0, totalBytes: 0, receivedBytes: received.value, elapsed: SystemClock.shared.now() - start,
                currentFile: file, filesDone: counts.done, files: 1, inFlight: counts.inFlight)
        }
        let done = try fetchTiles(plan, staging: directory, filesDone: 0, stop: stop, received: received, progress: progress)
        let jsonFile = directory + "/tour.json"
        do {
            guard let data = FileManager.default.contents(atPath: jsonFile) else { throw TourFileError(path: jsonFile, "cannot be read") }
            var root = try JSONParser().parse([UInt8](data))
            root.setMember("mapTiles", to: .object([("file", .string(MapTilePlan.localPath)), ("fileSizeBytes", .integer(done.size)), ("sha256", .string(done.sha256))]))
            try AtomicFileWriter.write(Array(JSONWriter().write(root).utf8), to: jsonFile)
        } catch {
            throw RemoteError(.local, "\(jsonFile): cannot name the map: \(error)")
        }
        var installed = thePlan
        installed.totalBytes = done.size
        return .installed(directory: directory, previous: nil, plan: installed, warnings: [], received: received.value, transferSeconds: SystemClock.shared.now() - start)
    }

    /// Room kept free beyond the files to download: for tour.json and the download's state file.
    public static let spareBytes = 1 << 20

    /// Refuses to start when the disk cannot hold what remains to download (plus `spareBytes`).
    private func checkSpace(_ bytes: Int, in directory: String) throws(RemoteError) {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return }
        let free = Int(info.f_bavail) &* Int(info.f_frsize)
        if let refusal = TourDownloader.spaceRefusal(needed: bytes, free: free, in: directory) { throw RemoteError(.local, refusal) }
    }

    /// Why `free` bytes in `directory` cannot take a download of `needed` more bytes and the spare room, or nil
    /// when they can. Names the spare room, so that a refusal never reads as if the files alone would fit.
    public static func spaceRefusal(needed: Int, free: Int, in directory: String) -> String? {
        guard free >= 0, needed >= 0, needed + spareBytes > free else { return nil }
        var total = Formatting.bytes(needed + spareBytes), available = Formatting.bytes(free)
        if total == available {  // rounded alike: the bytes tell them apart
            total = "\(needed + spareBytes) bytes"
            available = "\(free) bytes"
        }
        return "not enough disk space in \(directory): the download needs \(Formatting.bytes(needed)) more and keeps \(Formatting.bytes(spareBytes)) spare "
            + "(for tour.json and the download's state), \(total) in all; \(available) is free"
    }

    /// Flushes the staged files and their directories to disk, once, before the tour is moved into place.
    static func flush(_ directory: String, files: [String]) throws(RemoteError) {
        var directories = Set<String>([directory])
        for file in files {
            let path = directory + "/" + file
            directories.insert(FilePathText.parent(of: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard fsync(fd) == 0 else {
                throw RemoteError(.local, "\(path): cannot be flushed to disk: \(String(cString: strerror(errno)))")
            }
        }
        for path in directories {
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                fsync(fd)
                close(fd)
            }
        }
    }

    /// The SHA-256 of a file, nil when it cannot be read.
    static func sha256(of path: String) -> String? {
        try? AssetFile.sha256(ofFile: path)
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What `decide` saw of an answer, filled on the delegate queue and read once the transfer ended.
    private final class Answer: @unchecked Sendable {
        var etag: String?
        /// The MD5 the bytes must have (the ETag's, when `etagCheck` applies to where they came from).
        var expectedMD5: String?
        var failure: String?
        var restart = false
    }

    /// Downloads one file into the staging directory, resuming a partial one, with retries.
    private func fetch(_ file: PlannedFile, from url: URL, into staging: String, client: HTTPClient, stop: StopToken,
        board: TransferBoard, received: ByteCounter, tick: () -> Void) throws(RemoteError) -> DownloadState.Complete
    {
        let path = staging + "/" + file.localPath
        try DownloadArea.makeDirectory(FilePathText.parent(of: path))
        var attempt = 1
        let label = file.localPath
        while true {
            var existing = TourDownloader.fileSize(path) ?? 0
            if file.size >= 0 && existing > file.size { existing = 0 }
            let sink = try FileSink(path: path, received: received, limit: file.size >= 0 ? file.size : TourDownloader.maxUnsizedFileBytes)
            if file.size > 0 && existing == file.size {
                // Written in full by a run that stopped before recording it: only the digest is missing, and
                // the bytes are checked against the ETag that run saw, when it recorded one.
                let expected = etagCheck == .never ? nil : TourDownloader.md5ETag(board.partialETag(file.localPath))
                do { try sink.prepare(keep: existing, checkMD5: expected != nil) } catch { throw RemoteError(.local, error.message) }
                let digests = try sink.finish()
                if let expected, digests.md5 != expected {
                    try? FileManager.default.removeItem(atPath: path)
                    board.setPartialETag(file.localPath, nil)
                    continue  // fetched again, whole
                }
                return DownloadState.Complete(size: existing, sha256: digests.sha256)
            }
            var request = URLRequest(url: url)
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            request.setValue("walkscape/\(RemoteAPI.version)", forHTTPHeaderField: "User-Agent")
            if let token = api.token, api.sameOrigin(url) { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            if existing > 0 {
                request.setValue("bytes=\(existing)-", forHTTPHeaderField: "Range")
                if let etag = board.partialETag(file.localPath) { request.setValue(etag, forHTTPHeaderField: "If-Range") }
            }
            let answer = Answer()
            let resumeFrom = existing
            let etagCheck = self.etagCheck
            let outcome: Result<HTTPResponse, HTTPTransportError>
            do throws(HTTPTransportError) {
                outcome = .success(try client.perform(request, tick: tick) { http in
                    let etag = http.value(forHTTPHeaderField: "ETag")
                    answer.etag = etag
                    let keep: Int
                    switch http.statusCode {
                    case 200: keep = 0
                    case 206:
                        guard let start = TourDownloader.rangeStart(http.value(forHTTPHeaderField: "Content-Range")), start == resumeFrom else {
                            answer.restart = true
                            return .memory(limit: 1 << 16)
                        }
                        keep = start
                    default: return .memory(limit: 1 << 16)
                    }
                    // A resumed file's first part comes from the disk, which TLS did not cover: `auto` checks it.
                    let checks = etagCheck.applies(to: http.url) || (etagCheck != .never && keep > 0)
                    answer.expectedMD5 = checks ? TourDownloader.md5ETag(etag) : nil
                    do throws(HTTPSinkError) {
                        try sink.prepare(keep: keep, checkMD5: answer.expectedMD5 != nil)
                    } catch {
                        answer.failure = error.message
                        return .memory(limit: 1 << 16)
                    }
                    return .sink(sink)
                })
            } catch {
                outcome = .failure(error)
            }
            let reason: String
            switch outcome {
            case .failure(.interrupted):
                if let etag = answer.etag { board.setPartialETag(file.localPath, etag) }
                throw RemoteError(.interrupted(stop.signal), "interrupted")
            case let .failure(.connection(message)):
                if let etag = answer.etag { board.setPartialETag(file.localPath, etag) }
                reason = "\(label): \(message)"
                if attempt >= api.retry.attempts {
                    throw RemoteError(.unavailable, "GET \(url.absoluteString): \(message) (\(attempt) attempts); run the same command again to resume")
                }
            case let .failure(.refused(message)):
                if let etag = answer.etag { board.setPartialETag(file.localPath, etag) }
                throw RemoteError(.unavailable, "GET \(url.absoluteString): \(message); not retried (nothing is listening there); run the same command again to resume once the server runs", isUnreachable: true)
            case let .failure(.unusable(message)):
                throw RemoteError(.unavailable, "GET \(url.absoluteString): \(message)")
            case let .failure(.sink(message)):
                guard sink.overflowed else { throw RemoteError(.local, message) }
                // An answer longer than the file (one without Content-Length that never ends): what came is
                // dropped, nothing past the declared size was written.
                try? FileManager.default.removeItem(atPath: path)
                board.setPartialETag(file.localPath, nil)
                let promise = file.size >= 0
                    ? "the \(file.size) bytes the manifest promises (\(file.origin))"
                    : "the \(TourDownloader.maxUnsizedFileBytes >> 20) MiB a file without a size in the manifest may have (\(file.origin))"
                throw RemoteError(.invalid, "\(label): the server sent more than \(promise) and did not stop; the backend's file or its manifest is wrong, so the tour was not installed")
            case let .failure(.tooLarge(limit)):
                throw RemoteError(.invalid, "GET \(url.absoluteString): an error answer larger than \(limit) bytes")
            case let .success(response):
                if let failure = answer.failure { throw RemoteError(.local, failure) }
                if answer.restart || response.status == 416 {
                    // The staged part is not a prefix of the server's file: start the file again.
                    try? FileManager.default.removeItem(atPath: path)
                    board.setPartialETag(file.localPath, nil)
                    reason = "\(label): the server could not resume at byte \(resumeFrom) (\(response.status)); starting the file again"
                    if attempt >= api.retry.attempts { throw RemoteError(.unavailable, "GET \(url.absoluteString): \(reason)") }
                } else if response.status == 200 || response.status == 206 {
                    if file.size >= 0 && sink.size != file.size {
                        try? FileManager.default.removeItem(atPath: path)
                        board.setPartialETag(file.localPath, nil)
                        throw RemoteError(.invalid, "\(label): the server sent \(sink.size) bytes, the manifest promises \(file.size) (\(file.origin)); the backend's file or its manifest is wrong, so the tour was not installed")
                    }
                    let digests = try sink.finish()
                    guard let expected = answer.expectedMD5, let md5 = digests.md5, md5 != expected else {
                        return DownloadState.Complete(size: sink.size, sha256: digests.sha256)
                    }
                    try? FileManager.default.removeItem(atPath: path)
                    board.setPartialETag(file.localPath, nil)
                    reason = "\(label): the bytes received do not match the server's checksum (ETag MD5 \(expected.prefix(12))…)"
                    if attempt >= api.retry.attempts {
                        throw RemoteError(.invalid, "\(reason) \(attempt) time\(attempt == 1 ? "" : "s"); the file is corrupt on the server or on the way, so the tour was not installed")
                    }
                } else if response.status >= 500 {
                    reason = "\(label): \(response.status)\(api.quote(response))"
                    if attempt >= api.retry.attempts {
                        throw RemoteError(.unavailable, "GET \(url.absoluteString): the server failed (\(response.status)\(api.quote(response))) \(attempt) times; try again later (what was downloaded is kept)")
                    }
                } else {
                    var error = api.statusError(response, method: "GET", url: url, notFound: "the manifest names a file the server does not have")
                    if response.status == 403 && !api.sameOrigin(url) {
                        error.message += " (a signed link may have expired: run the same command again for fresh links)"
                    }
                    throw error
                }
            }
            let delay = api.retry.delay(before: attempt)
            attempt += 1
            board.report { onEvent(.retry(what: reason, attempt: attempt, delay: delay)) }
            guard RetryPolicy.sleep(delay, interruption: stop) else {
                throw RemoteError(.interrupted(stop.signal), "interrupted")
            }
        }
    }

    /// The MD5 an ETag carries (`"<32 hex>"`, as S3 and R2 send for single-part uploads), or nil (weak or
    /// multipart ETags, anything else).
    static func md5ETag(_ etag: String?) -> String? {
        guard var text = etag, !text.hasPrefix("W/") else { return nil }
        if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        guard text.count == 32, text.allSatisfy({ $0.isHexDigit }) else { return nil }
        return text.lowercased()
    }

    /// The first byte of `Content-Range: bytes START-END/TOTAL`.
    static func rangeStart(_ header: String?) -> Int? {
        guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
        let range = header.dropFirst(6)
        guard let dash = range.firstIndex(of: "-") else { return nil }
        return Int(range[..<dash].trimmingCharacters(in: .whitespaces))
    }
}
