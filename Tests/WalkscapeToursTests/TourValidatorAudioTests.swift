import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeAudio
import WalkscapeCore
@testable import WalkscapeTours

/// `TourValidator` decodes every audio file in full: exact lengths, truncation warnings, decoding errors.
@Suite struct TourValidatorAudioTests {
    /// Replaces the sandbox's `relative` audio with a fixture and refreshes the manifest (sizes, digests).
    func replace(_ relative: String, with fixtureName: String, in sandbox: TourSandbox) throws {
        try FileManager.default.removeItem(atPath: sandbox.directory + "/" + relative)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/fixtures/audio/" + fixtureName, toPath: sandbox.directory + "/" + relative)
        _ = try ManifestUpdater().update(sandbox.directory)
    }

    @Test func aTruncatedWAVIsAWarningWithWhatIsMissingAndItsDecodedLength() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try replace("audio/it/p2.wav", with: "truncated.wav", in: sandbox)
        let problems = try sandbox.problems()
        expectEqual(problems, [
            "audio/it/p2.wav: warning: WAV data chunk declares 96000 bytes (1.000 s), the file holds 19920 (3320 frames, 0.208 s); the end is missing, download or export it again"
        ])
        let report = try TourValidator().validate(sandbox.directory)
        expectTrue(report.audio["audio/it/p2.wav"]?.frames == 3320)
        expectTrue(report.isValid(strict: false) && !report.isValid(strict: true))
    }

    @Test func aTruncatedMP3IsAWarning() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try replace("audio/en/p2.mp3", with: "truncated.mp3", in: sandbox)
        try expectEqual(sandbox.problems(), [
            "audio/en/p2.mp3: warning: MP3 header promises 2.500 s, the file holds 0.241 s; the end is missing, download or export it again"
        ])
    }

    @Test func undecodableAudioIsAnError() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try replace("audio/en/p2.mp3", with: "junk-3-bytes.mp3", in: sandbox)
        try expectEqual(sandbox.problems(), ["audio/en/p2.mp3: error: only 3 bytes, too short to be audio; download or export it again"])
    }

    @Test func newFormatsDecodeWithTheirExactLength() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        // An RF64 WAV and a tagged MP3 under the sandbox's names.
        try replace("audio/it/p2.wav", with: "tone-440hz-0.5s-22k-mono-rf64.wav", in: sandbox)
        try replace("audio/en/p2.mp3", with: "tone-440-880hz-1s-44k-stereo-id3.mp3", in: sandbox)
        let report = try TourValidator().validate(sandbox.directory)
        expectTrue(report.diagnostics.isEmpty, "\(report.diagnostics)")
        expectTrue(report.audio["audio/it/p2.wav"]?.frames == 11025)
        expectTrue(report.audio["audio/en/p2.mp3"]?.frames == 44100)
    }

    /// What was decoded ahead (the downloader's check of each staged recording) stands for decoding again.
    @Test func audioDecodedAheadIsTakenAsIs() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        let clean = try TourValidator().validate(sandbox.directory)
        expectTrue(!clean.diagnostics.hasErrors)
        let file = try #require(clean.audio.keys.sorted().first)
        let failed = try TourValidator(decodedAudio: [file: .failure(AudioFileError("not an MPEG audio stream"))]).validate(sandbox.directory)
        expectTrue(failed.diagnostics.map(\.description).contains { $0.contains(file) && $0.contains("not an MPEG audio stream") })
        expectTrue(failed.audio[file] == nil)
    }
}
