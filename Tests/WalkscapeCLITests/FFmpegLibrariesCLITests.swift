import Foundation
import Testing
import WalkscapeTestSupport

/// FFmpeg's libraries are opened when a file needs them, not when the binary starts (Sources/CFFmpeg): the
/// dynamic loader's own log (`LD_DEBUG=libs`) says which libraries a run loaded, and a run in a mount namespace
/// where libavformat is an empty file gets one line for an AAC file and still reads an MP3.
@Suite struct FFmpegLibrariesCLITests {
    static let aacFile = "fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a"
    static let mp3File = "fixtures/audio/tone-440hz-1s-44k-mono.mp3"

    /// The shared libraries the loader initialised during a run (`calling init: PATH` lines of LD_DEBUG=libs).
    static func initialised(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
        }
    }

    @Test func aRunThatDecodesNoFFmpegFileLoadsNoFFmpegLibrary() throws {
        let version = try CLI.run(["--version"], environment: ["LD_DEBUG": "libs"])
        expectEqual(version.status, 0)
        let loaded = Self.initialised(version.stderr)
        expectTrue(loaded.contains { $0.contains("libswiftCore") }, "the loader's log was not read: \(version.stderr.prefix(300))")
        expectTrue(!loaded.contains { $0.contains("libavformat") || $0.contains("libavcodec") }, "\(loaded)")
        // An MP3 goes to libmpg123, not FFmpeg.
        let mp3 = try CLI.run(["inspect", Self.mp3File], environment: ["LD_DEBUG": "libs"])
        expectEqual(mp3.status, 0)
        expectTrue(!Self.initialised(mp3.stderr).contains { $0.contains("libavformat") })
    }

    @Test func anAACFileOpensFFmpegWhenItIsRead() throws {
        let aac = try CLI.run(["inspect", Self.aacFile], environment: ["LD_DEBUG": "libs"])
        expectEqual(aac.status, 0)
        expectContains(aac.stdout, "Codec        AAC (FFmpeg: libavformat + libavcodec)", "\(aac.stdout)")
        let loaded = Self.initialised(aac.stderr)
        for library in ["libavutil.so.", "libswresample.so.", "libavcodec.so.", "libavformat.so."] {
            expectTrue(loaded.contains { $0.contains(library) }, "\(library) was not loaded: \(loaded.filter { $0.contains("libav") })")
        }
    }

    /// The libavformat the loader opens for an AAC file (from its own log, so on any architecture), or nil.
    static let libavformat: String? = {
        let aac = try? CLI.run(["inspect", Self.aacFile], environment: ["LD_DEBUG": "libs"])
        return aac.flatMap { initialised($0.stderr).first { $0.contains("/libavformat.so.") } }
    }()

    /// Whether this process may make a mount namespace (root, as in CI).
    static let canUnshare = (try? ChildProcess.run(["/usr/bin/unshare", "-m", "true"], capture: false))?.status == 0

    @Test(.enabled(if: libavformat != nil && canUnshare, "needs libavformat and unshare -m (root)"))
    func withoutLibavformatAnAACFileGetsOneLineAndAnMP3StillReads() throws {
        let library = try #require(Self.libavformat)
        // The library replaced by an empty file for this run only, in a mount namespace of its own.
        let hide = ["/usr/bin/unshare", "-m", "/bin/sh", "-c", "mount --bind /dev/null \"\(library)\" && exec \"$0\" \"$@\""]
        let soname = (library as NSString).lastPathComponent
        let aac = CLI.finish(try CLI.start(["inspect", Self.aacFile], launcher: hide))
        expectEqual(aac.status, 1)
        expectEqual(aac.stdout, "")
        let major = soname.split(separator: ".").last.map(String.init) ?? "?"
        expectEqual(aac.stderr, "\(Self.aacFile): MP4/AAC data: FFmpeg's \(soname) could not be opened (\(library): file too short); install it: apt-get install libavformat\(major)\n")
        let mp3 = CLI.finish(try CLI.start(["inspect", Self.mp3File], launcher: hide))
        expectEqual(mp3.status, 0)
        expectContains(mp3.stdout, "Codec        MP3 (libmpg123, gapless)", "\(mp3.stdout)\(mp3.stderr)")
    }
}
