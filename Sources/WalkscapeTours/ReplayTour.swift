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

    /// Loads the tour named by `argument` for replay in `requested` (or the tour's first language).
    ///
    /// Refuses (with every reason, one line each) a tour whose JSON has errors, a tour that is not fully
    /// downloaded (any file missing, of the wrong size or not matching its sha256, in any language: the
    /// phone app's "Option B"; the error then carries the `walkscape download` command that fixes it), a
    /// language the tour does not have (unless `requestedIsPreference`: a language taken from the locale
    /// falls back to the tour's first), or audio in that language that does not decode.
    public static func load(_ argument: String, language requested: String?, requestedIsPreference: Bool = false) throws(ReplayTourError) -> ReplayTour {
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
        if !integrity.isComplete {
            throw ReplayTourError(
                unreadable: false, problems: integrity.problems.map(\.diagnostic),
                incomplete: (integrity.problems.count, integrity.assetCount),
                fix: TourIntegrity.downloadCommand(for: tour, document: loaded.document, at: loaded.location))
        }
        let language = tour.language(for: requested)
        var problems: [Diagnostic] = []
        var audio: [Int: AudioInfo] = [:]
        for point in tour.points {
            guard let track = point.track(language) else { continue }  // TourRules already reported it
            switch AudioMeasurement.measure(track.audio, in: loaded.location) {
            case let .success(info): audio[point.order] = info
            case let .failure(problem): problems.append(problem)
            }
        }
        guard problems.isEmpty else { throw ReplayTourError(unreadable: false, problems: problems) }
        let engineTour = EngineTour(points: tour.points.map { point in
            EngineTour.Point(
                order: point.order, id: point.id, location: point.location, radiusMeters: point.triggerRadiusMeters,
                audioSeconds: audio[point.order]?.durationSeconds ?? 0)
        })
        return ReplayTour(location: loaded.location, tour: tour, language: language, audio: audio, engineTour: engineTour)
    }

    /// Point ids by order.
    public var pointIDs: [Int: String] { Dictionary(uniqueKeysWithValues: tour.points.map { ($0.order, $0.id) }) }

    /// Point titles by order in `language` (falling back through the tour's languages).
    public func pointTitles(_ language: String? = nil) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: tour.points.map { ($0.order, $0.title.resolved(language ?? self.language, fallbacks: tour.languages)) })
    }
}

/// Why a tour cannot be replayed; `unreadable` means it could not be read at all (exit status 2).
public struct ReplayTourError: Error, Sendable {
    public var unreadable: Bool
    public var problems: [Diagnostic]
    /// When the tour is not fully downloaded: how many of its files are missing or damaged, of how many.
    public var incomplete: (bad: Int, of: Int)?
    /// The command that fixes the tour (a `walkscape download`), when there is one.
    public var fix: String?
    /// When the language asked for is not one of the tour's: it, and the tour's languages (a usage error).
    public var missingLanguage: (requested: String, available: [String])?

    public init(unreadable: Bool, problems: [Diagnostic], incomplete: (bad: Int, of: Int)? = nil, fix: String? = nil) {
        self.unreadable = unreadable
        self.problems = problems
        self.incomplete = incomplete
        self.fix = fix
    }
}
