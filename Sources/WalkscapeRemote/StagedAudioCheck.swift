import Foundation
import WalkscapeAudio

/// Decodes each staged recording in full as soon as it is complete, on its own thread while the other files
/// are still arriving, so that validating the tour afterwards does not decode them again
/// (`TourValidator.decodedAudio`). On a real network the decoding is then hidden behind the transfer.
///
/// The thread runs under `SCHED_IDLE`: it only gets a core the transfers leave free, so on a machine where
/// receiving and hashing already take every core (loopback) the decoding waits rather than slowing them.
final class StagedAudioCheck: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(localPath: String, path: String)] = []
    private var busy = false
    private var closed = false
    private var outcomes: [String: Result<DecodedAudio, AudioFileError>] = [:]
    private var thread: Thread?

    init() {}

    /// Whether the file at `localPath` in the tour is a recording this check decodes.
    static func isAudio(_ localPath: String) -> Bool { localPath.hasPrefix("audio/") }

    /// Decodes `path` (the staged file of `localPath`) in the background; it must not change afterwards.
    func submit(_ localPath: String, at path: String) {
        condition.lock()
        defer { condition.unlock() }
        waiting.append((localPath, path))
        if thread == nil {
            let thread = Thread { [self] in run() }
            thread.name = "walkscape.download.audio-check"
            self.thread = thread
            thread.start()
        }
        condition.signal()
    }

    private func run() {
        var parameters = sched_param()
        pthread_setschedparam(pthread_self(), 5 /* SCHED_IDLE */, &parameters)
        condition.lock()
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty {
                condition.unlock()
                return
            }
            let next = waiting.removeFirst()
            busy = true
            condition.unlock()
            let outcome: Result<DecodedAudio, AudioFileError>
            do { outcome = .success(try AudioDecoding.decodeAll(path: next.path)) } catch { outcome = .failure(error) }
            condition.lock()
            outcomes[next.localPath] = outcome
            busy = false
            condition.broadcast()
        }
    }

    /// Lets the thread end after the file it is decoding; what is still waiting is dropped (nothing more may
    /// be submitted).
    func close() {
        condition.lock()
        closed = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Every outcome, once the submitted files are all decoded.
    func results() -> [String: Result<DecodedAudio, AudioFileError>] {
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty || busy { condition.wait() }
        return outcomes
    }
}
