import CFFmpeg
import Foundation
import WalkscapeCore

/// AAC (MP4/M4A and ADTS), Ogg Vorbis, Opus and FLAC decoding through FFmpeg's libraries: libavformat reads
/// the container, libavcodec decodes, libswresample turns whatever the decoder gives (planar, 16-bit, more
/// than two channels, a rate that changes mid-stream) into interleaved float32 at the stream's first rate.
///
/// The length is what a listener hears: the encoder's priming is dropped (libavcodec applies the MP4 edit
/// list's start and Opus pre-skip as `skip_samples`), and the end padding is cut at the container's length
/// (the MP4 edit list, the Ogg end granule). FFmpeg's AAC encoder pads the end, so lengths come from the
/// MP4 edit list, not from decoded frames. ADTS has no length field and no priming information: its length is
/// every frame's samples, counted by reading the packets once on opening (no decoding).
///
/// Streaming: one packet and one decoded frame at a time. Seeking is sample-exact: a seek lands a pre-roll
/// before the target, and the samples before the target (known from each frame's timestamp) are dropped.
public final class FFmpegDecoder: AudioDecoder {
    public private(set) var info: AudioInfo
    public private(set) var position: Int64 = 0
    public private(set) var truncation: String?

    private let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    /// The input format `resampler` was made for: sample format, rate, channels.
    private var resamplerInput: (format: Int32, rate: Int32, channels: Int32) = (-1, 0, 0)
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var streamIndex: Int32 = 0
    private var timeBase = AVRational(num: 1, den: 1)
    /// The stream's first timestamp, in `timeBase`.
    private var startTime: Int64 = 0
    /// Frames between `startTime` and the first frame the decoder gives from the start (our frame 0).
    /// FFmpeg's Ogg demuxer times a one-page Vorbis stream from the first packet, which decodes to nothing:
    /// the first samples then come 128 frames in.
    private var leadingGap: Int64 = 0
    /// Converted samples of the last decoded frame not yet returned, and how many frames of it were returned.
    private var pending: [Float] = []
    private var pendingFrames = 0
    private var pendingOffset = 0
    /// Frames decoded so far since the last (re)start or seek: our position when frames carry no timestamp.
    private var decodedUpTo: Int64 = 0
    /// After a seek: frames before this one are decoded and dropped.
    private var discardBefore: Int64 = 0
    private var flushed = false
    private var ended = false
    private var decodedAny = false

