import Foundation
import WalkscapeCore
import WalkscapeSystem

/// Recomputes every asset's `fileSizeBytes` and `sha256` in a tour's `tour.json`, for tour authors.
///
/// Only those two fields change; every other field, unknown ones included, keeps its value and order.
/// The new file is written to a temporary file beside the old one, flushed, and renamed over it, so a
/// crash leaves either the old file or the new one, never half of one.
public struct ManifestUpdater: Sendable {
    /// One asset whose promises changed.
    public struct Change: Sendable, Equatable {
        public var file: String
        public var field: String
        public var oldSize: Int?
        public var newSize: Int
        public var oldSHA256: String?
        public var newSHA256: String
    }

    /// What an update found and did.
    public struct Outcome: Sendable {
        public var jsonFile: String
        public var assetCount: Int
        public var changes: [Change]
        /// Whether `tour.json` was rewritten.
        public var wrote: Bool
        /// Temporary files of `tour.json` left by runs that were killed, removed by this one.
        public var removedLeftovers: [String] = []
    }

    public init() {}

    /// Updates the tour named by `argument`; with `dryRun`, only reports what would change.
    /// Writes nothing when any problem is found (JSON errors, missing or escaping asset files).
    public func update(_ argument: String, dryRun: Bool = false) throws(ManifestError) -> Outcome {
        let loaded: LoadedTour
        do {
            loaded = try TourLoader.load(argument)
        } catch {
            throw ManifestError(unreadable: true, problems: [.error(error.path, "", error.message)])
        }
        guard var document = loaded.document, let tour = loaded.tour else {
            throw ManifestError(unreadable: false, problems: loaded.diagnostics.filter { $0.severity == .error })
        }
        // Temporary files a killed run (SIGKILL, a power cut) left beside tour.json go first.
        let leftovers = dryRun ? [] : ScratchFiles.removeStale(beside: loaded.location.jsonFile)
        var problems: [Diagnostic] = []
        var changes: [Change] = []
        var digests: [String: (Int, String)] = [:]
        let assets = tour.assets
        for (_, asset) in assets {
            let size: Int
            let digest: String
            if let known = digests[asset.file] {
                (size, digest) = known
            } else {
                do {
                    let file = try AssetFile(asset, in: loaded.location)
                    size = file.size
                    digest = try file.sha256()
                } catch {
                    problems.append(.error(loaded.location.jsonFile, asset.path.description + ".file", error.message))
                    continue
                }
                digests[asset.file] = (size, digest)
            }
            if asset.fileSizeBytes != size || asset.sha256 != digest {
                changes.append(Change(file: asset.file, field: asset.path.description, oldSize: asset.fileSizeBytes,
                    newSize: size, oldSHA256: asset.sha256, newSHA256: digest))
                document.modify(at: asset.path.components) { value in
                    value.setMember("fileSizeBytes", to: .integer(size))
                    value.setMember("sha256", to: .string(digest))
                }
            }
        }
        guard problems.isEmpty else { throw ManifestError(unreadable: false, problems: problems) }
        var wrote = false
        if !changes.isEmpty && !dryRun {
            do {
                try AtomicFileWriter.write(Array(JSONWriter().write(document).utf8), to: loaded.location.jsonFile)
            } catch {
                throw ManifestError(unreadable: false, problems: [.error(loaded.location.jsonFile, "", error.message)])
            }
            wrote = true
        }
        return Outcome(jsonFile: loaded.location.jsonFile, assetCount: assets.count, changes: changes, wrote: wrote, removedLeftovers: leftovers)
    }
}

extension ManifestUpdater.Outcome {
    /// One line for each asset whose size or digest changed: `audio/it/p1.mp3: size 100 → 120, sha256 ab12…`.
    public var changeLines: [String] {
        changes.map { change in
            var parts: [String] = []
            if change.oldSize != change.newSize {
                parts.append("size \(change.oldSize.map(String.init) ?? "none") → \(change.newSize)")
            }
            if change.oldSHA256 != change.newSHA256 {
                parts.append("sha256 \(change.oldSHA256.map { String($0.prefix(12)) + "…" } ?? "none") → \(change.newSHA256.prefix(12))…")
            }
            return "\(TerminalText.sanitize(change.file)): \(parts.joined(separator: ", "))"
        }
    }
}
