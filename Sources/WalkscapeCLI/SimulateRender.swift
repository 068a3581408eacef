import ArgumentParser
import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeRemote
import WalkscapeTours

extension SimulateCommand {
    /// Writes the walk's audio as heard: every `audio_started` recording at its time, silence between, up to
    /// the timeline's last event.
    func renderWalk(_ timeline: Timeline, tour: ReplayTour, to path: String, console: Console) throws {
        var clips: [WalkRenderer.Clip] = []
        for event in timeline.events where event.kind == .audioStarted {
            guard let order = event.point, let point = tour.tour.points.first(where: { $0.order == order }),
                let track = point.track(tour.language), let file = try? AssetFile(track.audio, in: tour.location)
            else { continue }
            clips.append(WalkRenderer.Clip(start: event.t, path: file.path))
        }
        let end = timeline.events.map { event in event.t + (event.kind == .audioStarted ? event.audioSeconds ?? 0 : 0) }.max() ?? 0
        let format = renderFileFormat(for: path)
        let frames = WalkRenderer.frames(totalSeconds: end)
        let bytes = Formatting.bytes(Int(clamping: format.dataBytes(frames: frames, channels: WalkRenderer.channels)))
        console.error("rendering \(TimelineWriter.clock(end)) of audio to \(path) as \(format.label), 48 kHz stereo: "
            + (format == .flac ? "at most \(bytes) (its size as 16-bit WAV; FLAC compresses it, silence to almost nothing)" : bytes))
        do {
            try WalkRenderer.render(clips: clips, totalSeconds: end, to: path, format: format)
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
