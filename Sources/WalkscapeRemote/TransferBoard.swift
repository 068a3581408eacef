import Foundation
import WalkscapeSystem
import WalkscapeCore
import WalkscapeRemoteModel

/// What the download workers share: the queue of files still to fetch, the download state they record
/// into, the first failure, and the user's callbacks, which run one at a time whichever worker calls.
final class TransferBoard: @unchecked Sendable {
    /// Files complete (earlier runs' included) and files being fetched, for the progress display.
    struct Counts: Sendable {
        var done: Int
        var inFlight: Int
    }

    private let lock = NSLock()
    private let files: [PlannedFile]
    private var next = 0
    private var filesDone: Int
    private var inFlight = 0
    private var lastTick = -Double.infinity
    private(set) var state: DownloadState
    private(set) var failure: RemoteError?

    init(state: DownloadState, files: [PlannedFile], filesDone: Int) {
        self.state = state
        self.files = files
        self.filesDone = filesDone
    }

    /// How many files there are to fetch.
    var count: Int { files.count }

    /// The next file to fetch, in the tour's order; nil once all are taken or a worker failed.
    func take() -> PlannedFile? {
        lock.withLock {
            guard failure == nil, next < files.count else { return nil }
            defer { next += 1 }
            inFlight += 1
            return files[next]
        }
    }

    /// Records the first failure (the others are what it caused: transfers stopped short).
    func fail(_ error: RemoteError) {
        lock.withLock {
            if failure == nil { failure = error }
            inFlight -= 1
        }
    }

    /// Records a complete file in the state on disk, then tells the user (`announce` gets the counts).
    func finished(_ path: String, _ done: DownloadState.Complete, staging: String, announce: (Counts) -> Void) throws(RemoteError) {
        lock.lock()
        defer { lock.unlock() }
        state.complete[path] = done
        state.partialETags[path] = nil
        try state.write(in: staging)
        filesDone += 1
        inFlight -= 1
        lastTick = SystemClock.shared.now()
        announce(Counts(done: filesDone, inFlight: inFlight))
    }

    /// The ETag of the partial file at `path`, recorded for a resume with `If-Range`.
    func partialETag(_ path: String) -> String? {
        lock.withLock { state.partialETags[path] }
    }

    func setPartialETag(_ path: String, _ etag: String?) {
        lock.withLock { state.partialETags[path] = etag }
    }

    /// Runs a progress callback, at most ten times a second whichever worker asks.
    func tick(_ body: (Counts) -> Void) {
        lock.withLock {
            let now = SystemClock.shared.now()
            guard now - lastTick >= 0.1 else { return }
            lastTick = now
            body(Counts(done: filesDone, inFlight: inFlight))
        }
    }

    /// Runs a callback (an event for the user) while no other worker runs one.
    func report(_ body: () -> Void) {
        lock.withLock { body() }
    }
}
