// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The main package's identity: the name of the folder it is checked out in (`main`, a worktree's name, CI's
/// clone), which SwiftPM uses for a path dependency.
let walkscape = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().resolvingSymlinksInPath().lastPathComponent

/// walkscape's in-process benchmarks, kept out of the main package so that `swift build` there stays lean.
/// Run from this folder: `swift run -c release EngineBenchmarks` and `swift run -c release EngineMemory`
/// (or `tools/bench/engine.sh` from the repository root).
let package = Package(
    name: "walkscape-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .target(name: "BenchmarkFixtures", dependencies: [.product(name: "WalkscapeCore", package: walkscape)]),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkFixtures", .product(name: "WalkscapeCore", package: walkscape),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]),
        .executableTarget(
            name: "PlayerBenchmarks",
            dependencies: [
                "BenchmarkFixtures", .product(name: "WalkscapeCore", package: walkscape), .product(name: "WalkscapeTUI", package: walkscape),
                .product(name: "WalkscapePlayer", package: walkscape), .product(name: "WalkscapeMap", package: walkscape),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]),
        .executableTarget(
            name: "FrameTiming",
            dependencies: [
                .product(name: "WalkscapeCore", package: walkscape), .product(name: "WalkscapeAudio", package: walkscape),
                .product(name: "WalkscapeRuntime", package: walkscape), .product(name: "WalkscapeTUI", package: walkscape),
                .product(name: "WalkscapePlayer", package: walkscape), .product(name: "WalkscapeTours", package: walkscape),
                .product(name: "WalkscapeTraces", package: walkscape), .product(name: "WalkscapeSystem", package: walkscape),
            ]),
        .executableTarget(
            name: "EngineMemory",
            dependencies: ["BenchmarkFixtures", .product(name: "WalkscapeCore", package: walkscape)]),
    ],
    swiftLanguageModes: [.v6]
)
