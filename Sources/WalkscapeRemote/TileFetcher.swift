import Foundation
import WalkscapeSystem
import WalkscapeCore
import WalkscapeMap
#if canImport(FoundationNetworking)
import FoundationNetworking
import WalkscapeRemoteModel
#endif

/// Fetches a tour's map tiles (`MapTilePlan`, from the manifest's `offlineMap`) into a `StagedTiles` file, with
/// the downloads' rules: several connections (`jobs`), the API's retries and timeouts (`RemoteAPI.send`), the
/// token only to the API's own host, the MD5 ETag checked as `etagCheck` says. Each tile must decode as a
/// Mapbox Vector Tile (gzip, zlib or raw) before it is stored; one that does not stops the download with one
/// line naming its URL and what is wrong. A 204 or 404 is a tile the server does not have (tile servers
/// answer so outside their data), recorded so that a rerun does not ask again; when the server has none of
/// the tiles, the template is taken to be wrong. Tiles stored by an earlier run are not fetched again.
final class TileFetcher: @unchecked Sendable {
    /// The largest tile accepted, in bytes (real tiles stay under 1 MB).
    static let maxTileBytes = 8 << 20

    /// What the tile phase did.
    struct Outcome: Sendable {
        /// Tiles in the file (earlier runs' included), tiles the server does not have, tiles fetched by this run.
        var stored: Int
        var absent: Int
        var fetched: Int
    }

    /// Progress: tiles settled (stored or absent, earlier runs' included) of all planned, and tile bytes stored.
    struct Counts: Sendable {
        var settled: Int
        var total: Int
        var bytes: Int
    }

    let api: RemoteAPI
    let plan: MapTilePlan
    let staged: StagedTiles
    let etagCheck: ETagCheck
    private let lock = NSLock()
    private var queue: [TileID] = []
    private var next = 0
    private var counts = Counts(settled: 0, total: 0, bytes: 0)
    private var absent = 0
    private var fetched = 0
    private var failure: RemoteError?

    init(api: RemoteAPI, plan: MapTilePlan, staged: StagedTiles, etagCheck: ETagCheck) {
        self.api = api
        self.plan = plan
        self.staged = staged
        self.etagCheck = etagCheck
    }

    /// The tiles already settled by an earlier run: stored (and still decoding) or recorded as absent.
    func resume() throws(RemoteError) -> Counts {
        let earlier: (stored: [TileID: Int], absent: Set<TileID>)
        do { earlier = try staged.verifyStored() } catch { throw RemoteError(.local, error.description) }
        let planned = Set(plan.tiles)
        queue = plan.tiles.filter { earlier.stored[$0] == nil && !earlier.absent.contains($0) }
        absent = earlier.absent.intersection(planned).count
        counts = Counts(settled: plan.tiles.count - queue.count, total: plan.tiles.count,
            bytes: earlier.stored.filter { planned.contains($0.key) }.values.reduce(0, +))
        return counts
    }

    /// Fetches every tile `resume` left, `jobs` at a time; `report` runs one call at a time (retries, progress).
    func run(jobs: Int, stop: StopToken, received: ByteCounter, onRetry: @escaping @Sendable (String, Int, Double) -> Void,
        onTick: @escaping @Sendable (Counts) -> Void) throws(RemoteError) -> Outcome
    {
        if let first = plan.tiles.first {
            _ = try url(of: first)  // a template that does not resolve is one error, before any request
        }
        let work: @Sendable (HTTPClient) -> Void = { [self] client in
            while !stop.isStopped, let id = take() {
                do throws(RemoteError) {
                    let bytes = try fetch(id, client: client, stop: stop, received: received, onRetry: onRetry)
                    do throws(MBTilesError) {
                        if let bytes { try staged.store(bytes, for: id) } else { try staged.markAbsent(id) }
                    } catch {
                        throw RemoteError(.local, error.description)
                    }
                    settle(bytes?.count, onTick: onTick)
                } catch {
                    fail(error)
                    stop.stop()
                    return
                }
            }
        }
        TransferWorkers.run(min(jobs, queue.count), stop: stop, like: api.client, work)
        if let failure { throw failure }
        if api.interruption.isStopped { throw RemoteError(.interrupted(api.interruption.signal), "interrupted") }
        if absent == plan.tiles.count {
            let example = plan.tiles.first.flatMap { try? url(of: $0).absoluteString } ?? plan.template
            throw RemoteError(.invalid,
                "the tile server has none of the \(plan.tiles.count) map tiles the manifest's offlineMap covers (204 or 404 for each, e.g. \(example)); its tilesUrlTemplate or bounds are wrong")
        }
        return Outcome(stored: plan.tiles.count - absent, absent: absent, fetched: fetched)
    }

