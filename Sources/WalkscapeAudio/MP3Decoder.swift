import CMpg123
import Foundation
import WalkscapeCore

/// MP3 decoding through libmpg123: streaming, gapless, quiet, float32 output, exact length, seek by sample.
///
/// Opening scans every frame header once (`mpg123_scan`, no decoding) so that the length is what the file
/// really holds, with the encoder delay and padding of a LAME/Xing Info frame removed. When an Info/Xing or
/// VBRI header promised more than the scan found, `truncation` says so from the start.
///
/// The file comes in through stdio's 64 KiB buffer (`StdioReader`), and the samples go out straight into the
/// caller's buffer (`read`): the decoding itself is libmpg123's and costs what it costs `mpg123 -t`.
public final class MP3Decoder: AudioDecoder {
    public let info: AudioInfo
    public private(set) var position: Int64 = 0
    public private(set) var truncation: String?

    private let handle: OpaquePointer
    private let bytesPerFrame: Int
    /// Room for one MPEG frame's output: where libmpg123 decodes the frame that does not fit whole in what
    /// is left of the caller's buffer, and where it points between reads (never at the caller's memory).
    private let held: UnsafeMutablePointer<Float>
    /// The frames in `held` that the last read had no room for: `heldCount` from `heldStart`.
    private var heldStart = 0
    private var heldCount = 0
    /// Samples libmpg123 yields before our frame 0: the encoder + decoder delay it did not remove itself
    /// (see `measure`); 0 for whole files.
    private let startOffset: Int64

    /// Opens the MP3 file at `path` (the caller has checked the content; see `AudioDecoding.open`).
    public init(path: String) throws(AudioFileError) {
        let handle = try Self.makeHandle()
        guard let input = StdioReader.open(path) else {
            let message = String(cString: strerror(errno))
            mpg123_delete(handle)
            throw AudioFileError("cannot be opened as MP3 (\(message)); check the file is readable")
        }
        // From here libmpg123 owns `input`: mpg123_close (and so mpg123_delete) hands it to StdioReader.close.
        guard mpg123_open_handle(handle, input) == MPG123_OK.rawValue else {
            let message = String(cString: mpg123_strerror(handle))
            mpg123_delete(handle)
            throw AudioFileError("cannot be opened as MP3 (\(message)); check the file is readable")
        }
        let promisedFrames: Int64?
        do throws(AudioFileError) {
            (info, promisedFrames, startOffset) = try Self.measure(handle, path: path)
            if startOffset > 0 && mpg123_seek(handle, off_t(startOffset), SEEK_SET) < 0 {
                throw AudioFileError("cannot skip the encoder delay (\(String(cString: mpg123_strerror(handle)))); re-encode it")
            }
        } catch {
            mpg123_close(handle)
            mpg123_delete(handle)
            throw error
        }
        self.handle = handle
        bytesPerFrame = info.channels * MemoryLayout<Float>.size
        held = .allocate(capacity: Self.mostFramesPerMPEGFrame * info.channels)
        if let promisedFrames, promisedFrames > info.frames {
            let holds = AudioDecoding.timeLabel(frames: info.frames, sampleRate: info.sampleRate)
            let expected = AudioDecoding.timeLabel(frames: promisedFrames, sampleRate: info.sampleRate)
            truncation = "MP3 header promises \(expected), the file holds \(holds); the end is missing, download or export it again"
        }
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
        held.deallocate()
    }

