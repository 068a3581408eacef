import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeAudio

/// Every interleaved sample of `decoder` from its position to the end, read `chunk` frames at a time.
func readAll(_ decoder: any AudioDecoder, chunk: Int = 1000) throws -> [Float] {
    var samples: [Float] = []
    let channels = decoder.info.channels
    var buffer = [Float](repeating: 0, count: chunk * channels)
    while true {
        let count = try buffer.withUnsafeMutableBufferPointer { pointer throws(AudioFileError) in
            try decoder.read(into: pointer.baseAddress!, frames: chunk)
        }
        if count == 0 { return samples }
        samples += buffer[0..<count * channels]
    }
}

/// One channel of interleaved samples.
func channel(_ samples: [Float], _ index: Int, of channels: Int) -> [Float] {
    stride(from: index, to: samples.count, by: channels).map { samples[$0] }
}

/// The frequency of a pure tone from its zero crossings (rising and falling), in Hz.
func zeroCrossingFrequency(_ signal: [Float], sampleRate: Int) -> Double {
    var crossings = 0
    for index in 1..<signal.count where (signal[index - 1] < 0) != (signal[index] < 0) { crossings += 1 }
    return Double(crossings) / 2 / (Double(signal.count) / Double(sampleRate))
}

/// The power of `signal` at `frequency` (Goertzel), normalised so that a sine of amplitude A gives A²/4.
func goertzelPower(_ signal: [Float], frequency: Double, sampleRate: Int) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
    var previous = 0.0, beforePrevious = 0.0
    for sample in signal {
        let current = Double(sample) + coefficient * previous - beforePrevious
        beforePrevious = previous
        previous = current
    }
    let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    let n = Double(signal.count)
    return power / (n * n)
}

func rms(_ signal: [Float]) -> Double {
    (signal.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, signal.count))).squareRoot()
}

/// A sine at −6 dBFS (what `tools/make_audio_fixtures.sh` synthesises): amplitude 10^(−6/20), RMS that ÷ √2.
let toneRMS = pow(10, -6.0 / 20) / 2.0.squareRoot()

@Suite struct AudioDecoderTests {
    /// Our fixtures with the exact lengths of the WAVs sox made (and lame encoded): a full decode must give
    /// exactly these, as the sum of the reads, equal to `info.frames` before decoding.
    static let whole: [(String, AudioInfo)] = [
        ("tone-440hz-1s-44k-mono.mp3", AudioInfo(codec: .mp3, sampleRate: 44100, channels: 1, frames: 44100)),
        ("tone-330hz-2.5s-48k-stereo-vbr.mp3", AudioInfo(codec: .mp3, sampleRate: 48000, channels: 2, frames: 120_000)),
        ("tone-440-880hz-1s-44k-stereo-id3.mp3", AudioInfo(codec: .mp3, sampleRate: 44100, channels: 2, frames: 44100)),
        ("tone-880hz-0.75s-22k-mono.wav", AudioInfo(codec: .wav, sampleRate: 22050, channels: 1, frames: 16538)),
        ("tone-440hz-0.5s-8k-stereo-float.wav", AudioInfo(codec: .wav, sampleRate: 8000, channels: 2, frames: 4000)),
        ("tone-440-880hz-1s-16k-stereo-24bit.wav", AudioInfo(codec: .wav, sampleRate: 16000, channels: 2, frames: 16000)),
        ("tone-440hz-0.5s-22k-mono-rf64.wav", AudioInfo(codec: .wav, sampleRate: 22050, channels: 1, frames: 11025)),
    ]

    @Test(arguments: whole)
    func fullDecodingGivesTheExactLength(name: String, expected: AudioInfo) throws {
        let decoder = try AudioDecoding.open(path: fixture(name))
        expectEqual(decoder.info, expected)
        // Odd chunk sizes, so that reads end mid-MPEG-frame.
        let samples = try readAll(decoder, chunk: 777)
        expectEqual(samples.count, Int(expected.frames) * expected.channels)
        expectEqual(decoder.position, expected.frames)
        expectTrue(decoder.truncation == nil)
        let decoded = try AudioDecoding.decodeAll(path: fixture(name), bufferFrames: 333)
        expectEqual(decoded, DecodedAudio(info: expected, headerFrames: expected.frames, truncation: nil))
    }

