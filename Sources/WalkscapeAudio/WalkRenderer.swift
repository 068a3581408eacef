import CSamplerate
import CSndfile
import Foundation
import WalkscapeSystem
import WalkscapeCore

/// Renders a whole walk's audio into one sound file: each recording placed at its start time, silence between,
/// everything converted to one format (48 kHz stereo; other rates through libsamplerate, mono duplicated to both
/// channels, channels beyond the second dropped), written as 16-bit WAV, 32-bit float WAV or FLAC
/// (`SoundFileFormat`). Streams through small buffers and writes a temporary file renamed at the end; the same
/// clips give a byte-identical file.
public enum WalkRenderer {
    /// One recording and where it starts on the walk's clock.
    public struct Clip: Sendable {
        public var start: Double
        public var path: String
        public init(start: Double, path: String) {
            self.start = start
            self.path = path
        }
    }

    /// Channels of every render.
    public static let channels = 2

    /// The frames a render of `totalSeconds` holds (what `render` returns), for saying the size up front.
    public static func frames(totalSeconds: Double, sampleRate: Int = 48000) -> Int64 {
        let frames = (max(0, totalSeconds) * Double(sampleRate)).rounded()
        return frames < 9e18 ? Int64(frames) : .max
    }

    /// Writes `clips` (non-overlapping) over `totalSeconds` of walk to `path` in `format`; returns the frames
    /// written.
    @discardableResult
    public static func render(
        clips: [Clip], totalSeconds: Double, to path: String, format: SoundFileFormat = .wav16, sampleRate: Int = 48000
    ) throws(AudioOutputError) -> Int64 {
        let channels = Self.channels
        ScratchFiles.removeStale(beside: path)
        let temporary = OutputTarget.of(path).partialPath
        let file: OpaquePointer
        do {
            file = try format.openForWriting(temporary, sampleRate: sampleRate, channels: channels)
        } catch {
            throw AudioOutputError(ScratchFiles.folderProblem(for: path) ?? "cannot write \(path): \(String(cString: sf_strerror(nil)))")
        }
        var closed = false
        defer { if !closed { sf_close(file); unlink(temporary) } }

        let blockFrames = 4096
        var cursor: Int64 = 0
        var silence = [Float](repeating: 0, count: blockFrames * channels)
        func write(_ samples: UnsafePointer<Float>, _ frames: Int) throws(AudioOutputError) {
            guard frames > 0 else { return }
            if sf_writef_float(file, samples, sf_count_t(frames)) != sf_count_t(frames) {
                throw AudioOutputError("cannot write \(path): \(String(cString: sf_strerror(file)))")
            }
            cursor += Int64(frames)
        }
        func pad(to frame: Int64) throws(AudioOutputError) {
            while cursor < frame {
                let count = Int(min(Int64(blockFrames), frame - cursor))
                let pointer = silence.withUnsafeMutableBufferPointer { $0.baseAddress! }
                try write(pointer, count)
            }
        }

        let input = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * 8)
        let stereo = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * channels)
        let outputCapacity = blockFrames * 16 + 64
        let converted = UnsafeMutablePointer<Float>.allocate(capacity: outputCapacity * channels)
        defer {
            input.deallocate()
            stereo.deallocate()
            converted.deallocate()
        }
        for clip in clips.sorted(by: { $0.start < $1.start }) {
            try pad(to: frames(totalSeconds: clip.start, sampleRate: sampleRate))
            let decoder: any AudioDecoder
            do {
                decoder = try AudioDecoding.open(path: clip.path)
            } catch {
                throw AudioOutputError("\(clip.path): \(error.message)")
            }
            let sourceChannels = max(1, decoder.info.channels)
            guard sourceChannels <= 8 else { throw AudioOutputError("\(clip.path): \(sourceChannels) channels, at most 8") }
            let ratio = Double(sampleRate) / Double(decoder.info.sampleRate)
            var state: OpaquePointer?
            if decoder.info.sampleRate != sampleRate {
                var error: Int32 = 0
                state = src_new(Int32(SRC_SINC_MEDIUM_QUALITY), Int32(channels), &error)
                if state == nil { throw AudioOutputError("libsamplerate: \(String(cString: src_strerror(error)))") }
            }
            defer { if let state { src_delete(state) } }
            var ended = false
            while !ended {
                let count: Int
                do {
                    count = try decoder.read(into: input, frames: blockFrames)
                } catch {
                    throw AudioOutputError("\(clip.path): \(error.message)")
                }
                ended = count == 0
                for i in 0..<count {
                    let left = input[i * sourceChannels]
                    stereo[i * 2] = left
                    stereo[i * 2 + 1] = sourceChannels > 1 ? input[i * sourceChannels + 1] : left
                }
                guard let state else {
                    try write(stereo, count)
                    continue
                }
                var offset = 0
                repeat {
                    var data = SRC_DATA()
                    data.data_in = UnsafePointer(stereo + offset * 2)
                    data.input_frames = count - offset
                    data.data_out = converted
                    data.output_frames = outputCapacity
                    data.end_of_input = ended ? 1 : 0
                    data.src_ratio = ratio
                    let result = src_process(state, &data)
                    if result != 0 { throw AudioOutputError("libsamplerate: \(String(cString: src_strerror(result)))") }
                    try write(converted, Int(data.output_frames_gen))
                    offset += Int(data.input_frames_used)
                    if ended && data.output_frames_gen == 0 { break }
                } while offset < count || ended
            }
        }
        try pad(to: frames(totalSeconds: totalSeconds, sampleRate: sampleRate))
        sf_close(file)
        closed = true
        // A regular file is replaced; a FIFO, a device or `-` gets the finished file poured into it.
        switch OutputTarget.of(path) {
        case let .stream(target):
            if let problem = OutputTarget.pour(temporary, into: target) { throw AudioOutputError("cannot write \(problem)") }
        case let .replace(target):
            if rename(temporary, target) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw AudioOutputError("cannot write \(path): \(reason)")
            }
        }
        return cursor
    }
}
