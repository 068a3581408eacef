import Foundation
import WalkscapeCore
import WalkscapeSystem

extension ReplayTour {
    /// SHA-256 (hex) over the tour's `tour.json` bytes and the decoded length of each point's audio in the
    /// replayed language (in frames at its sample rate): what a replay's timeline depends on in the tour.
    public func fingerprint() -> String {
        let hasher = MessageDigest(.sha256)
        hasher.update(FileManager.default.contents(atPath: location.jsonFile) ?? Data())
        for order in audio.keys.sorted() {
            guard let info = audio[order] else { continue }
            hasher.update(Data("\n\(order) \(language) \(info.frames)/\(info.sampleRate)".utf8))
        }
        return hasher.finalizeHex()
    }
}
