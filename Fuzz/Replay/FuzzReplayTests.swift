import Foundation
import Testing

/// Every fuzz target's seeds (made by `Fuzz/seeds.sh`, the campaigns' own rules) and every input a campaign
/// saved in `Fuzz/Regressions/TARGET` replayed once through the target's function, built as plain code: an
/// input that breaks a target's invariant fails here, in `make test`, without building the libFuzzer targets
/// (those run in `make fuzz`, docs/reliability.md). A crash or a trap fails the test run as a whole.
@Suite(.serialized) struct FuzzReplayTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let targets: [(String, @Sendable (UnsafeRawPointer?, Int) -> CInt)] = [
        ("AACProbe", fuzzAACProbe), ("Analytics", fuzzAnalytics), ("AudioProbe", fuzzAudioProbe), ("Collector", fuzzCollector),
        ("GPSD", fuzzGPSD), ("GPX", fuzzGPX), ("GPXWellFormed", fuzzGPXWellFormed), ("GeoJSON", fuzzGeoJSON),
        ("GooglePolyline", fuzzGooglePolyline), ("Gzip", fuzzGzip), ("ImportSources", fuzzImportSources), ("KML", fuzzKML),
        ("LatLngListPolyline", fuzzLatLngListPolyline), ("NMEA", fuzzNMEA), ("RemoteAnswers", fuzzRemoteAnswers), ("SRT", fuzzSRT),
        ("TextDecoder", fuzzTextDecoder), ("TourJSON", fuzzTourJSON), ("VectorTile", fuzzVectorTile),
    ]

    /// Every target in Fuzz/Targets is replayed (a new one must be added above).
    @Test func everyTargetIsReplayed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Fuzz/Targets").filter { $0.hasSuffix(".swift") }
        #expect(Set(files.map { String($0.dropLast(6)) }) == Set(Self.targets.map(\.0)))
    }

    @Test(arguments: FuzzReplayTests.targets.map(\.0))
    func replaysSeedsAndRegressions(target: String) throws {
        let run = try #require(Self.targets.first { $0.0 == target }?.1)
        let seeds = NSTemporaryDirectory() + "walkscape-fuzz-replay-\(target)-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: seeds) }
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: "/bin/bash")
        maker.arguments = [Self.root + "/Fuzz/seeds.sh", target, seeds]
        try maker.run()
        maker.waitUntilExit()
        #expect(maker.terminationStatus == 0, "Fuzz/seeds.sh \(target) failed")
        var inputs: [String] = []
        for folder in [seeds, Self.root + "/Fuzz/Regressions/" + target] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            inputs += names.sorted().map { folder + "/" + $0 }
        }
        #expect(!inputs.isEmpty, "\(target) has no seeds and no regressions")
        for path in inputs {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let before = FuzzSupport.brokenInvariants.withLock { $0.count }
            _ = data.withUnsafeBytes { run($0.baseAddress, $0.count) }
            let broken = FuzzSupport.brokenInvariants.withLock { Array($0[before...]) }
            #expect(broken.isEmpty, "\(target) on \(path): \(broken.joined(separator: "; "))")
        }
    }
}
