import CRubberBand
import Foundation
import WalkscapeCore

/// Another decoder's audio played faster or slower with its pitch kept: librubberband's real-time stretcher
/// between the decoder and whoever reads it, so the voice stays natural at ×0.5 … ×2.
///
/// Frame N of this decoder is what is heard at N ÷ rate seconds of *stretched* time; it corresponds to frame
/// N × speed of the recording (`sourceFrame(_:)`), which is how callers keep subtitles on the stretched audio.
/// The length is exactly `round(source frames ÷ speed)`: the stretcher's start delay is dropped, and its
/// last samples are cut or padded with silence to that length. Streaming, through fixed buffers.
public final class TimeStretchDecoder: AudioDecoder {
    /// The speeds at which the narration is stretched rather than muted.
    public static let audibleSpeeds: ClosedRange<Double> = ReplaySpeeds.audible

    public let info: AudioInfo
    public private(set) var position: Int64 = 0
    public var truncation: String? { source.truncation }
    /// The playback speed (×1.5 plays 1.5 seconds of the recording per second).
    public let speed: Double

    private let source: any AudioDecoder
    private let stretcher: OpaquePointer
    private let channels: Int
    private static let blockFrames = 1024
    /// Planar scratch buffers: one per channel, `blockFrames` each, for input and for output.
    private var planarIn: [UnsafeMutablePointer<Float>?]
    private var planarOut: [UnsafeMutablePointer<Float>?]
    private let interleaved: UnsafeMutablePointer<Float>
    /// Output frames still to drop: the stretcher's start delay.
    private var toDrop = 0
    private var sourceDone = false

    /// Wraps `source` (positioned at its start) to play at `speed`, which must lie in `audibleSpeeds`.
    public init(source: any AudioDecoder, speed: Double) throws(AudioFileError) {
        guard Self.audibleSpeeds.contains(speed) else {
            throw AudioFileError("speed ×\(speed) cannot be time-stretched; choose ×0.5 to ×2")
        }
        let options = Int32(RubberBandOptionProcessRealTime.rawValue | RubberBandOptionPitchHighQuality.rawValue)
        guard let stretcher = rubberband_new(UInt32(source.info.sampleRate), UInt32(source.info.channels), options, 1 / speed, 1) else {
            throw AudioFileError("librubberband could not start")
        }
        self.source = source
        self.speed = speed
        self.stretcher = stretcher
        channels = source.info.channels
        var stretched = source.info
        stretched.frames = Int64((Double(source.info.frames) / speed).rounded())
        info = stretched
        planarIn = (0..<source.info.channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: Self.blockFrames) }
        planarOut = (0..<source.info.channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: Self.blockFrames) }
        interleaved = UnsafeMutablePointer<Float>.allocate(capacity: Self.blockFrames * source.info.channels)
        prime()
    }

    deinit {
        rubberband_delete(stretcher)
        planarIn.forEach { $0?.deallocate() }
        planarOut.forEach { $0?.deallocate() }
        interleaved.deallocate()
    }

    /// The recording's frame heard at this decoder's frame `frame`.
    public func sourceFrame(_ frame: Int64) -> Int64 { Int64((Double(frame) * speed).rounded()) }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let wanted = Int(min(Int64(max(frames, 0)), max(info.frames - position, 0)))
        var filled = 0
        while filled < wanted {
            let available = Int(rubberband_available(stretcher))
            if available > 0 {
                let count = min(available, Self.blockFrames, toDrop > 0 ? toDrop : wanted - filled)
                let got = planarOut.withUnsafeBufferPointer { pointers in
                    Int(rubberband_retrieve(stretcher, pointers.baseAddress, UInt32(count)))
                }
                if toDrop > 0 {
                    toDrop -= got
                    continue
                }
                for frame in 0..<got {
                    for channel in 0..<channels { buffer[(filled + frame) * channels + channel] = planarOut[channel]![frame] }
                }
                filled += got
                continue
            }
            if sourceDone {
                // The stretcher has given all it had: pad the last few frames with silence to the exact length.
                let rest = wanted - filled
                (buffer + filled * channels).update(repeating: 0, count: rest * channels)
                filled = wanted
                break
            }
            try feed()
        }
        position += Int64(filled)
        return filled
    }

    public func seek(toFrame frame: Int64) throws(AudioFileError) {
        let target = min(max(frame, 0), info.frames)
        try source.seek(toFrame: min(sourceFrame(target), source.info.frames))
        rubberband_reset(stretcher)
        prime()
        position = target
    }

    /// Reads one block from the source into the stretcher (the last one marked final).
    private func feed() throws(AudioFileError) {
        let wanted = min(max(Int(rubberband_get_samples_required(stretcher)), 256), Self.blockFrames)
        let count = try source.read(into: interleaved, frames: wanted)
        for frame in 0..<count {
            for channel in 0..<channels { planarIn[channel]![frame] = interleaved[frame * channels + channel] }
        }
        let final = count == 0 || source.position >= source.info.frames
        planarIn.withUnsafeBufferPointer { pointers in
            pointers.withMemoryRebound(to: UnsafePointer<Float>?.self) { constPointers in
                rubberband_process(stretcher, constPointers.baseAddress, UInt32(count), final ? 1 : 0)
            }
        }
        if final { sourceDone = true }
    }

    /// Starts the stretcher as librubberband's real-time mode asks: its preferred padding of silence in, and
    /// as many output frames (its start delay) dropped, so output frame 0 is the source's frame 0.
    private func prime() {
        sourceDone = false
        var pad = Int(rubberband_get_preferred_start_pad(stretcher))
        for channel in 0..<channels { planarIn[channel]!.update(repeating: 0, count: Self.blockFrames) }
        while pad > 0 {
            let count = min(pad, Self.blockFrames)
            planarIn.withUnsafeBufferPointer { pointers in
                pointers.withMemoryRebound(to: UnsafePointer<Float>?.self) { constPointers in
                    rubberband_process(stretcher, constPointers.baseAddress, UInt32(count), 0)
                }
            }
            pad -= count
        }
        toDrop = Int(rubberband_get_start_delay(stretcher))
    }
}
