import WalkscapeAudio
import WalkscapeCore

/// A tour made ready for the trigger engine in one language: checked, its audio measured exactly.
public struct ReplayTour: Sendable {
    public var location: TourLocation
    public var tour: Tour
    /// The narration language used.
    public var language: String
    /// Each point's audio (by order) in `language`: format and exact length.
    public var audio: [Int: AudioInfo]
    public var engineTour: EngineTour

    /// Warnings for the walk, one line each (`TOUR: warning: …`): edited files previewed as they are, missing
    /// recordings played as silence.
    public var warnings: [String] = []
    /// Points whose recording in `language` is missing and plays as silence (of its recorded
    /// `durationSeconds`, or none when unknown); only under `allowMissing`.
    public var silentPoints: Set<Int> = []

    /// Loads the tour named by `argument` for replay in `requested` (or the tour's first language).
    ///
    /// Refuses (with every reason, one line each) a tour whose JSON has errors, a tour with a file missing
    /// (in any language: the phone app's "Option B"; the error then carries the `walkscape download` command
    /// that fixes it) unless `allowMissing`, a language the tour does not have (unless
    /// `requestedIsPreference`: a language taken from the locale falls back to the tour's first), or audio in
    /// that language that does not decode. Files present but differing from their recorded size or SHA-256
    /// (a producer's edits) play as they are, with one warning naming them and `walkscape manifest`.
    /// With `allowMissing`, a missing recording plays as silence of its recorded `durationSeconds` (none when
    /// unknown), with a warning, and its point is in `silentPoints`.
    public static func load(
        _ argument: String, language requested: String?, requestedIsPreference: Bool = false, allowMissing: Bool = false
    ) throws(ReplayTourError) -> ReplayTour {
        let loaded: LoadedTour
        do {
            loaded = try TourLoader.load(argument)
        } catch {
            throw ReplayTourError(unreadable: true, problems: [.error(error.path, "", error.message)])
        }
        guard let tour = loaded.tour, !loaded.diagnostics.hasErrors else {
            throw ReplayTourError(unreadable: false, problems: loaded.diagnostics.filter { $0.severity == .error })
        }
        if let requested, !tour.languages.contains(requested), !requestedIsPreference {
            var error = ReplayTourError(unreadable: false, problems: [.error(loaded.location.jsonFile, "languages",
                "the tour has no \"\(requested)\" narration; it has \(tour.languages.joined(separator: ", "))")])
            error.missingLanguage = (requested, tour.languages)
            throw error
        }
        let integrity = TourIntegrity.check(tour, at: loaded.location, verifyDigests: true)
        var warnings: [String] = []
        if let edited = integrity.editedWarning(argument: argument) { warnings.append(edited) }
        let missingFiles = Set(integrity.missing.map(\.asset.file))
        if !missingFiles.isEmpty && !allowMissing {
            var error = ReplayTourError(
                unreadable: false, problems: integrity.missing.map(\.diagnostic),
                incomplete: (integrity.missing.count, integrity.assetCount),
                fix: TourIntegrity.downloadCommand(for: tour, document: loaded.document, at: loaded.location))
            error.warnings = warnings
            throw error
        }
        let language = tour.language(for: requested)
        var problems: [Diagnostic] = []
        var audio: [Int: AudioInfo] = [:]
        var silent: Set<Int> = []
        var silentNames: [String] = []
        for point in tour.points {
            guard let track = point.track(language) else { continue }  // TourRules already reported it
            if missingFiles.contains(track.audio.file) {
                silent.insert(point.order)
                silentNames.append("point \(point.order) (" + (track.audio.durationSeconds.map { formatClock($0) + " of silence" } ?? "length unknown: skipped") + ")")
                continue
            }
            switch AudioMeasurement.measure(track.audio, in: loaded.location) {
            case let .success(info): audio[point.order] = info
            case let .failure(problem): problems.append(problem)
            }
        }
        guard problems.isEmpty else { throw ReplayTourError(unreadable: false, problems: problems) }
        let engineTour = EngineTour(points: tour.points.map { point in
            EngineTour.Point(
                order: point.order, id: point.id, location: point.location, radiusMeters: point.triggerRadiusMeters,
                audioSeconds: audio[point.order]?.durationSeconds ?? point.track(language)?.audio.durationSeconds ?? 0)
        })
        if !missingFiles.isEmpty {
            let others = missingFiles.count - silentNames.count
            warnings.append("\(argument): warning: --allow-missing: " + (silentNames.isEmpty ? "" : "missing \(language) recordings play as silence: " + silentNames.joined(separator: ", "))
                + (others > 0 ? (silentNames.isEmpty ? "" : "; ") + "\(others) other missing file\(others == 1 ? "" : "s") (subtitles, images, other languages) left out" : ""))
        }
        var replay = ReplayTour(location: loaded.location, tour: tour, language: language, audio: audio, engineTour: engineTour)
        replay.warnings = warnings
        replay.silentPoints = silent
        return replay
    }

    /// Point ids by order.
    /// The tour's title in the narration language (its fallbacks when it has none there).
    public var title: String { tour.title.resolved(language, fallbacks: tour.languages) }

    public var pointIDs: [Int: String] { Dictionary(uniqueKeysWithValues: tour.points.map { ($0.order, $0.id) }) }

    /// Point titles by order in `language` (falling back through the tour's languages); a point whose
    /// recording is missing (`silentPoints`) says so after its title.
    public func pointTitles(_ language: String? = nil) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: tour.points.map { point in
            let title = point.title.resolved(language ?? self.language, fallbacks: tour.languages)
            return (point.order, silentPoints.contains(point.order) ? title + " " + ReplayTour.silentMark : title)
        })
    }

    /// What follows the title of a point whose recording is missing.
    public static let silentMark = "[no recording]"
}
