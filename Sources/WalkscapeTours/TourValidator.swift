import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeMap

/// Checks a tour directory completely: the JSON, the cross-field rules, and every asset on disk
/// (inside the directory, size and SHA-256 as promised, audio that decodes in full, subtitles that parse).
public struct TourValidator: Sendable {
    /// Whether each file's SHA-256 is computed and compared with tour.json's. The downloader turns this off for
    /// the tour it has just written: it hashed every byte on the way and wrote those digests itself.
    public var verifiesDigests: Bool
    /// Audio files already decoded in full, by their path in the tour (`audio/it/p1.mp3`): what that found is
    /// taken instead of decoding them again. The downloader decodes each recording as soon as it is staged,
    /// while the others are still arriving.
    public var decodedAudio: [String: Result<DecodedAudio, AudioFileError>]
    /// Whether talk time is weighed against walk time (`info --timing` at 1.2 m/s) and its findings added as
    /// warnings: what `walkscape validate` reports, so `import` and `download`, which count the warnings of the
    /// tour they wrote and send the user to `validate`, turn it on too.
    public var checksTiming: Bool

    public init(verifiesDigests: Bool = true, decodedAudio: [String: Result<DecodedAudio, AudioFileError>] = [:], checksTiming: Bool = false) {
        self.verifiesDigests = verifiesDigests
        self.decodedAudio = decodedAudio
        self.checksTiming = checksTiming
    }

    /// Validates the tour named by `argument`. Throws only when the tour file cannot be read at all.
    public func validate(_ argument: String) throws(TourFileError) -> ValidationReport {
        let loaded = try TourLoader.load(argument)
        return validate(loaded, argument: argument)
    }

    /// Validates an already loaded tour's assets.
    public func validate(_ loaded: LoadedTour, argument: String) -> ValidationReport {
        var report = ValidationReport(
            argument: argument, jsonFile: loaded.location.jsonFile, tour: loaded.tour, diagnostics: loaded.diagnostics,
            audio: [:], subtitleCues: [:])
        guard let tour = loaded.tour else { return report }
        var checked = Set<String>()
        var trackAudio: String?  // `tour.assets` lists each track's audio right before its subtitles
        for (role, asset) in tour.assets {
            if role == .audio { trackAudio = asset.file }
            let field = asset.path.description
            let file = loaded.location.jsonFile
            let assetFile: AssetFile
            do {
                assetFile = try AssetFile(asset, in: loaded.location)
            } catch {
                if asset.pathProblem == nil {  // path syntax problems were reported by the decoder
                    report.diagnostics.append(.error(file, field + ".file", error.message))
                }
                continue
            }
            checkPromises(asset, assetFile, field: field, file: file, into: &report)
            guard checked.insert(asset.file).inserted else { continue }
            let display = loaded.location.path(of: asset.file)
            switch role {
            case .audio:
                // Decoded in full through a fixed buffer: the length is what plays, and a cut file is found.
                let outcome: Result<DecodedAudio, AudioFileError>
                if let known = decodedAudio[asset.file] {
                    outcome = known
                } else {
                    do { outcome = .success(try AudioDecoding.decodeAll(path: assetFile.path)) } catch { outcome = .failure(error) }
                }
                switch outcome {
                case let .success(decoded):
                    report.audio[asset.file] = decoded.info
                    // The length tour.json records (what --allow-missing plays when the file is absent) should be the file's.
                    if let recorded = asset.durationSeconds, abs(recorded - decoded.info.durationSeconds) > 0.5 {
                        report.diagnostics.append(.warning(file, field + ".durationSeconds",
                            "says \(formatShortNumber(recorded)) s, \"\(asset.file)\" lasts \(formatFixed(decoded.info.durationSeconds, 3)) s"))
                    }
                    if let truncation = decoded.truncation { report.diagnostics.append(.warning(display, "", truncation)) }
                case let .failure(error):
                    report.diagnostics.append(.error(display, "", error.message))
                }
            case .subtitles:
                let audioSeconds = trackAudio.flatMap { report.audio[$0]?.durationSeconds }
                checkSubtitles(assetFile, display: display, into: &report, asset: asset, audioSeconds: audioSeconds)
            case .image, .cover:
                if let problem = ImageSignature.problem(TourValidator.firstBytes(assetFile.path, ImageSignature.prefixBytes)) {
                    report.diagnostics.append(problem.isError ? .error(display, "", problem.message) : .warning(display, "", problem.message))
                }
            case .mapTiles:
                checkMapTiles(assetFile, display: display, into: &report)
            }
        }
        report.diagnostics += TourValidator.placeholderWarnings(tour, jsonFile: loaded.location.jsonFile, argument: argument, audio: report.audio)
        if checksTiming { report.diagnostics += TourValidator.timingWarnings(report) }
        return report
    }

