// swift-tools-version: 6.1
import PackageDescription

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
        .target(name: "BenchmarkFixtures", dependencies: [.product(name: "WalkscapeCore", package: "main")]),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkFixtures", .product(name: "WalkscapeCore", package: "main"),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]),
        .executableTarget(
            name: "PlayerBenchmarks",
            dependencies: [
                "BenchmarkFixtures", .product(name: "WalkscapeCore", package: "main"), .product(name: "WalkscapeTUI", package: "main"),
                .product(name: "WalkscapeMap", package: "main"), .product(name: "Benchmark", package: "swift-benchmark"),
            ]),
        .executableTarget(
            name: "EngineMemory",
            dependencies: ["BenchmarkFixtures", .product(name: "WalkscapeCore", package: "main")]),
    ],
    swiftLanguageModes: [.v6]
)