    @Test(arguments: [
        ("tone-440hz-1s-44k-mono.mp3", [440.0]), ("tone-880hz-0.75s-22k-mono.wav", [880.0]),
        ("tone-440hz-0.5s-8k-stereo-float.wav", [440.0, 440.0]), ("tone-440hz-0.5s-22k-mono-rf64.wav", [440.0]),
        // The split tones: left 440 Hz, right 880 Hz; a channel swap or a mixdown fails here.
        ("tone-440-880hz-1s-16k-stereo-24bit.wav", [440.0, 880.0]), ("tone-440-880hz-1s-44k-stereo-id3.mp3", [440.0, 880.0]),
    ])
    func theSignalIsTheTone(name: String, frequencies: [Double]) throws {
        let decoder = try AudioDecoding.open(path: fixture(name))
        let rate = decoder.info.sampleRate
        let samples = try readAll(decoder)
        expectEqual(frequencies.count, decoder.info.channels)
        for (index, frequency) in frequencies.enumerated() {
            // Leave out the first and last 50 ms (MP3 fade-in/out of the encoder's window).
            let all = channel(samples, index, of: decoder.info.channels)
            let margin = rate / 20
            let signal = Array(all[margin..<all.count - margin])
            expectTrue(abs(zeroCrossingFrequency(signal, sampleRate: rate) - frequency) < frequency * 0.01, "\(name) channel \(index)")
            expectTrue(abs(rms(signal) - toneRMS) < 0.02, "\(name) channel \(index): RMS \(rms(signal))")
            let other = frequency == 440 ? 880.0 : 440.0
            expectTrue(goertzelPower(signal, frequency: frequency, sampleRate: rate) > 100 * goertzelPower(signal, frequency: other, sampleRate: rate))
        }
    }

    @Test(arguments: whole.map(\.0))
    func seekingIsSampleAccurate(name: String) throws {
        let reference = try readAll(try AudioDecoding.open(path: fixture(name)))
        let decoder = try AudioDecoding.open(path: fixture(name))
        let channels = decoder.info.channels
        let frames = decoder.info.frames
        // Forwards, backwards, inside the first MPEG frame, at and past the end.
        for target in [frames / 2 + 7, 1, 0, 1151, 1153, frames / 3, frames - 1, frames, frames + 100, 12345 % frames] {
            try decoder.seek(toFrame: target)
            let clamped = min(target, frames)
            expectEqual(decoder.position, clamped)
            let tail = try readAll(decoder, chunk: 501)
            let expected = Array(reference[Int(clamped) * channels..<reference.count])
            expectEqual(tail.count, expected.count, "\(name) seek to \(target)")
            guard tail.count == expected.count else { continue }
            if decoder.info.codec == .wav {
                expectEqual(tail, expected, "\(name) seek to \(target)")
            } else {
                let worst = zip(tail, expected).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
                expectTrue(worst <= 1e-6, "\(name) seek to \(target): differs by \(worst)")
            }
        }
    }

    @Test func truncatedWAVDecodesWhatItHoldsAndSaysWhatIsMissing() throws {
        let full = try readAll(try AudioDecoding.open(path: fixture("tone-440-880hz-1s-16k-stereo-24bit.wav")))
        let decoder = try AudioDecoding.open(path: fixture("truncated.wav"))
        // 20000 bytes cut from a 24-bit stereo WAV with an 80-byte header: (20000 − 80) ÷ 6 = 3320 frames.
        expectEqual(decoder.info.frames, 3320)
        let samples = try readAll(decoder)
        expectEqual(samples, Array(full.prefix(3320 * 2)))
        expectEqual(decoder.truncation, "WAV data chunk declares 96000 bytes (1.000 s), the file holds 19920 (3320 frames, 0.208 s); the end is missing, download or export it again")
        let decoded = try AudioDecoding.decodeAll(path: fixture("truncated.wav"))
        expectEqual(decoded.info.frames, 3320)
        expectEqual(decoded.truncation, decoder.truncation)
    }

