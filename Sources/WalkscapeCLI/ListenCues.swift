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

    /// `[MM:SS.mmm] text`, lines joined with " / "; the time is where the cue is heard at `speed` (its start
    /// in the recording ÷ speed).
    static func cueLine(_ cue: SubtitleCue, speed: Double = 1) -> String {
        let text = cue.displayText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " / ")
        let heardMs = speed == 1 ? cue.startMs : Int((Double(cue.startMs) / speed).rounded())
        return "[\(cueTime(heardMs))] \(TerminalText.sanitize(text))"
    }

    /// `MM:SS.mmm` (minutes not wrapped at the hour).
    static func cueTime(_ ms: Int) -> String {
        let v = max(0, ms)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return pad(v / 60_000, 2) + ":" + pad(v / 1000 % 60, 2) + "." + pad(v % 1000, 3)
    }
}
