import Foundation
import WalkscapeAudio

/// Decodes each staged recording in full as soon as it is complete, on its own thread while the other files
/// are still arriving, so that validating the tour afterwards does not decode them again
/// (`TourValidator.decodedAudio`). On a real network the decoding is then hidden behind the transfer.
///
/// The thread runs at nice 10, below the transfers, so that on a machine where receiving and hashing already
/// take every core (loopback) it yields to them; once the transfers are over, `results()` decodes whatever
/// is still waiting on the calling thread too, so a starved background thread cannot hold the install up.
final class StagedAudioCheck: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(localPath: String, path: String)] = []
    private var decoding = 0
    private var closed = false
    private var outcomes: [String: Result<DecodedAudio, AudioFileError>] = [:]
    private var started = false

    init() {}

    /// Whether the file at `localPath` in the tour is a recording this check decodes.
    static func isAudio(_ localPath: String) -> Bool { localPath.hasPrefix("audio/") }

    /// Decodes `path` (the staged file of `localPath`) in the background; it must not change afterwards.
    func submit(_ localPath: String, at path: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        waiting.append((localPath, path))
        if !started {
            started = true
            let thread = Thread { [self] in
                // Linux keeps a nice value per thread: this lowers only the decoding thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                while decodeNext() {}
            }
            thread.name = "walkscape.download.audio-check"
            thread.start()
        }
        condition.signal()
    }

    /// Waits for a file and decodes it; false once closed with nothing left.
    private func decodeNext() -> Bool {
        condition.lock()
        while waiting.isEmpty && !closed { condition.wait() }
        guard !waiting.isEmpty else {
            condition.unlock()
            return false
        }
        decode(taking: waiting.removeFirst())
        condition.unlock()
        return true
    }

    /// Decodes `item`, called with the lock held; the lock is released while decoding.
    private func decode(taking item: (localPath: String, path: String)) {
        decoding += 1
        condition.unlock()
        let outcome: Result<DecodedAudio, AudioFileError>
        do { outcome = .success(try AudioDecoding.decodeAll(path: item.path)) } catch { outcome = .failure(error) }
        condition.lock()
        outcomes[item.localPath] = outcome
        decoding -= 1
        condition.broadcast()
    }

    /// Every outcome, once the submitted files are all decoded; what is still waiting is decoded here too.
    func results() -> [String: Result<DecodedAudio, AudioFileError>] {
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty { decode(taking: waiting.removeFirst()) }
        while decoding > 0 { condition.wait() }
        return outcomes
    }

    /// Lets the thread end after the file it is decoding and waits for that; what is still waiting is dropped.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        waiting.removeAll()
        condition.broadcast()
        while decoding > 0 { condition.wait() }
    }
}
