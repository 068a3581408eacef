import Foundation
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTours
import WalkscapeTraces

/// A walk chosen on the tour detail screen, ready for the player: the tour read for replay (its files'
/// digests checked), the trace (read from its file, or a simulated walk along the route) and the subtitle
/// language to start with.
public struct PreparedWalk {
    /// Why a walk cannot start, in one line for the detail screen.
    public struct Failure: Error, Equatable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    public var replay: ReplayTour
    public var trace: Trace
    /// The subtitle language to start with (nil: off, or none to show).
    public var subtitles: String?

    /// Reads `walk` of `listing` as `settings` ask: the narration in the settings' language, else in
    /// `language` (the locale's) when the tour has it; a trace file read at `walkSpeed` (metres a second, for
    /// fixes without times); `progress` hears the trace's reading (fraction done).
    public static func load(
        _ listing: TourListing, walk: TourListing.WalkChoice, settings: PlaySettings, language: String?, walkSpeed: Double, progress: ((Double) -> Void)? = nil
    ) -> Result<PreparedWalk, Failure> {
        let replay: ReplayTour
        do {
            replay = try ReplayTour.load(listing.directory, language: settings.audioLanguage ?? language, requestedIsPreference: true)
        } catch {
            return .failure(Failure(error.problems.first.map { TerminalText.sanitize($0.description) } ?? "\(listing.directory): cannot be replayed"))
        }
        let trace: Trace
        if let path = walk.path {
            do {
                trace = try TraceFileReader.readForReplay(path: path, walkSpeed: walkSpeed, progress: progress).trace
            } catch {
                return .failure(Failure(TerminalText.sanitize(error.description)))
            }
        } else {
            let path = SyntheticWalk.path(for: replay.tour)
            let pauses = SyntheticWalk.pauses(along: path, at: replay.engineTour.points.map { ($0.location, $0.audioSeconds) })
            trace = SyntheticWalk(path: path, pauses: pauses).generate(seed: 1)
        }
        let subtitles: String?
        switch settings.subtitles {
        case .off: subtitles = nil
        case .sameAsAudio: subtitles = PlayerTour.startingSubtitles(replay, wanted: nil, off: false)
        case let .language(code): subtitles = PlayerTour.startingSubtitles(replay, wanted: code, off: false)
        }
        return .success(PreparedWalk(replay: replay, trace: trace, subtitles: subtitles))
    }
}
