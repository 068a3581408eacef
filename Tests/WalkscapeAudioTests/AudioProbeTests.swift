import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeAudio

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func fixture(_ name: String) -> String { repositoryRoot + "/fixtures/audio/" + name }

@Suite struct AudioProbeTests {
    @Test(arguments: [
        ("tone-440hz-1s-44k-mono.mp3", AudioInfo(codec: .mp3, sampleRate: 44100, channels: 1, frames: 44100)),
        ("tone-330hz-2.5s-48k-stereo-vbr.mp3", AudioInfo(codec: .mp3, sampleRate: 48000, channels: 2, frames: 120_000)),
        ("tone-880hz-0.75s-22k-mono.wav", AudioInfo(codec: .wav, sampleRate: 22050, channels: 1, frames: 16538)),
        ("tone-440hz-0.5s-8k-stereo-float.wav", AudioInfo(codec: .wav, sampleRate: 8000, channels: 2, frames: 4000)),
    ])
    func exactLengthsOfOurFixtures(name: String, expected: AudioInfo) throws {
        // The MP3s were encoded by lame from WAVs of exactly these lengths: gapless decoding gives them back.
        try expectEqual(AudioProbe.probe(path: fixture(name)), expected)
    }

    @Test func namesMP4DataHiddenBehindAnMP3Name() {
        #expect(throws: AudioFileError("MP4/AAC data: cannot be opened as audio (Invalid data found when processing input); download or export it again")) {
            try AudioProbe.probe(path: fixture("mp4-named.mp3"))
        }
    }

    @Test func tinyJunkIsRefused() {
        #expect(throws: AudioFileError("only 3 bytes, too short to be audio; download or export it again")) {
            try AudioProbe.probe(path: fixture("junk-3-bytes.mp3"))
        }
    }

    @Test func truncatedMP3HasTheLengthItHolds() throws {
        let info = try AudioProbe.probe(path: fixture("truncated.mp3"))
        expectTrue(info.frames > 0 && info.frames < 120_000)
    }

    @Test func missingFile() {
        #expect(throws: AudioFileError("no such file")) { try AudioProbe.probe(path: fixture("nope.mp3")) }
    }

    @Test func wavContentUnderAnMP3NameIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let renamed = dir.appendingPathComponent("p1.mp3").path
        try FileManager.default.copyItem(atPath: fixture("tone-880hz-0.75s-22k-mono.wav"), toPath: renamed)
        #expect(throws: AudioFileError("WAV data, not MP3; rename it to .wav or re-encode it as MP3")) { try AudioProbe.probe(path: renamed) }
    }
}

/// Differential checks against what upstream test suites and mutagen say about real files in
/// `../shared/real/audio` (skipped when that folder is absent).
@Suite struct RealAudioOracleTests {
    static let realDirectory = repositoryRoot + "/../shared/real"
    static let oracle: JSONValue = {
        guard let data = FileManager.default.contents(atPath: realDirectory + "/oracle.json"),
            let root = try? JSONParser().parse(Array(data)), let audio = root["audio"]
        else { return .object([]) }
        return audio
    }()

    static var files: [String] { (oracle.objectMembers ?? []).map(\.key).sorted() }

    @Test(.enabled(if: !files.isEmpty), arguments: files)
    func formatMatchesTheOracle(file: String) throws {
        let entry = try #require(Self.oracle[file])
        let upstream = entry["upstream"]
        let mutagen = entry["mutagen"]
        let path = Self.realDirectory + "/" + file
        let result = Result { () throws(AudioFileError) in try AudioProbe.probe(path: path) }
        switch (file, result) {
        case ("audio/incomplete.mp3", .failure(let error)):
            expectContains(error.message, "3 bytes")
        case ("audio/sample_ima_adpcm.wav", _), ("audio/play-trimmed.mp3", _):
            // Decided in RealAudioDecodeTests (AudioDecoderTests.swift): IMA ADPCM decodes (44902 frames), the
            // lone trimmed frame is refused.
            break
        case (_, .success(let info)):
            let rate = (upstream?["sample_rate"] ?? mutagen?["sample_rate"])?.intValue
            let channels = (upstream?["channels"] ?? mutagen?["channels"])?.intValue
            expectEqual(info.sampleRate, rate)
            expectEqual(info.channels, channels)
            if info.codec == .wav, let frames = upstream?["frames"]?.intValue {
                expectEqual(info.frames, Int64(frames))
            }
        case (_, .failure(let error)):
            Issue.record("\(file): \(error)")
        }
    }
}
