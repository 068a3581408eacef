import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeRemote
import WalkscapeTours

extension SimulateCommand {
    /// Writes the walk's audio as heard: every `audio_started` recording at its time, silence between, up to
    /// the timeline's last event.
    func renderWalk(_ timeline: Timeline, tour: ReplayTour, to path: String, console: Console) throws {
        let walk = HeardWalk(timeline, tour: tour)
        let format = renderFileFormat(for: path)
        let bytes = Formatting.bytes(Int(clamping: walk.bytes(as: format)))
        console.error("rendering \(TimelineWriter.clock(walk.seconds)) of audio to \(path) as \(format.label), 48 kHz stereo: "
            + (format == .flac ? "at most \(bytes) (its size as 16-bit WAV; FLAC compresses it, silence to almost nothing)" : bytes))
        do {
            try walk.render(to: path, format: format)
        } catch {
            console.error(error.message)
            throw CommandExit(.usage)
        }
        if format == .flac, let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber {
            console.error("wrote \(Formatting.bytes(written.intValue)) to \(path)")
        }
    }

    /// `--render-format`, or the format the file name implies (`validate()` has checked the name).
    func renderFileFormat(for path: String) -> SoundFileFormat {
        renderFormat.flatMap { SoundFileFormat(rawValue: $0.lowercased()) } ?? SoundFileFormat.implied(byPath: path)
    }
}