    /// Talk time against walk time (`info --timing`) at 1.2 m/s, as warnings, for a tour whose recordings decoded.
    static func timingWarnings(_ report: ValidationReport) -> [Diagnostic] {
        guard let tour = report.tour, !report.diagnostics.hasErrors else { return [] }
        var lengths: [Int: [String: Double]] = [:]
        for point in tour.points {
            for track in point.tracks {
                if let info = report.audio[track.audio.file] { lengths[point.order, default: [:]][track.language] = info.durationSeconds }
            }
        }
        return TalkWalkTiming.compute(tour, narrationSeconds: lengths, speed: 1.2).warnings(file: report.jsonFile, tour: tour)
    }

    /// One warning per placeholder recording (`"placeholder": true`): the tour plays, but that narration is
    /// still missing. Says how long the stand-in is when it was measured, and how to replace it.
    static func placeholderWarnings(_ tour: Tour, jsonFile: String, argument: String, audio: [String: AudioInfo]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for point in tour.points {
            for track in point.tracks where track.isPlaceholder {
                let length = audio[track.audio.file].map { " of " + formatShortNumber(($0.durationSeconds * 10).rounded() / 10) + " s" } ?? ""
                warnings.append(.warning(jsonFile, "points[\(point.fileIndex)].tracks.\(track.language).placeholder",
                    "point \(point.order) plays a placeholder recording\(length) (\(track.audio.file)), not its narration in \(track.language); replace the file with the recording, remove \"placeholder\" and run `walkscape manifest \(argument)`"))
            }
        }
        return warnings
    }

    private func checkPromises(_ asset: Asset, _ assetFile: AssetFile, field: String, file: String, into report: inout ValidationReport) {
        let fix = "run `walkscape manifest \(report.argument)` if the file was changed on purpose"
        if let promised = asset.fileSizeBytes {
            if promised != assetFile.size {
                report.diagnostics.append(.error(file, field + ".fileSizeBytes",
                    "\"\(asset.file)\" is \(assetFile.size) bytes, tour.json says \(promised); the file is truncated or was changed (\(fix))"))
                return
            }
        } else {
            report.diagnostics.append(.error(file, field + ".fileSizeBytes", "missing; run `walkscape manifest \(report.argument)` to fill in sizes and digests"))
        }
        guard let promised = asset.sha256 else {
            report.diagnostics.append(.error(file, field + ".sha256", "missing; run `walkscape manifest \(report.argument)` to fill in sizes and digests"))
            return
        }
        guard verifiesDigests else { return }
        do {
            let actual = try assetFile.sha256()
            if actual != promised {
                report.diagnostics.append(.error(file, field + ".sha256",
                    "\"\(asset.file)\" has SHA-256 \(actual.prefix(12))…, tour.json says \(promised.prefix(12))…; the file is corrupt or was changed (\(fix))"))
            }
        } catch {
            report.diagnostics.append(.error(file, field + ".file", error.message))
        }
    }

    /// Parses a subtitle file and lints its cues (`SubtitleLinter`), against its track's audio length when known.
    /// The first `count` bytes of the file at `path` (fewer when it is shorter or cannot be read).
    static func firstBytes(_ path: String, _ count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }

    /// The offline map: an MBTiles file whose every tile decodes as a vector tile, with at least one tile.
    private func checkMapTiles(_ assetFile: AssetFile, display: String, into report: inout ValidationReport) {
        do {
            let basemap = try BasemapReader.read(path: assetFile.path)
            if basemap.zooms.isEmpty {
                report.diagnostics.append(.warning(display, "", "the MBTiles file holds no tiles; the map will show no streets"))
            } else if basemap.attribution == nil {
                report.diagnostics.append(.warning(display, "", "the MBTiles metadata has no attribution; add the map data's (e.g. \"© OpenStreetMap contributors\")"))
            }
        } catch {
            report.diagnostics.append(.error(display, "", error.message))
        }
    }

    private func checkSubtitles(_ assetFile: AssetFile, display: String, into report: inout ValidationReport, asset: Asset, audioSeconds: Double?) {
        guard let document = try? assetFile.subtitles() else {
            report.diagnostics.append(.error(display, "", "cannot be read as subtitles (larger than 16 MiB or unreadable)"))
            return
        }
        let audioMs = audioSeconds.map { Int(($0 * 1000).rounded()) }
        let warnings = SubtitleLinter().warnings(for: document, audioDurationMs: audioMs)
        for warning in warnings.items {
            report.diagnostics.append(.warning(display, warning.line > 0 ? "line \(warning.line)" : "", warning.message))
        }
        if let more = warnings.moreLine() { report.diagnostics.append(.warning(display, "", "\(more) in this file")) }
        if document.cues.isEmpty {
            report.diagnostics.append(.error(display, "", "no subtitle cues could be read; expected SubRip cues like \"1\\n00:00:01,000 --> 00:00:03,500\\nText\""))
        }
        report.subtitleCues[asset.file] = document.cues.count
    }
}