    /// Decodes frame by frame (`mpg123_decode_frame`) straight into the caller's buffer: before each frame,
    /// `mpg123_replace_buffer` points libmpg123's output at the next free sample, so the float32 samples are
    /// written once, where they are wanted. (`mpg123_read` decodes into libmpg123's own buffer and copies
    /// out of it: 212 MB of copying for a 10-minute stereo file.) Only the last frame of a read, which does
    /// not fit whole, goes through `held`. Fills the request unless the stream ends or cannot be decoded.
    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        guard frames > 0 else { return 0 }
        let channels = info.channels
        var filled = takeHeld(into: buffer, frames: frames)
        defer { mpg123_replace_buffer(handle, held, Self.mostFramesPerMPEGFrame * bytesPerFrame) }
        while filled < frames {
            let room = frames - filled
            let direct = room >= Self.mostFramesPerMPEGFrame
            let target = direct ? buffer + filled * channels : held
            mpg123_replace_buffer(handle, target, (direct ? room : Self.mostFramesPerMPEGFrame) * bytesPerFrame)
            var audio: UnsafeMutablePointer<UInt8>?
            var bytes = 0
            let result = mpg123_decode_frame(handle, nil, &audio, &bytes)
            if result == MPG123_OK.rawValue {
                // 0 bytes: a frame gapless decoding removed whole (encoder delay), or one decoded before a
                // seek target.
                guard let audio, bytes >= bytesPerFrame else { continue }
                let count = bytes / bytesPerFrame
                // After a format or decoder change libmpg123 decodes into a buffer of its own first.
                let samples = UnsafeMutableRawPointer(audio).assumingMemoryBound(to: Float.self)
                if samples != target { target.update(from: samples, count: count * channels) }
                if direct {
                    filled += count
                } else {
                    heldStart = 0
                    heldCount = count
                    filled += takeHeld(into: buffer + filled * channels, frames: room)
                }
                continue
            }
            if result == MPG123_NEW_FORMAT.rawValue {
                try checkFormatUnchanged()
                continue
            }
            if result == MPG123_DONE.rawValue {
                position += Int64(filled)
                noteEndOfStream()
                return filled
            }
            // A decoding error: keep what came out, and say where it stopped.
            position += Int64(filled)
            let message = String(cString: mpg123_strerror(handle))
            if position == 0 { throw AudioFileError("MP3 data cannot be decoded (\(message)); re-encode it") }
            truncation = truncation
                ?? "MP3 decoding stopped at \(timeLabel(position)) of \(timeLabel(info.frames)) (\(message)); the rest is lost, re-encode or download it again"
            return filled
        }
        position += Int64(filled)
        return filled
    }

    public func seek(toFrame frame: Int64) throws(AudioFileError) {
        let target = min(max(frame, 0), info.frames)
        let result = mpg123_seek(handle, off_t(target + startOffset), SEEK_SET)
        guard result >= 0 else {
            throw AudioFileError("cannot seek to sample \(target) (\(String(cString: mpg123_strerror(handle))))")
        }
        position = Int64(result) - startOffset
        heldCount = 0
    }

    // MARK: Opening

    /// Frames decoded and dropped before a seek target (`MPG123_PREFRAMES`; libmpg123's default is 2).
    static let preframes = 8

    /// The layer III decoder's own delay, which gapless decoding removes beside the encoder's (libmpg123's
    /// `GAPLESS_DELAY`).
    static let decoderDelay: Int64 = 529

    /// Creates a libmpg123 handle with walkscape's flags: quiet (no chatter on stderr), gapless, and only
    /// float32 output at any of the library's rates, mono or stereo.
    static func makeHandle() throws(AudioFileError) -> OpaquePointer {
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw AudioFileError("libmpg123 could not start: \(String(cString: mpg123_plain_strerror(error)))")
        }
        // MPG123_ADD_FLAGS keeps the library's defaults (gapless among them); plain MPG123_FLAGS would replace them.
        // MPG123_SKIP_ID3V2: an ID3v2 tag is skipped, not parsed (walkscape reads no tags; a tag's cover art
        // would otherwise be held in memory).
        let flags = Int(MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue | MPG123_SKIP_ID3V2.rawValue)
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), flags, 0)
        mpg123_param2(handle, Int32(MPG123_REMOVE_FLAGS.rawValue), Int(MPG123_IGNORE_INFOFRAME.rawValue), 0)
        // After a seek, decode this many frames before the target and drop them, so that the target frame's
        // bit reservoir (up to 511 bytes back: 6 frames at 32 kbit/s, 48 kHz) and the overlap and synthesis
        // state of the frames before it are those of a decode from the start: seeking is then sample-exact.
        mpg123_param2(handle, Int32(MPG123_PREFRAMES.rawValue), preframes, 0)
        // Output float32 at the stream's own rate and channel count: no resampling, no integer rounding.
        mpg123_format_none(handle)
        var rates: UnsafePointer<Int>?
        var count = 0
        mpg123_rates(&rates, &count)
        let channels = Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue)
        let encoding = Int32(MPG123_ENC_FLOAT_32.rawValue)
        var accepted = false
        for index in 0..<count {
            if let rate = rates?[index], mpg123_format(handle, rate, channels, encoding) == MPG123_OK.rawValue { accepted = true }
        }
        guard accepted else {
            mpg123_delete(handle)
            throw AudioFileError("this libmpg123 cannot output 32-bit float; install a build with float output")
        }
        // The file comes in through stdio's buffer (StdioReader), not one read(2) per frame header and body.
        mpg123_replace_reader_handle(handle, StdioReader.read, StdioReader.seek, StdioReader.close)
        return handle
    }

    /// Reads the stream's format, then scans every frame for the exact gapless length in samples; also
    /// returns the length an Info/Xing or VBRI header promised, if any, and the samples to skip at the start.
    private static func measure(_ handle: OpaquePointer, path: String) throws(AudioFileError) -> (AudioInfo, promised: Int64?, startOffset: Int64) {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        let formatResult = mpg123_getformat(handle, &rate, &channels, &encoding)
        guard formatResult == MPG123_OK.rawValue || formatResult == MPG123_NEW_FORMAT.rawValue else {
            throw AudioFileError("no MP3 frames found (\(String(cString: mpg123_strerror(handle)))); is it really MP3? Re-encode or download it again")
        }
        guard encoding == Int32(MPG123_ENC_FLOAT_32.rawValue), channels == 1 || channels == 2 else {
            throw AudioFileError("MP3 format \(rate) Hz, \(channels) channels cannot be decoded to float; re-encode it")
        }
        // Before the scan, the length is a promise only when an Info/Xing frame counts the frames (libmpg123
        // then derives it from that count, gapless); otherwise it is a guess from the file size and the
        // first bitrate (MPG123_ACCURATE says only that positions are exact, not the length), and a guess
        // must not be reported as truncation.
        var promised: Int64?
        let xing = XingHeader.read(path: path)
        if xing?.frames != nil {
            let length = mpg123_length(handle)
            if length > 0 { promised = Int64(length) }
        } else if let vbri = VBRIHeader.read(path: path) {
            promised = vbri.samples
        }
        guard mpg123_scan(handle) == MPG123_OK.rawValue else {
            throw AudioFileError("cannot be scanned as MP3 (\(String(cString: mpg123_strerror(handle)))); re-encode or download it again")
        }
        var length = Int64(mpg123_length(handle))
        guard length > 0 else { throw AudioFileError("MP3 stream with no audio frames; re-encode or download it again") }
        // When the frames found disagree with the Info frame's count (a cut file), libmpg123 turns gapless
        // decoding off: every frame's samples come out, the encoder and decoder delay included. Remove the
        // delay at the start ourselves, as gapless decoding would have (a cut file has no end padding left).
        var startOffset: Int64 = 0
        if let delay = xing?.encoderDelay, length == Int64(mpg123_framelength(handle)) * Int64(mpg123_spf(handle)) {
            let skip = delay + decoderDelay
            if skip < length {
                startOffset = skip
                length -= skip
            }
        }
        return (AudioInfo(codec: .mp3, sampleRate: rate, channels: Int(channels), frames: length), promised, startOffset)
    }

    // MARK: Reading

    /// The most samples per channel one MPEG audio frame decodes to (layers II and III, MPEG-1; libmpg123's
    /// `mpg123_outblock` for float32 output is this times 4 bytes times the channels).
    static let mostFramesPerMPEGFrame = 1152

    /// Copies up to `frames` frames held back from the last frame decoded into `buffer`; returns how many.
    private func takeHeld(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let count = min(frames, heldCount)
        guard count > 0 else { return 0 }
        buffer.update(from: held + heldStart * info.channels, count: count * info.channels)
        heldStart += count
        heldCount -= count
        return count
    }

    private func checkFormatUnchanged() throws(AudioFileError) {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        mpg123_getformat(handle, &rate, &channels, &encoding)
        guard rate == info.sampleRate, Int(channels) == info.channels else {
            throw AudioFileError(
                "MP3 stream changes format at \(timeLabel(position)) (\(info.sampleRate) Hz × \(info.channels) → \(rate) Hz × \(channels)); re-encode it as one stream")
        }
    }

    /// At the end of the stream: says so if fewer samples came out than the scan counted.
    private func noteEndOfStream() {
        guard truncation == nil, position < info.frames else { return }
        truncation = "MP3 data ends at \(timeLabel(position)), \(timeLabel(info.frames)) expected; the end is missing, re-encode or download it again"
    }

    private func timeLabel(_ frames: Int64) -> String { AudioDecoding.timeLabel(frames: frames, sampleRate: info.sampleRate) }
}

