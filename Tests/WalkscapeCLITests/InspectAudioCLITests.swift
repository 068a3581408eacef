import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// `walkscape inspect` on audio files, through the built binary.
@Suite struct InspectAudioCLITests {
    @Test func jsonForAnMP3IsExactlyTheAudioFields() throws {
        let result = try CLI.run(["inspect", "--json", "fixtures/audio/tone-440hz-1s-44k-mono.mp3"])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        #expect(result.stdout == #"{"kind":"audio","codec":"mp3","sampleRate":44100,"channels":1,"frames":44100,"durationSeconds":1.000000}"# + "\n")
    }

    @Test func jsonForWAVs() throws {
        let wav = try CLI.run(["inspect", "--json", "fixtures/audio/tone-440-880hz-1s-16k-stereo-24bit.wav"])
        expectEqual(wav.status, 0)
        #expect(wav.stdout == #"{"kind":"audio","codec":"wav","sampleRate":16000,"channels":2,"frames":16000,"durationSeconds":1.000000}"# + "\n")
        let rf64 = try CLI.run(["inspect", "--json", "fixtures/audio/tone-440hz-0.5s-22k-mono-rf64.wav"])
        #expect(rf64.stdout == #"{"kind":"audio","codec":"wav","sampleRate":22050,"channels":1,"frames":11025,"durationSeconds":0.500000}"# + "\n")
    }

    @Test func truncationIsAppendedOnlyWhenTruncated() throws {
        let result = try CLI.run(["inspect", "--json", "fixtures/audio/truncated.wav"])
        expectEqual(result.status, 0)
        let json = try JSONParser().parse(result.stdout)
        expectTrue(json.objectMembers?.map(\.key) == ["kind", "codec", "sampleRate", "channels", "frames", "durationSeconds", "truncated"])
        expectTrue(json["frames"]?.intValue == 3320)
        expectEqual(json["truncated"], .string("WAV data chunk declares 96000 bytes (1.000 s), the file holds 19920 (3320 frames, 0.208 s); the end is missing, download or export it again"))
    }

    @Test func textForm() throws {
        let result = try CLI.run(["inspect", "fixtures/audio/tone-330hz-2.5s-48k-stereo-vbr.mp3"])
        expectEqual(result.status, 0)
        #expect(result.stdout == """
            fixtures/audio/tone-330hz-2.5s-48k-stereo-vbr.mp3
            Codec        MP3 (libmpg123, gapless)
            Sample rate  48000 Hz
            Channels     2 (stereo)
            Frames       120000 (decoded in full)
            Duration     2.500 s

            """)
        let cut = try CLI.run(["inspect", "fixtures/audio/truncated.mp3"])
        expectEqual(cut.status, 0)
        expectTrue(cut.stdout.hasSuffix("warning: MP3 header promises 2.500 s, the file holds 0.241 s; the end is missing, download or export it again\n"))
    }

    @Test func audioIsToldByContentWhateverItsName() throws {
        let directory = NSTemporaryDirectory() + "walkscape-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: repositoryRoot + "/fixtures/audio/tone-440-880hz-1s-44k-stereo-id3.mp3", toPath: directory + "/download.bin")
        let result = try CLI.run(["inspect", "--json", directory + "/download.bin"])
        expectEqual(result.status, 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"kind":"audio","codec":"mp3","sampleRate":44100,"channels":2,"frames":44100,"#))
    }

    /// AAC in MP4 named `.mp3` (what the reference backend serves), ADTS, Opus, Vorbis and FLAC: the content
    /// decides, and the length is the tone's exactly (ADTS: its 45 whole AAC frames).
    @Test func formatsReadThroughFFmpegReportTheirCodecAndExactLength() throws {
        let cases = [
            ("tone-440hz-1s-44k-mono-aac-in-mp4.mp3", #"{"kind":"audio","codec":"aac","sampleRate":44100,"channels":1,"frames":44100,"durationSeconds":1.000000}"#),
            ("tone-440-880hz-1s-48k-stereo.m4a", #"{"kind":"audio","codec":"aac","sampleRate":48000,"channels":2,"frames":48000,"durationSeconds":1.000000}"#),
            ("tone-440hz-1s-44k-mono.aac", #"{"kind":"audio","codec":"aac","sampleRate":44100,"channels":1,"frames":46080,"durationSeconds":1.044898}"#),
            ("tone-440hz-1s-48k-mono.opus", #"{"kind":"audio","codec":"opus","sampleRate":48000,"channels":1,"frames":48000,"durationSeconds":1.000000}"#),
            ("tone-440hz-1s-44k-mono.ogg", #"{"kind":"audio","codec":"vorbis","sampleRate":44100,"channels":1,"frames":44100,"durationSeconds":1.000000}"#),
            ("tone-440hz-1s-44k-mono.flac", #"{"kind":"audio","codec":"flac","sampleRate":44100,"channels":1,"frames":44100,"durationSeconds":1.000000}"#),
        ]
        for (name, json) in cases {
            let result = try CLI.run(["inspect", "--json", "fixtures/audio/" + name])
            expectEqual(result.status, 0, "\(name): \(result.stderr)")
            expectEqual(result.stdout, json + "\n", "\(name)")
        }
        let text = try CLI.run(["inspect", "fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a"])
        expectContains(text.stdout, "AAC (FFmpeg: libavformat + libavcodec)")
    }

    @Test func brokenAudioIsOneLineOnStandardErrorAndExitOne() throws {
        let result = try CLI.run(["inspect", "--json", "fixtures/audio/mp4-named.mp3"])
        expectEqual(result.status, 1)
        expectEqual(result.stdout, "")
        expectEqual(result.stderr, "fixtures/audio/mp4-named.mp3: MP4/AAC data: cannot be opened as audio (Invalid data found when processing input); download or export it again\n")
        let junk = try CLI.run(["inspect", "fixtures/audio/junk-3-bytes.mp3"])
        expectEqual(junk.status, 1)
        expectEqual(junk.stderr, "fixtures/audio/junk-3-bytes.mp3: only 3 bytes, too short to be audio; download or export it again\n")
    }

    @Test func aMissingAudioFileExitsTwo() throws {
        let result = try CLI.run(["inspect", "no/such/p1.mp3"])
        expectEqual(result.status, 2)
        expectEqual(result.stderr, "no/such/p1.mp3: no such file\n")
    }
}
