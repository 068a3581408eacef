import WalkscapeAudio
import WalkscapeCore

/// A walk's audio as heard, from its timeline: every `audio_started` recording of the tour at its time,
/// silence between, up to the end of the last event (a recording's own length included). What
/// `simulate --render` writes (`WalkRenderer`, 48 kHz stereo).
public struct HeardWalk {
    /// The recordings, each at its start on the walk's clock.
    public var clips: [WalkRenderer.Clip]
    /// The render's length in seconds.
    public var seconds: Double

    /// The walk of `timeline` over `tour`'s recordings in its narration language (a point whose recording
    /// cannot be found is left silent).
    public init(_ timeline: Timeline, tour: ReplayTour) {
        clips = timeline.events.compactMap { event in
            guard event.kind == .audioStarted, let order = event.point, let point = tour.tour.points.first(where: { $0.order == order }),
                let track = point.track(tour.language), let file = try? AssetFile(track.audio, in: tour.location)
            else { return nil }
            return WalkRenderer.Clip(start: event.t, path: file.path)
        }
        seconds = timeline.events.map { event in event.t + (event.kind == .audioStarted ? event.audioSeconds ?? 0 : 0) }.max() ?? 0
    }

    /// The render's size in `format` before it is written (FLAC: its size as 16-bit WAV, an upper bound).
    public func bytes(as format: SoundFileFormat) -> Int64 {
        format.dataBytes(frames: WalkRenderer.frames(totalSeconds: seconds), channels: WalkRenderer.channels)
    }

    /// Writes the walk's audio to `path` in `format`.
    public func render(to path: String, format: SoundFileFormat) throws(AudioOutputError) {
        try WalkRenderer.render(clips: clips, totalSeconds: seconds, to: path, format: format)
    }
}