/// libmpg123's input through its custom I/O hooks (`mpg123_replace_reader_handle`, `mpg123_open_handle`): a
/// stdio `FILE` with a 64 KiB buffer. libmpg123's own reader calls read(2) for every frame header (4 bytes)
/// and every frame body (~420 bytes at 128 kbit/s), and the length scan reads the file once more: 92,000
/// system calls for a 10-minute file, where this needs ~300. The parsing, seeking and frame index stay
/// libmpg123's.
private enum StdioReader {
    static let bufferSize = 1 << 16

    /// The handle libmpg123 passes back to the callbacks.
    struct Input {
        var file: UnsafeMutablePointer<FILE>
        /// stdio's buffer: glibc ignores the size given to setvbuf unless the buffer is the caller's.
        var buffer: UnsafeMutablePointer<CChar>
    }

    /// Opens `path` for reading through a 64 KiB buffer; nil with `errno` set when it cannot.
    static func open(_ path: String) -> UnsafeMutablePointer<Input>? {
        guard let file = fopen(path, "rbe") else { return nil }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bufferSize)
        setvbuf(file, buffer, _IOFBF, bufferSize)
        let input = UnsafeMutablePointer<Input>.allocate(capacity: 1)
        input.initialize(to: Input(file: file, buffer: buffer))
        return input
    }

    static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int = { handle, buffer, count in
        guard let file = handle?.assumingMemoryBound(to: Input.self).pointee.file else { return -1 }
        // Unlocked: a decoder is used by one thread at a time.
        let got = fread_unlocked(buffer, 1, count, file)
        return got < count && ferror_unlocked(file) != 0 ? -1 : got
    }

    static let seek: @convention(c) (UnsafeMutableRawPointer?, off_t, Int32) -> off_t = { handle, offset, whence in
        guard let file = handle?.assumingMemoryBound(to: Input.self).pointee.file, fseeko(file, offset, whence) == 0 else {
            return -1
        }
        return ftello(file)
    }

    static let close: @convention(c) (UnsafeMutableRawPointer?) -> Void = { handle in
        guard let input = handle?.assumingMemoryBound(to: Input.self) else { return }
        fclose(input.pointee.file)
        input.pointee.buffer.deallocate()
        input.deinitialize(count: 1)
        input.deallocate()
    }
}
