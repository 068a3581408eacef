import WalkscapeSystem
import Foundation
import WalkscapeCore

/// Whether every file a tour names is on disk as promised: the check behind "a tour must be fully downloaded
/// before it can start" (the phone app's Option B) and behind the states `walkscape tours` shows.
public struct TourIntegrity: Sendable {
    /// One asset that is not as `tour.json` promises.
    public struct Problem: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case missing, wrongSize = "wrong size", corrupt, unverifiable = "no size or digest"
        }

        public var kind: Kind
        public var asset: Asset
        /// The line to show: `tour.json: field: error: what`.
        public var diagnostic: Diagnostic
    }

    /// Every asset checked, and the problems found (empty when the tour is complete).
    public var assetCount: Int
    public var problems: [Problem]
    /// Bytes of the assets that are present and whole, and of all assets (by promised sizes).
    public var presentBytes: Int
    public var totalBytes: Int

    /// Whether every file is present (and, when digests were checked, intact).
    public var isComplete: Bool { problems.isEmpty }

    /// Files that are not on disk (or cannot be used where tour.json says): these refuse a walk, unless the
    /// walk was asked to go on without them (`--allow-missing`).
    public var missing: [Problem] { problems.filter { $0.kind == .missing } }

    /// Files that are present but differ from their recorded size or SHA-256 (or have none recorded): a
    /// producer's local edits. They preview as they are, with one warning; `validate` still reports them.
    public var edited: [Problem] { problems.filter { $0.kind != .missing } }

    /// Whether every file is at least present (edited ones included): what a preview needs.
    public var hasEveryFile: Bool { missing.isEmpty }

    /// The one warning for edited files: which files, and the command that records them in tour.json.
    /// Nil when no file was edited.
    public func editedWarning(argument: String) -> String? {
        let files = edited.map(\.asset.file)
        guard !files.isEmpty else { return nil }
        let shown = files.prefix(4).joined(separator: ", ") + (files.count > 4 ? " and \(files.count - 4) more" : "")
        let count = files.count == 1 ? "1 file differs" : "\(files.count) files differ"
        return "\(argument): warning: \(count) from tour.json's size or SHA-256 (\(shown)): previewing the files as they are; "
            + "`walkscape manifest \(TourIntegrity.shellQuoted(argument))` records them (`validate` reports them as errors until then)"
    }

    /// Checks the assets of `tour` at `location`: presence and size always, SHA-256 when `verifyDigests`.
    public static func check(_ tour: Tour, at location: TourLocation, verifyDigests: Bool) -> TourIntegrity {
        var problems: [Problem] = []
        var seen = Set<String>()
        var present = 0
        var total = 0
        for (_, asset) in tour.assets where seen.insert(asset.file).inserted {
            total += asset.fileSizeBytes ?? 0
            let field = asset.path.description
            func problem(_ kind: Problem.Kind, _ message: String) {
                problems.append(Problem(kind: kind, asset: asset, diagnostic: .error(location.jsonFile, field, message)))
            }
            let file: AssetFile
            do {
                file = try AssetFile(asset, in: location)
            } catch {
                problem(.missing, error.message)
                continue
            }
            guard let promisedSize = asset.fileSizeBytes, let promisedDigest = asset.sha256 else {
                problem(.unverifiable, "\"\(asset.file)\" has no fileSizeBytes or sha256 in tour.json, so it cannot be checked")
                continue
            }
            guard file.size == promisedSize else {
                problem(.wrongSize, "\"\(asset.file)\" is \(file.size) bytes, tour.json says \(promisedSize); the download is incomplete or the file was changed")
                continue
            }
            if verifyDigests {
                let digest = (try? file.sha256()) ?? ""
                guard digest == promisedDigest.lowercased() else {
                    problem(.corrupt, "\"\(asset.file)\" does not match its sha256 in tour.json; the file is corrupt or was changed")
                    continue
                }
            }
            present += promisedSize
        }
        return TourIntegrity(assetCount: seen.count, problems: problems, presentBytes: present, totalBytes: total)
    }

    /// The command that downloads `tour` again, exactly when its `tour.json` says where it came from
    /// (`x-walkscape-source`, written by `walkscape download`), else with `API_URL` to fill in.
    public static func downloadCommand(for tour: Tour, document: JSONValue?, at location: TourLocation) -> String {
        let source = document?["x-walkscape-source"]
        let api = source?["api"]?.stringValue ?? "API_URL"
        let id = source?["tourId"]?.stringValue ?? tour.id
        let languages = tour.languages.joined(separator: ",")
        let parent = FilePathText.parent(of: location.directory)
        var command = "walkscape download --api \(shellQuoted(api)) \(shellQuoted(id)) --lang \(languages) --dest \(shellQuoted(parent.isEmpty ? "." : parent))"
        if tour.isProtected { command += " --token T" }
        return command
    }

    /// `text` quoted for a POSIX shell when it needs to be.
    public static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=,@%+".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
