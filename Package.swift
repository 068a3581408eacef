// swift-tools-version: 6.1
import PackageDescription

/// walkscape: a terminal tour player simulator for GPS-triggered audio walking tours.
///
/// Layers, from the inside out:
/// - `WalkscapeCore`: pure core, no I/O (JSON, geo maths, tour model, routes, subtitles, validation rules).
/// - `WalkscapeSystem`: the little every I/O target shares with the system: monotonic clocks, scratch files,
///   message digests (SHA-256 and MD5 through libcrypto).
/// - `WalkscapeAudio`: audio adapters over libmpg123, libsndfile, FFmpeg, librubberband and libpulse.
/// - `WalkscapeTraces`: GPS position formats: trace files (GPX, KML, NMEA, GeoJSON, gzip) read in a stream and
///   written, NMEA sentences out, gpsd's JSON reports.
/// - `WalkscapeRemoteModel`: the backend's API shapes and their assembly into a tour, and the sources `walkscape
///   import` reads into them (pure: no network, no files).
/// - `WalkscapeTours`: tour files on disk (loading, asset checks, validation, manifest rewriting, catalogue).
/// - `WalkscapeRemote`: the backend's REST API over libcurl (catalogue, downloads with resume and the map's tiles, vouchers,
///   analytics).
/// - `WalkscapeMap`: the offline map's tiles: MBTiles through SQLite, Mapbox Vector Tiles through swift-protobuf.
/// - `WalkscapeRuntime`: one runtime for every walk: clocks, fix sources, sinks (audio, timeline) and `Walk`,
///   which steps a source through the core's `EngineDriver`; `StopSignals`.
/// - `WalkscapeTUI`: rendering into an in-memory cell grid (the core only: it draws frames, not walks).
/// - `WalkscapeTerminal`: the ncurses backend that flushes the grid to a real terminal.
/// - `WalkscapeLive`: positions out to other GPS software (NMEA over a pty, TCP, UDP; the Android emulator
///   console): the fix sinks `feed` drives.
/// - `WalkscapeCollector`: a local `POST /analytics/events` collector over SwiftNIO.
/// - `WalkscapePlayer`: the terminal app's loop (the player screen over a `TerminalBackend`, the terminal
///   session), the player's reducer over its walk (`Player.reduce`, `PlayerSession`), the tours' texts for the player.
/// - `WalkscapeDashboard`: what the backend's CMS analytics would show for event files (`walkscape dashboard`): its
///   `admin-analytics.service.ts` ported at two versions.
/// - `WalkscapeFieldReport`: the field report (`walkscape report`): one self-contained HTML page with the map, the
///   walks' timelines, the narrations and the radii advice, built from loaded tours, traces and timelines.
///
/// docs/architecture.md's `layers` block is the intended graph; `LayerGraphTests` holds these dependencies and
/// every `import` under Sources/ to it.
/// - `WalkscapeCLI`: the commands, over swift-argument-parser; `walkscape` is its thin executable.
let package = Package(
    name: "walkscape",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "walkscape", targets: ["walkscape"]),
        .library(name: "WalkscapeCore", targets: ["WalkscapeCore"]),
        .library(name: "WalkscapeTUI", targets: ["WalkscapeTUI"]),
        .library(name: "WalkscapeMap", targets: ["WalkscapeMap"]),
        .library(name: "WalkscapeRuntime", targets: ["WalkscapeRuntime"]),
        .library(name: "WalkscapePlayer", targets: ["WalkscapePlayer"]),
        // For Benchmarks/ (FrameTiming plays the sample tours through the player's loop).
        .library(name: "WalkscapeAudio", targets: ["WalkscapeAudio"]),
        .library(name: "WalkscapeTours", targets: ["WalkscapeTours"]),
        .library(name: "WalkscapeTraces", targets: ["WalkscapeTraces"]),
        .library(name: "WalkscapeSystem", targets: ["WalkscapeSystem"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Vector tile decoding (the offline map): the library only; its generated code is committed. Its two
        // default traits are off: walkscape uses neither API, and SwiftPM 6.3 passes enabled traits to the
        // compiler as -D flags in a different order from one invocation to the next, so every other build
        // (`make install` after `swift build --build-tests`) compiled SwiftProtobuf again (22-28 s of CPU).
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CMpg123", path: "Sources/CMpg123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(
            name: "CSndfile", path: "Sources/CSndfile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CPulse", path: "Sources/CPulse", pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(
            name: "CSamplerate", path: "Sources/CSamplerate", pkgConfig: "samplerate",
            providers: [.apt(["libsamplerate0-dev"])]),
        // FFmpeg's headers (libavformat-dev, libavcodec-dev, libswresample-dev, libavutil-dev), and its libraries
        // opened on first use instead of linked (Sources/CFFmpeg/include/CFFmpeg.h says why).
        .target(name: "CFFmpeg", path: "Sources/CFFmpeg"),
        .systemLibrary(
            name: "CRubberBand", path: "Sources/CRubberBand", pkgConfig: "rubberband",
            providers: [.apt(["librubberband-dev"])]),
        .systemLibrary(
            name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CGeodesic", path: "Sources/CGeodesic", pkgConfig: "proj",
            providers: [.apt(["libproj-dev"])]),
        .systemLibrary(
            name: "CSQLite3", path: "Sources/CSQLite3", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CNcursesw", path: "Sources/CNcursesw", pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]),
        // libxml2: only the fuzz targets' GPX well-formedness oracle (GPXWellFormed) uses it.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),

        .target(name: "WalkscapeCore", dependencies: ["CGeodesic"]),
        .target(name: "WalkscapeSystem", dependencies: ["CLibCrypto"]),
        .target(
            name: "WalkscapeAudio",
            dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeReports", "CMpg123", "CSndfile", "CFFmpeg", "CRubberBand", "CPulse", "CSamplerate"]),
        .target(
            name: "WalkscapeTours",
            dependencies: [
                "WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio", "WalkscapeMap", "WalkscapeReports", "WalkscapeTraces",
                "WalkscapeRemoteModel",
            ]),
        .target(name: "WalkscapeTraces", dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeReports", "CZlib"]),
        // The backend's API shapes and their assembly into a tour, and the sources `walkscape import` reads into them: pure.
        .target(name: "WalkscapeRemoteModel", dependencies: ["WalkscapeCore", "WalkscapeTraces"]),
        .target(
            name: "WalkscapeRemote",
            dependencies: [
                "WalkscapeCore", "WalkscapeSystem", "WalkscapeReports", "WalkscapeAudio", "WalkscapeTours", "WalkscapeMap", "WalkscapeRemoteModel", "CCurl",
            ]),
        .target(
            name: "WalkscapeMap",
            dependencies: [
                "WalkscapeCore", "WalkscapeSystem", "WalkscapeRemoteModel", "CZlib", "CSQLite3", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            exclude: ["Proto/vector_tile.proto"]),
        .target(name: "WalkscapeRuntime", dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio"]),
        // The field report (`walkscape report`): one self-contained HTML page; its template is a Swift raw string (ReportPageTemplate).
        .target(
            name: "WalkscapeFieldReport", dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio", "WalkscapeTraces", "WalkscapeReports", "WalkscapeTours", "WalkscapeReplay"]),
        .target(name: "WalkscapeTUI", dependencies: ["WalkscapeCore"]),
        .target(name: "WalkscapeTerminal", dependencies: ["WalkscapeTUI", "CNcursesw"]),
        // posix_openpt, grantpt, unlockpt and ptsname_r, which Swift's Glibc module does not declare.
        .target(name: "CPseudoTerminal"),
        .target(name: "WalkscapeLive", dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeTraces", "WalkscapeRuntime", "CPseudoTerminal"]),
        .target(
            name: "WalkscapeCollector",
            dependencies: [
                "WalkscapeCore", "WalkscapeRemoteModel", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(
            name: "WalkscapePlayer",
            dependencies: [
                "WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio", "WalkscapeRuntime", "WalkscapeTUI", "WalkscapeTerminal", "WalkscapeTours",
                "WalkscapeTraces", "WalkscapeReplay", "WalkscapeLive", "WalkscapeReports",
            ]),
        // Text and JSON of the core's results for people and tools: tables, number formats, reports.
        .target(name: "WalkscapeReports", dependencies: ["WalkscapeCore"]),
        // `walkscape dashboard`: the backend's admin analytics (admin-analytics.service.ts) ported, over event files.
        .target(name: "WalkscapeDashboard", dependencies: ["WalkscapeCore", "WalkscapeReports", "WalkscapeRemoteModel"]),
        // Headless walks: a tour and a trace read together for a replay, check suites and their runner, radius write-back.
        .target(name: "WalkscapeReplay", dependencies: ["WalkscapeCore", "WalkscapeSystem", "WalkscapeTours", "WalkscapeTraces", "WalkscapeReports", "WalkscapeTUI", "WalkscapeAudio"]),
        .target(
            name: "WalkscapeCLI",
            dependencies: [
                "WalkscapeReplay", "WalkscapeReports", "WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio", "WalkscapeTours", "WalkscapeTraces", "WalkscapeTUI", "WalkscapeTerminal",
                "WalkscapeRemote", "WalkscapeRemoteModel", "WalkscapeRuntime", "WalkscapePlayer", "WalkscapeLive", "WalkscapeCollector", "WalkscapeMap",
                "WalkscapeFieldReport", "WalkscapeDashboard", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "walkscape", dependencies: ["WalkscapeCLI"]),

        // Helpers the test targets share (running the binary and other programs, the test API server, expectTrue and
        // expectEqual: #expect without the macro, which the type checker was slow on).
        .target(name: "WalkscapeTestSupport", dependencies: ["WalkscapeCore"], path: "Tests/WalkscapeTestSupport"),
        .testTarget(
            name: "WalkscapeCoreTests",
            dependencies: ["WalkscapeCore", "WalkscapeTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "WalkscapeAudioTests", dependencies: ["WalkscapeAudio", "WalkscapeSystem", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeToursTests", dependencies: ["WalkscapeTours", "WalkscapeAudio", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeSystemTests", dependencies: ["WalkscapeSystem", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeReportsTests", dependencies: ["WalkscapeReports", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeDashboardTests", dependencies: ["WalkscapeDashboard", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeReplayTests", dependencies: ["WalkscapeReplay", "WalkscapeCore", "WalkscapeSystem", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeTracesTests", dependencies: ["WalkscapeTraces", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeRemoteModelTests", dependencies: ["WalkscapeRemoteModel", "WalkscapeTraces", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeRemoteTests", dependencies: ["WalkscapeRemote", "WalkscapeRemoteModel", "WalkscapeTours", "WalkscapeMap", "WalkscapeCore", "WalkscapeTestSupport"], exclude: ["server"]),
        .testTarget(name: "WalkscapeMapTests", dependencies: ["WalkscapeMap", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeLiveTests", dependencies: ["WalkscapeLive", "WalkscapeTraces", "WalkscapeRuntime", "WalkscapeAudio", "WalkscapeCore", "WalkscapeTestSupport"]),
        .testTarget(name: "WalkscapeRuntimeTests", dependencies: ["WalkscapeRuntime", "WalkscapeCore", "WalkscapeSystem", "WalkscapeAudio", "WalkscapeTestSupport"]),
        .testTarget(
            name: "WalkscapePlayerTests",
            dependencies: [
                "WalkscapePlayer", "WalkscapeTUI", "WalkscapeRuntime", "WalkscapeAudio", "WalkscapeSystem", "WalkscapeTours", "WalkscapeCore",
                "WalkscapeTestSupport",
            ]),
        .testTarget(name: "WalkscapeTUITests", dependencies: ["WalkscapeTUI", "WalkscapeMap", "WalkscapeTestSupport"], exclude: ["Snapshots"]),
        .testTarget(
            name: "WalkscapeFieldReportTests",
            dependencies: ["WalkscapeFieldReport", "WalkscapeTours", "WalkscapeTraces", "WalkscapeReports", "WalkscapeCore", "WalkscapeTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "WalkscapeCLITests", dependencies: ["WalkscapeCore", "WalkscapeAudio", "WalkscapeTestSupport"], exclude: ["Golden"]),
        // The fuzz targets (Fuzz/Targets, built with libFuzzer by Fuzz/build.sh for `make fuzz`) compiled as
        // plain functions: `make test` replays every seed and every saved regression through them.
        .testTarget(
            name: "WalkscapeFuzzReplayTests",
            dependencies: ["WalkscapeCore", "WalkscapeTraces", "WalkscapeRemoteModel", "WalkscapeAudio", "WalkscapeMap", "CLibXML2"],
            path: "Fuzz",
            exclude: ["Seeds", "Regressions", "Dictionaries", "build.sh", "run.sh", "seeds.sh", "grammar.sh", "show-input.sh", "gpx_grammar.py", "srt_oracle.py"],
            sources: ["Targets", "Support", "Replay"]),
    ],
    swiftLanguageModes: [.v6]
)
