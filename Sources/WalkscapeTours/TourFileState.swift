import WalkscapeCore

/// The one classification of a tour's directory against its `tour.json`, for every list that shows tours
/// (`walkscape tours` and the player's browser): every file as recorded, every file present with some edited,
/// files missing, or a directory that cannot be read. Files are checked for presence and size only; digests
/// are checked when a walk starts (`ReplayTour.load`).
public enum TourFileState: Sendable {
    /// Every file as `tour.json` records it.
    case complete
    /// Every file present, some differing from `tour.json` (a producer's edits): they play as they are.
    case edited(TourIntegrity)
    /// Some files missing: the tour cannot start until it is downloaded again.
    case partial(TourIntegrity)
    /// The directory cannot be read as a tour.
    case unreadable

    /// The state of `tour` in `directory`, and the directory as a location when it can be read.
    public static func of(_ tour: Tour, directory: String) -> (state: TourFileState, location: TourLocation?) {
        guard let location = try? TourLocation(argument: directory) else { return (.unreadable, nil) }
        let integrity = TourIntegrity.check(tour, at: location, verifyDigests: false)
        if !integrity.hasEveryFile { return (.partial(integrity), location) }
        if !integrity.isComplete { return (.edited(integrity), location) }
        return (.complete, location)
    }

    /// Whether a walk can start: every file is present (edited ones play as they are).
    public var isPlayable: Bool {
        switch self {
        case .complete, .edited: return true
        case .partial, .unreadable: return false
        }
    }
}
