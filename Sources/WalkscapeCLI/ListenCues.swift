import ArgumentParser
import Foundation
import Synchronization
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeTours

extension ListenCommand {
    /// The cues to print, or [] for `--subs off` or a track without subtitles.
    func subtitleCues(track: Track, location: TourLocation, console: Console) throws -> [SubtitleCue] {
        if subs == "off" { return [] }
        let asset: Asset?
        if let subs {
            asset = track.subtitles(in: subs)
            if asset == nil {
                let have = track.subtitles.map(\.language)
                console.error("\(tour): point \(point)'s \(track.language) recording has no \"\(subs)\" subtitles; it has \(have.isEmpty ? "none" : have.joined(separator: ", "))")
                throw CommandExit(.failure)
            }
        } else {
            asset = track.subtitles(in: track.language) ?? track.subtitles.first?.asset
        }
        guard let asset else { return [] }
        let shown = location.path(of: asset.file)
        let document: SubtitleDocument
        do throws(AssetFileError) {
            document = try AssetFile(asset, in: location).subtitles()
        } catch {
            if allowMissing && !FileManager.default.fileExists(atPath: shown) {
                console.error("\(tour): warning: --allow-missing: \(asset.file) is missing: no subtitles")
                return []
            }
            console.error("\(shown): \(error.message)")
            throw CommandExit(.failure)
        }
        for warning in document.warnings { console.error("\(shown): warning: \(TerminalText.sanitize(warning.description))") }
        if let more = CappedList<SRTWarning>.moreLine(omitted: document.omittedWarnings) { console.error("\(shown): \(more)") }
        return SubtitleTrack(document.cues).cues.filter { $0.endMs > $0.startMs }
    }
}