    private func take() -> TileID? {
        lock.withLock {
            guard failure == nil, next < queue.count else { return nil }
            defer { next += 1 }
            return queue[next]
        }
    }

    private func fail(_ error: RemoteError) {
        lock.withLock { if failure == nil { failure = error } }
    }

    private func settle(_ bytes: Int?, onTick: (Counts) -> Void) {
        lock.withLock {
            counts.settled += 1
            if let bytes {
                counts.bytes += bytes
                fetched += 1
            } else {
                absent += 1
            }
            onTick(counts)
        }
    }

    /// The URL of tile `id`: the template filled in, resolved against the API base when relative.
    func url(of id: TileID) throws(RemoteError) -> URL {
        let text = id.url(template: plan.template)
        guard let url = URL(string: text, relativeTo: api.base)?.absoluteURL, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw RemoteError(.invalid, "the manifest's offlineMap.tilesUrlTemplate gives \"\(text)\" for tile \(id), which is not an http(s) URL nor a path relative to \(api.baseText)")
        }
        return url
    }

    /// One tile: its checked bytes, or nil when the server does not have it (204, 404).
    private func fetch(_ id: TileID, client: HTTPClient, stop: StopToken, received: ByteCounter,
        onRetry: @escaping @Sendable (String, Int, Double) -> Void) throws(RemoteError) -> [UInt8]?
    {
        let url = try url(of: id)
        var request = URLRequest(url: url)
        request.setValue("walkscape/\(RemoteAPI.version)", forHTTPHeaderField: "User-Agent")
        if let token = api.token, api.sameOrigin(url) { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        var attempt = 1
        while true {
            let response: HTTPResponse
            do {
                response = try api.send(request, what: "tile \(id)", client: client, limit: TileFetcher.maxTileBytes, retried: { [self] what, attempt, delay in
                    lock.withLock { onRetry(what, attempt, delay) }
                })
            } catch {
                var error = error
                if error.isUnreachable { error.message += "; the tiles stored so far are kept: run the same command again to resume" }
                throw error
            }
            received.add(response.body.count)
            switch response.status {
            case 204, 404:
                return nil
            case 200:
                break
            default:
                throw api.statusError(response, method: "GET", url: url, notFound: "")
            }
            // Bytes damaged on the way are fetched again; a tile that does not decode is the server's and is not.
            if etagCheck.applies(to: url), let expected = TourDownloader.md5ETag(response.headers["etag"]),
                MessageDigest.hex(MessageDigest.hash(.md5, response.body)) != expected
            {
                let reason = "tile \(id): the bytes received do not match the server's checksum (ETag MD5 \(expected.prefix(12))…)"
                if attempt >= api.retry.attempts {
                    throw RemoteError(.invalid, "GET \(url.absoluteString): \(reason) \(attempt) times; the tile is corrupt on the server or on the way")
                }
                let delay = api.retry.delay(before: attempt)
                attempt += 1
                lock.withLock { onRetry(reason, attempt, delay) }
                guard RetryPolicy.sleep(delay, interruption: stop) else { throw RemoteError(.interrupted(stop.signal), "interrupted") }
                continue
            }
            do {
                _ = try VectorTileDecoder.decode(response.body)
            } catch {
                throw RemoteError(.invalid, "GET \(url.absoluteString): tile \(id) is not a vector tile: \(error.description)")
            }
            return response.body
        }
    }
}