    @Test func truncatedMP3DecodesWhatItHoldsAndSaysWhatIsMissing() throws {
        let full = try readAll(try AudioDecoding.open(path: fixture("tone-330hz-2.5s-48k-stereo-vbr.mp3")))
        let decoded = try AudioDecoding.decodeAll(path: fixture("truncated.mp3"))
        expectTrue(decoded.info.frames > 0 && decoded.info.frames < 120_000)
        expectEqual(decoded.truncation, "MP3 header promises 2.500 s, the file holds 0.241 s; the end is missing, download or export it again")
        // What it holds is the start of the whole file (the cut lands mid-frame; that frame is dropped).
        // libmpg123 turns gapless decoding off when the frames it finds disagree with the Info frame's count;
        // the decoder then removes the encoder + decoder delay (576 + 529 samples) itself, so the cut file
        // starts exactly where the whole one does.
        let decoder = try AudioDecoding.open(path: fixture("truncated.mp3"))
        let samples = try readAll(decoder)
        expectEqual(samples.count, Int(decoded.info.frames) * 2)
        let worst = zip(samples, full).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
        expectTrue(worst <= 1e-6)
        // And seeking in it is as exact as in a whole file.
        try decoder.seek(toFrame: 5000)
        expectEqual(decoder.position, 5000)
        let tail = try readAll(decoder)
        expectEqual(tail.count, samples.count - 10000)
        expectTrue(zip(tail, samples[10000...]).allSatisfy { abs($0 - $1) <= 1e-6 })
    }

    @Test func wholeFilesHaveNoTruncation() throws {
        for (name, _) in Self.whole { try expectTrue(AudioDecoding.decodeAll(path: fixture(name)).truncation == nil, "\(name)") }
    }

    @Test(arguments: [
        ("junk-3-bytes.mp3", "only 3 bytes, too short to be audio; download or export it again"),
        ("mp4-named.mp3", "MP4/AAC data: cannot be opened as audio (Invalid data found when processing input); download or export it again"),
        ("nope.wav", "no such file"),
    ])
    func brokenFilesGiveOneLineErrors(name: String, message: String) {
        #expect(throws: AudioFileError(message)) { try AudioDecoding.decodeAll(path: fixture(name)) }
    }

    @Test func emptyAndJunkFilesGiveOneLineErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.mp3").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: AudioFileError("empty file (0 bytes), expected MP3 audio; download or export it again")) {
            try AudioDecoding.decodeAll(path: empty)
        }
        // 4 KiB of text named .mp3: the decoder looks for MP3 sync and finds none.
        let text = dir.appendingPathComponent("notes.mp3").path
        _ = FileManager.default.createFile(atPath: text, contents: Data(String(repeating: "not audio at all\n", count: 256).utf8))
        let error = try #require(throws: AudioFileError.self) { try AudioDecoding.decodeAll(path: text) }
        expectTrue(!error.message.contains("\n") && error.message.contains("MP3"))
        // Text named .wav is refused by its first bytes.
        let wav = dir.appendingPathComponent("notes.wav").path
        _ = FileManager.default.createFile(atPath: wav, contents: Data("hello, this is no WAV".utf8))
        #expect(throws: AudioFileError("unrecognised data, not WAV audio (first bytes 68 65 6c 6c 6f 2c 20 74); convert it to MP3, AAC (.m4a), Opus, Ogg Vorbis, FLAC or WAV")) {
            try AudioDecoding.decodeAll(path: wav)
        }
    }

    @Test func xingAndVBRIHeadersAreRead() {
        // An MPEG-1 stereo frame header, 32 bytes of side information, then "Xing" with the frames flag.
        var frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 32)
        frame += Array("Xing".utf8) + [0, 0, 0, 1] + [0, 0, 0x01, 0x00] + [UInt8](repeating: 0, count: 20)
        expectEqual(XingHeader.parse(frame), XingHeader(frames: 256))
        // All four fields, then a LAME tag with delay 576 (0x240) and padding 1260 (0x4EC).
        var lame = frame
        lame[43] = 0x0F
        lame += [UInt8](repeating: 0, count: 36 + 120 - lame.count) + Array("LAME3.100".utf8) + [UInt8](repeating: 0, count: 12) + [0x24, 0x04, 0xEC]
        expectEqual(XingHeader.parse(lame), XingHeader(frames: 256, encoderDelay: 576))
        var info = frame
        info.replaceSubrange(36..<40, with: Array("Info".utf8))
        info[43] = 0  // no frames flag
        expectEqual(XingHeader.parse(info), XingHeader(frames: nil))
        expectTrue(XingHeader.parse([0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 60)) == nil)
        var vbri: [UInt8] = [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 32) + Array("VBRI".utf8)
        vbri += [UInt8](repeating: 0, count: 10) + [0, 0, 0, 100] + [UInt8](repeating: 0, count: 10)
        expectEqual(VBRIHeader.parse(vbri), VBRIHeader(frames: 100, samplesPerFrame: 1152))
        expectTrue(VBRIHeader.parse(vbri)?.samples == Int64(99) * 1152)
    }
}

