import Foundation
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTours

/// What the player reads from a tour on disk: its subtitle languages, its texts and subtitles, a point's
/// recording. The one place these are decided (the tours layer reads the files).
public enum PlayerTour {
    /// Every subtitle language the narration's tracks have, in first-seen order.
    public static func subtitleLanguages(_ replay: ReplayTour) -> [String] {
        var languages: [String] = []
        for point in replay.tour.points {
            for subtitle in point.track(replay.language)?.subtitles ?? [] where !languages.contains(subtitle.language) {
                languages.append(subtitle.language)
            }
        }
        return languages
    }

    /// The subtitle language to start with: `wanted` when the narration has it, else the narration's own
    /// language when it has subtitles in it, else the first there is (nil: none, or `wanted` is nil and
    /// `off` is true).
    public static func startingSubtitles(_ replay: ReplayTour, wanted: String?, off: Bool) -> String? {
        if off { return nil }
        let languages = subtitleLanguages(replay)
        if let wanted, languages.contains(wanted) { return wanted }
        return languages.contains(replay.language) ? replay.language : languages.first
    }

    /// The tour's texts in the narration language, with each point's subtitles in `language` (nil: off).
    public static func info(_ replay: ReplayTour, subtitles language: String?) -> PlayerTourInfo {
        var tracks: [Int: SubtitleTrack] = [:]
        if let language {
            for point in replay.tour.points {
                guard let asset = point.track(replay.language)?.subtitles(in: language),
                    let document = try? AssetFile(asset, in: replay.location).subtitles()
                else { continue }
                tracks[point.order] = SubtitleTrack(document.cues)
            }
        }
        let tour = replay.tour
        return PlayerTourInfo(
            title: tour.title.resolved(replay.language, fallbacks: tour.languages), pointTitles: replay.pointTitles(),
            route: tour.route?.points ?? [], completionMessage: tour.completionMessage?.resolved(replay.language, fallbacks: tour.languages),
            subtitles: tracks, placeholders: Set(tour.points.filter { $0.track(replay.language)?.isPlaceholder == true }.map(\.order)))
    }
}

extension ReplayTour {
    /// The path of point `order`'s audio in the narration language.
    public func audioPath(point order: Int) -> String? {
        guard let point = tour.points.first(where: { $0.order == order }), let track = point.track(language) else { return nil }
        return location.path(of: track.audio.file)
    }
}