    /// Opens the file at `path` (the caller has checked the content; see `AudioDecoding.open`).
    public init(path: String) throws(AudioFileError) {
        if let failure = Self.libraries { throw AudioFileError(failure) }
        self.path = path
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw AudioFileError("FFmpeg could not allocate a packet; out of memory?")
        }
        self.packet = packet
        self.frame = frame
        var opened: (AudioInfo, estimated: Bool)
        do throws(AudioFileError) {
            opened = try Self.openContexts(path: path, into: &format, codec: &codec, stream: &streamIndex)
        } catch {
            Self.close(&format, &codec)
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            throw error
        }
        info = opened.0
        configureTimeline()
        if opened.estimated {
            // ADTS and other streams without a length field: count every packet's samples once, then start again.
            info.frames = try countFrames()
            try restart()  // on a throw from here on, deinit releases everything
        }
        // The first frame the decoder gives says where our frame 0 is (see `leadingGap`).
        try decodeNextFrame()
        if !ended {
            let first = decodedUpTo - Int64(pendingFrames)
            if first > 0 && first < info.frames {
                leadingGap = first
                info.frames -= first
                decodedUpTo -= first
            }
        }
        guard info.frames > 0 else {
            throw AudioFileError("\(info.codec.label) stream with no audio samples; export it again")
        }
    }

    deinit { releaseAll() }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioFileError) -> Int {
        let wanted = Int(min(Int64(max(frames, 0)), max(info.frames - position, 0)))
        var filled = 0
        while filled < wanted {
            if pendingOffset < pendingFrames {
                let count = min(wanted - filled, pendingFrames - pendingOffset)
                pending.withUnsafeBufferPointer { source in
                    (buffer + filled * info.channels).update(from: source.baseAddress! + pendingOffset * info.channels, count: count * info.channels)
                }
                pendingOffset += count
                filled += count
                continue
            }
            if ended { break }
            try decodeNextFrame()
        }
        position += Int64(filled)
        if filled < wanted && ended && truncation == nil {
            truncation = "\(info.codec.label) data ends at \(timeLabel(position)) of \(timeLabel(info.frames)); the end is missing, download or export it again"
        }
        return filled
    }

    public func seek(toFrame frame: Int64) throws(AudioFileError) {
        let target = min(max(frame, 0), info.frames)
        let preroll = max(Int64(codec?.pointee.seek_preroll ?? 0), Self.prerollFrames)
        if target <= preroll {
            // Near the start, decode from the very beginning: the priming is then dropped exactly as on opening.
            try restart()
        } else {
            let timestamp = startTime + av_rescale_q(target + leadingGap - preroll, AVRational(num: 1, den: Int32(info.sampleRate)), timeBase)
            if av_seek_frame(format, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD) < 0 {
                try restart()
            } else {
                avcodec_flush_buffers(codec)
                resetReading()
                decodedUpTo = -1  // unknown until a frame with a timestamp comes
            }
        }
        discardBefore = target
        position = target
    }

    // MARK: Decoding

    /// Decodes one more frame into `pending` (dropping samples before `discardBefore`), or sets `ended`.
    private func decodeNextFrame() throws(AudioFileError) {
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == 0 {
                defer { av_frame_unref(frame) }
                decodedAny = true
                if try convertFrame() { return }
                continue
            }
            if received == walkscape_averror_eof() {
                ended = true
                return
            }
            guard received == walkscape_averror_eagain() else {
                throw AudioFileError("\(info.codec.label) data cannot be decoded at \(timeLabel(position)) (\(Self.message(received))); export it again")
            }
            if flushed {
                ended = true
                return
            }
            let read = av_read_frame(format, packet)
            if read < 0 {
                // The end of the file (or a read error, which ends it the same way): drain the decoder.
                avcodec_send_packet(codec, nil)
                flushed = true
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != walkscape_averror_eagain() && !decodedAny && position == 0 {
                throw AudioFileError("\(info.codec.label) data cannot be decoded (\(Self.message(sent))); export it again")
            }
            // A damaged packet later in the stream is skipped, as players do; the length check reports a short file.
        }
    }

    /// Converts `frame` to interleaved float32 in `pending`, dropping what lies before `discardBefore`;
    /// returns whether any frames are left to return.
    private func convertFrame() throws(AudioFileError) -> Bool {
        let sampleCount = Int(frame.pointee.nb_samples)
        guard sampleCount > 0 else { return false }
        var start = decodedUpTo
        let timestamp = frame.pointee.best_effort_timestamp
        if timestamp != walkscape_av_nopts_value() {
            start = av_rescale_q(timestamp - startTime, timeBase, AVRational(num: 1, den: Int32(info.sampleRate))) - leadingGap
        } else if start < 0 {
            throw AudioFileError("\(info.codec.label) frames carry no timestamps; cannot seek to a sample, export it again")
        }
        try prepareResampler()
        let capacity = Int(swr_get_out_samples(resampler, Int32(sampleCount))) + 32
        if pending.count < capacity * info.channels { pending = [Float](repeating: 0, count: capacity * info.channels) }
        let converted = pending.withUnsafeMutableBytes { raw -> Int32 in
            var output: UnsafeMutablePointer<UInt8>? = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let input = UnsafeMutableRawPointer(frame.pointee.extended_data!).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            return swr_convert(resampler, &output, Int32(capacity), input, Int32(sampleCount))
        }
        guard converted >= 0 else {
            throw AudioFileError("\(info.codec.label) samples cannot be converted (\(Self.message(converted))); export it again")
        }
        pendingFrames = Int(converted)
        pendingOffset = 0
        decodedUpTo = start + Int64(pendingFrames)
        if start < discardBefore {
            pendingOffset = Int(min(discardBefore - start, Int64(pendingFrames)))
        }
        return pendingOffset < pendingFrames
    }

    /// Makes (or remakes, when the decoder's output changes) the converter to interleaved float32 at
    /// `info.sampleRate`, with `info.channels` channels (more than two are mixed down to stereo).
    private func prepareResampler() throws(AudioFileError) {
        let input = (format: frame.pointee.format, rate: frame.pointee.sample_rate, channels: frame.pointee.ch_layout.nb_channels)
        if resampler != nil && input == resamplerInput { return }
        swr_free(&resampler)
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, Int32(info.channels))
        var inLayout = AVChannelLayout()
        if av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout) < 0 || inLayout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_uninit(&inLayout)
            av_channel_layout_default(&inLayout, input.channels)
        }
        defer {
            av_channel_layout_uninit(&inLayout)
            av_channel_layout_uninit(&outLayout)
        }
        let made = swr_alloc_set_opts2(
            &resampler, &outLayout, AV_SAMPLE_FMT_FLT, Int32(info.sampleRate),
            &inLayout, AVSampleFormat(rawValue: input.format), input.rate, 0, nil)
        guard made >= 0, resampler != nil, swr_init(resampler) >= 0 else {
            swr_free(&resampler)
            throw AudioFileError("\(info.codec.label) output (\(input.rate) Hz × \(input.channels)) cannot be converted to float; export it again")
        }
        resamplerInput = input
    }

    // MARK: Opening and starting again

    /// Frames decoded and dropped before a seek target, beyond the codec's own pre-roll: AAC's overlap needs
    /// one 1024-sample frame (2048 with SBR), Vorbis one long block.
    static let prerollFrames: Int64 = 8192

    /// FFmpeg's libraries, opened on first use (CFFmpeg.h says why they are not linked) and told to log
    /// nothing (walkscape reports problems itself, in one line): nil, or why they could not be opened.
    private static let libraries: String? = {
        var message = [CChar](repeating: 0, count: 512)
        guard walkscape_ffmpeg_open(&message, message.count) == 0 else { return String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        av_log_set_level(AV_LOG_QUIET)
        return nil
    }()

    /// Opens the container and the decoder of its best audio stream; returns the format and length, and
    /// whether the length is an estimate (a stream without a length field) that must be counted.
    private static func openContexts(
        path: String, into format: inout UnsafeMutablePointer<AVFormatContext>?,
        codec: inout UnsafeMutablePointer<AVCodecContext>?, stream: inout Int32
    ) throws(AudioFileError) -> (AudioInfo, estimated: Bool) {
        var opened = avformat_open_input(&format, path, nil, nil)
        guard opened >= 0, let context = format else {
            throw AudioFileError("cannot be opened as audio (\(message(opened))); download or export it again")
        }
        opened = avformat_find_stream_info(context, nil)
        guard opened >= 0 else {
            throw AudioFileError("cannot be read as audio (\(message(opened))); download or export it again")
        }
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard index >= 0, let found = decoder, let st = context.pointee.streams[Int(index)] else {
            throw AudioFileError("\(containerLabel(context)) file with no audio stream; export the recording as audio")
        }
        let parameters = st.pointee.codecpar!
        guard let kind = AudioInfo.Codec(ffmpeg: parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw AudioFileError("\(name) audio in \(containerLabel(context)), which walkscape does not play; convert it to AAC, MP3, Opus, Vorbis, FLAC or WAV")
        }
        guard let decoding = avcodec_alloc_context3(found) else { throw AudioFileError("FFmpeg could not allocate a decoder; out of memory?") }
        codec = decoding
        decoding.pointee.pkt_timebase = st.pointee.time_base
        guard avcodec_parameters_to_context(decoding, parameters) >= 0 else {
            throw AudioFileError("\(kind.label) stream parameters are invalid; export it again")
        }
        decoding.pointee.pkt_timebase = st.pointee.time_base
        opened = avcodec_open2(decoding, found, nil)
        guard opened >= 0 else {
            throw AudioFileError("\(kind.label) decoder cannot start (\(message(opened))); export it again")
        }
        stream = index
        let rate = Int(decoding.pointee.sample_rate > 0 ? decoding.pointee.sample_rate : parameters.pointee.sample_rate)
        let channels = Int(decoding.pointee.ch_layout.nb_channels > 0 ? decoding.pointee.ch_layout.nb_channels : parameters.pointee.ch_layout.nb_channels)
        guard rate > 0, channels > 0 else {
            throw AudioFileError("\(kind.label) stream has no sample rate or no channels; export it again")
        }
        let duration = st.pointee.duration
        let estimated = duration == walkscape_av_nopts_value() || duration <= 0
            || context.pointee.duration_estimation_method == AVFMT_DURATION_FROM_BITRATE
        var frames: Int64 = 0
        if !estimated {
            // The container's length (the MP4 edit list, the Ogg end granule, FLAC's STREAMINFO) counts the
            // priming samples the decoder drops (Opus pre-skip): those are not heard.
            frames = av_rescale_q(duration, st.pointee.time_base, AVRational(num: 1, den: Int32(rate)))
            frames -= Int64(max(parameters.pointee.initial_padding, 0))
        }
        return (AudioInfo(codec: kind, sampleRate: rate, channels: min(channels, 2), frames: frames), estimated)
    }

    /// Sets `timeBase` and `startTime` from the open stream.
    private func configureTimeline() {
        guard let st = format?.pointee.streams[Int(streamIndex)] else { return }
        timeBase = st.pointee.time_base
        startTime = st.pointee.start_time == walkscape_av_nopts_value() ? 0 : st.pointee.start_time
    }

    /// The stream's length in frames from every packet's duration (no decoding), for ADTS.
    private func countFrames() throws(AudioFileError) -> Int64 {
        var total: Int64 = 0
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            guard packet.pointee.duration > 0 else {
                throw AudioFileError("\(info.codec.label) packets carry no duration; the length cannot be known, convert it to M4A")
            }
            let (sum, overflow) = total.addingReportingOverflow(packet.pointee.duration)
            guard !overflow else { throw AudioFileError("\(info.codec.label) stream is too long to measure") }
            total = sum
        }
        return av_rescale_q(total, timeBase, AVRational(num: 1, den: Int32(info.sampleRate)))
    }

    /// Opens the file again and decodes from its start (the reliable way back to frame 0 with the priming
    /// dropped).
    private func restart() throws(AudioFileError) {
        Self.close(&format, &codec)
        _ = try Self.openContexts(path: path, into: &format, codec: &codec, stream: &streamIndex)
        configureTimeline()
        resetReading()
        decodedUpTo = 0
        discardBefore = 0
        position = 0
    }

    private func resetReading() {
        pendingFrames = 0
        pendingOffset = 0
        flushed = false
        ended = false
    }

    private func releaseAll() {
        Self.close(&format, &codec)
        swr_free(&resampler)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    private static func close(_ format: inout UnsafeMutablePointer<AVFormatContext>?, _ codec: inout UnsafeMutablePointer<AVCodecContext>?) {
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    private static func containerLabel(_ context: UnsafeMutablePointer<AVFormatContext>) -> String {
        let name = String(cString: context.pointee.iformat.pointee.name)
        if name.hasPrefix("mov") { return "MP4" }
        if name == "ogg" { return "Ogg" }
        return name.uppercased()
    }

    /// FFmpeg's text for an error code.
    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        av_strerror(code, &text, text.count)
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func timeLabel(_ frames: Int64) -> String { AudioDecoding.timeLabel(frames: frames, sampleRate: info.sampleRate) }
}

extension AudioInfo.Codec {
    /// The codec FFmpeg's `id` names, when walkscape plays it.
    init?(ffmpeg id: AVCodecID) {
        switch id {
        case AV_CODEC_ID_AAC: self = .aac
        case AV_CODEC_ID_VORBIS: self = .vorbis
        case AV_CODEC_ID_OPUS: self = .opus
        case AV_CODEC_ID_FLAC: self = .flac
        default: return nil
        }
    }
}