/// Full decoding of the real files in `../shared/real/audio` against what upstream test suites (preferred)
/// and mutagen say about them (`../shared/real/oracle.json`, key "audio"); skipped when the folder is absent.
/// The files are never copied into this repository.
@Suite struct RealAudioDecodeTests {
    /// What a full decode must give for each file: frames, or nil for an expected error (and its reason).
    /// MP3: upstream (ExoPlayer) "frames" counts MPEG frames, so samples = frames × samples per frame −
    /// encoder delay − padding when upstream gives those; each other figure is explained.
    static let expectedFrames: [String: Int64?] = [
        // 108 MPEG-1 frames, no Info frame, so no delay/padding to remove: 108 × 1152.
        "audio/bear-cbr-variable-frame-size-no-seek-table.mp3": 108 * 1152,
        // 117 frames − 576 delay − 576 padding (upstream's own figures, from the LAME tag).
        "audio/bear-id3.mp3": 117 * 1152 - 576 - 576,
        "audio/bear-vbr-xing-header.mp3": 117 * 1152 - 576 - 576,
        // The same audio without the Xing/LAME frame: no gapless information, all 117 frames.
        "audio/bear-vbr-no-seek-table.mp3": 117 * 1152,
        // Upstream (tinytag) only estimates 0.138 s from the bitrate; the scan finds 5 whole frames.
        "audio/id3v22-test.mp3": 5 * 1152,
        // MPEG-2 (576 samples a frame), 41 frames, no Info frame; tinytag's 1.044 s is a bitrate estimate,
        // mutagen's 1.071 s is exactly 23616 ÷ 22050.
        "audio/silence-22khz-mono-1s.mp3": 41 * 576,
        // 143 frames; tinytag (3.739 s) and mutagen (3.768 s) both estimate from the size, ID3v1 tag included.
        "audio/silence-44-s-v1.mp3": 143 * 1152,
        // MPEG-2.5 (576 samples a frame), LAME tag: tinytag's 9.216 s is 128 frames before removing the
        // encoder delay and padding; mutagen's 9.04 s (which removes them) is exactly 72320 ÷ 8000.
        "audio/vbr8.mp3": 72320,
        // An 8 KiB cut of a long VBRI file: tinytag counts 18 frames (0.470 s), but the 18th is cut short and
        // libmpg123 drops it: 17 whole frames. Also reported as truncated (the VBRI header promises ~222 s).
        "audio/vbri.mp3": 17 * 1152,
        // Upstream: 44 100 frames of 1 s mono.
        "audio/sample.wav": 44100,
        // IMA ADPCM: upstream decodes it to 89 804 bytes of 16-bit mono PCM = 44 902 frames (1.018 s);
        // mutagen's 0.0005 s misreads the 4-bit format. libsndfile decodes it: we play it.
        "audio/sample_ima_adpcm.wav": 44902,
        // RF64: upstream's 66 936 PCM bytes ÷ 4 bytes a frame (16-bit stereo).
        "audio/sample_rf64.wav": 66936 / 4,
        "audio/test-44100Hz-2ch-32bit-float-le.wav": 441,
        // The data chunk declares 17 640 bytes but 944 are present: keep the 236 frames there, and warn.
        "audio/test-44100Hz-le-1ch-4bytes-early-eof.wav": 236,
        "audio/test-48000Hz-2ch-64bit-float-le-wavex.wav": 480,
        "audio/test-8000Hz-le-2ch-1byteu.wav": 800,
        "audio/test-8000Hz-le-3ch-5S-24bit.wav": 5,
        "audio/test-riff-tags.wav": 44100,
        // 3 bytes: a clear error.
        "audio/incomplete.mp3": nil,
        // One lone 418-byte frame (26 ms). libmpg123 needs to see the next frame header to trust the first
        // one and gives up; ExoPlayer plays it. Decided: refused with one clear line, as 26 ms is no tour
        // audio and a single frame cannot be told from stray bytes that happen to look like a header.
        "audio/play-trimmed.mp3": nil,
    ]

