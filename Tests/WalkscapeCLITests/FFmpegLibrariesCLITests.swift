import Foundation
import Testing
import WalkscapeTestSupport

/// FFmpeg's libraries are opened when a file needs them, not when the binary starts (Sources/CFFmpeg): the
/// dynamic loader's own log (`LD_DEBUG=libs`) says which libraries a run loaded, and a run in a mount namespace
/// where libavformat is an empty file gets one line for an AAC file and still reads an MP3.
@Suite struct FFmpegLibrariesCLITests {
    /// The shared libraries the loader initialised during a run (`calling init: PATH` lines of LD_DEBUG=libs).
    static func initialised(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
        }
    }

    @Test func aRunThatDecodesNoFFmpegFileLoadsNoFFmpegLibrary() throws {
        let version = try CLI.run(["--version"], environment: ["LD_DEBUG": "libs"])
        #expect(version.status == 0)
        let loaded = Self.initialised(version.stderr)
        #expect(loaded.contains { $0.contains("libswiftCore") }, "the loader's log was not read: \(version.stderr.prefix(300))")
        #expect(!loaded.contains { $0.contains("libavformat") || $0.contains("libavcodec") }, "\(loaded)")
        // An MP3 goes to libmpg123, not FFmpeg.
        let mp3 = try CLI.run(["inspect", "fixtures/audio/tone-440hz-1s-44k-mono.mp3"], environment: ["LD_DEBUG": "libs"])
        #expect(mp3.status == 0)
        #expect(!Self.initialised(mp3.stderr).contains { $0.contains("libavformat") })
    }

    @Test func anAACFileOpensFFmpegWhenItIsRead() throws {
        let aac = try CLI.run(["inspect", "fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a"], environment: ["LD_DEBUG": "libs"])
        #expect(aac.status == 0)
        #expect(aac.stdout.contains("Codec        AAC (FFmpeg: libavformat + libavcodec)"), "\(aac.stdout)")
        let loaded = Self.initialised(aac.stderr)
        for library in ["libavutil.so.", "libswresample.so.", "libavcodec.so.", "libavformat.so."] {
            #expect(loaded.contains { $0.contains(library) }, "\(library) was not loaded: \(loaded.filter { $0.contains("libav") })")
        }
    }

    /// Where the loader finds libavformat (`ldconfig -p`), or nil.
    static let libavformat: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/sbin/ldconfig")
        process.arguments = ["-p"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").first { $0.contains("libavformat.so.") && $0.contains("x86-64") }
            .flatMap { $0.components(separatedBy: " => ").last.map { String($0) } }
    }()

    /// Whether this process may make a mount namespace (root, as in CI).
    static let canUnshare: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(.enabled(if: libavformat != nil && canUnshare, "needs ldconfig's libavformat and unshare -m (root)"))
    func withoutLibavformatAnAACFileGetsOneLineAndAnMP3StillReads() throws {
        let library = try #require(Self.libavformat)
        // The library replaced by an empty file for this run only, in a mount namespace of its own.
        let hide = ["/usr/bin/unshare", "-m", "/bin/sh", "-c", "mount --bind /dev/null \"\(library)\" && exec \"$0\" \"$@\""]
        let soname = (library as NSString).lastPathComponent
        let aac = CLI.finish(try CLI.start(["inspect", "fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a"], launcher: hide))
        #expect(aac.status == 1)
        #expect(aac.stdout == "")
        let major = soname.split(separator: ".").last.map(String.init) ?? "?"
        #expect(aac.stderr == "fixtures/audio/tone-440-880hz-1s-48k-stereo.m4a: MP4/AAC data: FFmpeg's \(soname) could not be opened (\(library): file too short); install it: apt-get install libavformat\(major)\n")
        let mp3 = CLI.finish(try CLI.start(["inspect", "fixtures/audio/tone-440hz-1s-44k-mono.mp3"], launcher: hide))
        #expect(mp3.status == 0)
        #expect(mp3.stdout.contains("Codec        MP3 (libmpg123, gapless)"), "\(mp3.stdout)\(mp3.stderr)")
    }
}
