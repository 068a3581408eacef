import Crypto
import Foundation
import WalkscapeCore

extension ReplayTour {
    /// SHA-256 (hex) over the tour's `tour.json` bytes and the decoded length of each point's audio in the
    /// replayed language (in frames at its sample rate): what a replay's timeline depends on in the tour.
    public func fingerprint() -> String {
        var hasher = SHA256()
        hasher.update(data: FileManager.default.contents(atPath: location.jsonFile) ?? Data())
        for order in audio.keys.sorted() {
            guard let info = audio[order] else { continue }
            hasher.update(data: Data("\n\(order) \(language) \(info.frames)/\(info.sampleRate)".utf8))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
