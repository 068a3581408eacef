import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Issue 47: each Android build's walk rules against an independent port of the app's code
/// (tools/reference/android_app.py: its own fix delivery, Vincenty distances, cursor and completion, no code
/// shared with the engine). 1.1.1-beta completes early; every build from 1.1.3-beta on has the fix. The triggers,
/// starts, cuts and completion agree to the millisecond on the sample walks, the crafted profile walks and
/// synthetic walks with GPS noise.
@Suite struct AndroidPortCLITests {
    static let tour = "tours/torino-portici"
    static let builds: [(profile: String, completion: String)] = [
        ("android-app@5c84126", "early"), ("android-app@1.1.3-beta", "fixed"), ("android-app@1.1.4-beta", "fixed"), ("android-app@1.1.8", "fixed"),
        ("android-app@1.1.9", "fixed"), ("android-app@1.1.10", "fixed"), ("android-app@1.1.11", "fixed"), ("android-app@efba3ee", "fixed"),
    ]
    static let kinds: Set<String> = ["point_triggered", "audio_started", "tour_completed", "audio_cut"]

    /// The port's events for `trace`, as `t event point` lines.
    static func port(_ trace: String, completion: String) throws -> [String] {
        let run = try ChildProcess.run(
            ["/usr/bin/env", "python3", repositoryRoot + "/tools/reference/android_app.py", repositoryRoot + "/" + tour, trace, "--completion", completion])
        expectEqual(run.status, 0, "\(run.output)")
        return try run.output.split(separator: "\n").map { line in
            let event = try JSONParser().parse(Array(line.utf8))
            let t = String(format: "%.3f", event["t"]?.doubleValue ?? .nan)
            return "\(t) \(event["event"]?.stringValue ?? "?") \(event["point"]?.intValue.map(String.init) ?? "-")"
        }
    }

    /// walkscape's events of the same kinds under `profile`.
    static func ours(_ trace: String, profile: String) throws -> [String] {
        let result = try CLI.run(["simulate", tour, "--trace", trace, "--profile", profile])
        expectEqual(result.status, 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").compactMap { line in
            let event = try JSONParser().parse(Array(line.utf8))
            guard let kind = event["event"]?.stringValue, kinds.contains(kind) else { return nil }
            let t = String(format: "%.3f", event["t"]?.doubleValue ?? .nan)
            return "\(t) \(kind) \(event["point"]?.intValue.map(String.init) ?? "-")"
        }
    }

    @Test func everyAndroidBuildAgreesWithThePort() throws {
        let folder = NSTemporaryDirectory() + "walkscape-android-port-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var traces = ["clean", "noisy", "brisk", "missed"].map { repositoryRoot + "/fixtures/traces/torino-portici-\($0).gpx" }
        traces += ["brief-pass", "edge-jitter", "last-flagged", "leave-then-next", "poor-accuracy"].map { repositoryRoot + "/fixtures/traces-profiles/torino-\($0).gpx" }
        for seed in [3, 11] {
            let synth = try CLI.run(["synth", Self.tour, "--noise", "6", "--seed", "\(seed)", "--pause-at-points"])
            expectEqual(synth.status, 0, "\(synth.stderr)")
            let path = folder + "/synth-\(seed).gpx"
            try Data(synth.stdout.utf8).write(to: URL(fileURLWithPath: path))
            traces.append(path)
        }
        var early = 0
        for trace in traces {
            let expected = ["early": try Self.port(trace, completion: "early"), "fixed": try Self.port(trace, completion: "fixed")]
            // The two completions differ on every walk that reaches the last points: the test can tell them apart.
            if expected["early"] != expected["fixed"] { early += 1 }
            for build in Self.builds {
                let ours = try Self.ours(trace, profile: build.profile)
                expectEqual(ours, expected[build.completion], "\(build.profile) on \((trace as NSString).lastPathComponent)")
            }
        }
        expectTrue(early >= traces.count - 2, "\(early) of \(traces.count) walks tell the completions apart")
    }
}