    /// Seeking in real MP3s (VBR, no seek table, ID3 tags, MPEG-2/2.5) is sample-exact too.
    @Test(.enabled(if: !RealAudioOracleTests.files.isEmpty), arguments: [
        "audio/bear-vbr-no-seek-table.mp3", "audio/bear-id3.mp3", "audio/bear-cbr-variable-frame-size-no-seek-table.mp3",
        "audio/vbr8.mp3", "audio/silence-22khz-mono-1s.mp3",
    ])
    func seekingInRealMP3sIsSampleExact(file: String) throws {
        let path = RealAudioOracleTests.realDirectory + "/" + file
        let reference = try readAll(try AudioDecoding.open(path: path))
        let decoder = try AudioDecoding.open(path: path)
        let channels = decoder.info.channels
        for target in [decoder.info.frames * 2 / 3 + 11, 4321, 1, decoder.info.frames - 5] {
            try decoder.seek(toFrame: target)
            let tail = try readAll(decoder)
            let expected = reference[Int(target) * channels..<reference.count]
            expectEqual(tail.count, expected.count)
            let worst = zip(tail, expected).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
            expectTrue(worst <= 1e-6, "\(file) seek to \(target): differs by \(worst)")
        }
    }

    /// Files whose decode must report truncation.
    static let truncated: Set<String> = ["audio/vbri.mp3", "audio/test-44100Hz-le-1ch-4bytes-early-eof.wav"]

    @Test(.enabled(if: !RealAudioOracleTests.files.isEmpty), arguments: RealAudioOracleTests.files)
    func fullDecodeMatchesTheOracle(file: String) throws {
        let entry = try #require(RealAudioOracleTests.oracle[file])
        let upstream = entry["upstream"]
        let mutagen = entry["mutagen"]
        let path = RealAudioOracleTests.realDirectory + "/" + file
        guard let known = Self.expectedFrames[file] else {
            Issue.record("\(file): new in the oracle, decide what decoding it should give")
            return
        }
        let result = Result { () throws(AudioFileError) in try AudioDecoding.decodeAll(path: path) }
        switch (known, result) {
        case (nil, .failure(let error)):
            expectTrue(!error.message.contains("\n"))
            if file == "audio/incomplete.mp3" { expectEqual(error.message, "only 3 bytes, too short to be audio; download or export it again") }
            if file == "audio/play-trimmed.mp3" { expectTrue(error.message.hasPrefix("no MP3 frames found")) }
        case (nil, .success(let decoded)):
            Issue.record("\(file): expected an error, decoded \(decoded.info)")
        case (.some, .failure(let error)):
            Issue.record("\(file): \(error)")
        case (.some(let frames), .success(let decoded)):
            let rate = (upstream?["sample_rate"] ?? mutagen?["sample_rate"])?.intValue
            let channels = (upstream?["channels"] ?? mutagen?["channels"])?.intValue
            expectEqual(decoded.info.sampleRate, rate)
            expectEqual(decoded.info.channels, channels)
            expectEqual(decoded.info.frames, frames)
            expectEqual(decoded.headerFrames, decoded.info.frames, "the length measured on opening is the decoded one")
            expectEqual((decoded.truncation != nil), Self.truncated.contains(file), "\(file): \(decoded.truncation ?? "not truncated")")
            // Where upstream gives a count of samples (WAV "frames", RF64 "pcm_bytes"), it is the same.
            if decoded.info.codec == .wav, let upstreamFrames = upstream?["frames"]?.intValue {
                expectEqual(decoded.info.frames, Int64(upstreamFrames))
            }
            // MP3: where upstream gives frames with delay and padding, samples = frames × 1152 − both.
            if decoded.info.codec == .mp3, let mpegFrames = upstream?["frames"]?.intValue,
                let delay = upstream?["encoder_delay"]?.intValue, let padding = upstream?["encoder_padding"]?.intValue {
                expectEqual(decoded.info.frames, Int64(mpegFrames * 1152 - delay - padding))
            }
        }
    }
}

/// A length from a container (an MP4 edit list, a WAV header) is checked where the decoder is opened.
@Suite struct AudioLengthBoundaryTests {
    @Test func aLengthNoRecordingHasIsRefused() throws {
        try AudioDecoding.checkLength(AudioInfo(codec: .aac, sampleRate: 44_100, channels: 1, frames: 44_100 * 86_400))
        for frames: Int64 in [-1, 44_100 * 86_400 + 1, 1 << 62, .max] {
            #expect(throws: AudioFileError.self) {
                try AudioDecoding.checkLength(AudioInfo(codec: .aac, sampleRate: 44_100, channels: 1, frames: frames))
            }
        }
    }
}
