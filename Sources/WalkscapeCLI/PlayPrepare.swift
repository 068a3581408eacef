import Foundation
import WalkscapeCore
import WalkscapePlayer
import WalkscapeTUI
import WalkscapeTours
import WalkscapeTraces

extension PlayCommand {
    /// What the player needs for a walk chosen on the detail screen, or one line saying why it cannot start.
    static func prepare(
        _ listing: TourListing, walk: TourListing.Walk, settings: PlaySettings, walkSpeed: Double, progress: ((Double) -> Void)? = nil
    ) -> Result<(replay: ReplayTour, trace: Trace, subtitles: String?), PrepareError> {
        let replay: ReplayTour
        do {
            let requested = settings.audioLanguage ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment)
            replay = try ReplayTour.load(listing.directory, language: requested, requestedIsPreference: true)
        } catch {
            return .failure(PrepareError(error.problems.first.map { TerminalText.sanitize($0.description) } ?? "\(listing.directory): cannot be replayed"))
        }
        let trace: Trace
        if let path = walk.path {
            do {
                trace = try TraceFileReader.readForReplay(path: path, walkSpeed: walkSpeed, progress: progress).trace
            } catch {
                return .failure(PrepareError(TerminalText.sanitize(error.description)))
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
        return .success((replay, trace, subtitles))
    }

    struct PrepareError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

}
