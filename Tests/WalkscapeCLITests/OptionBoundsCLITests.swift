import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Options that set how many things a command makes (fixes, noisy replays) are counted before anything is
/// made, and refused past their `ValueRanges` limit with a usage error naming it. Each run is killed after a
/// minute, so a command that would make things for ever fails the test instead of hanging it.
@Suite struct OptionBoundsCLITests {
    static let trace = "fixtures/traces/torino-portici-brisk.gpx"

    static func run(_ arguments: [String]) throws -> CLIResult {
        try CLI.run(arguments, interruptAfter: 60, signal: SIGKILL)
    }

    @Test(arguments: [
        (["--speed", "1e-300"], "more than 10^12 fixes"),
        (["--interval", "1e-9"], "more than 10^12 fixes"),
        (["--speed", "0.001"], "--speed 0.001 and --interval 1 would make about 3739944 fixes along this tour's 2805 m;"),
        (["--interval", "0.001"], "--speed 1.2 and --interval 0.001 would make about 3116622 fixes along this tour's 2805 m;"),
        (["--pause-at-points", "--interval", "0.002"], "m and pauses; at most"),
    ])
    func synthRefusesMoreFixesThanItsLimit(extra: [String], words: String) throws {
        let result = try Self.run(["synth", "tours/torino-portici"] + extra)
        expectEqual(result.status, 2, "\(extra): \(result.status) \(result.stderr)")
        expectTrue(result.stdout.isEmpty)
        expectTrue(result.stderr.contains(words), "\(result.stderr)")
        expectContains(result.stderr, "at most \(ValueRanges.maxSyntheticFixes) are made: raise --speed or --interval", "\(result.stderr)")
    }

    @Test func synthMakesASlowWalkUnderTheLimit() throws {
        // 2.8 km at 0.1 m/s, a fix every 0.5 s: about 75,000 fixes at most, under the limit.
        let result = try Self.run(["synth", "tours/torino-portici", "--speed", "0.1", "--interval", "0.5", "--format", "geojson"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "fixes")
    }

    @Test func radiiRefusesMoreNoisyReplaysThanItsLimit() throws {
        let result = try Self.run(["radii", "tours/torino-portici", "--trace", Self.trace, Self.trace, "--noise", "5", "--runs", "100000", "--phases", "6"])
        expectEqual(result.status, 2, "\(result.stderr)")
        expectContains(result.stderr, "--runs 100000 × 2 traces × 6 phases would make 1200000 noisy replays; at most \(ValueRanges.maxNoiseReplays): lower --runs or --phases.", "\(result.stderr)")
        expectTrue(result.stdout.isEmpty)
    }

    /// `compare` replays each walk under every profile and, with --phases, at every phase: 700 walks under the
    /// four default profiles at 360 phases would be 1,008,000 replays, refused before a trace is read. (700,
    /// not more: swift-argument-parser took 20 s of CPU to parse 3,000 repeated --trace options in a debug build.)
    @Test func compareRefusesMoreReplaysThanItsLimit() throws {
        let traces = Array(repeating: ["--trace", Self.trace], count: 700).flatMap { $0 }
        let result = try Self.run(["compare", "tours/torino-portici"] + traces + ["--phases", "360"])
        expectEqual(result.status, 2, "\(result.stderr)")
        expectContains(result.stderr, "700 traces × \(EngineProfile.current.count) profiles × 360 phases would make \(700 * EngineProfile.current.count * 360) replays; at most \(ValueRanges.maxComparisonReplays): give fewer --trace or lower --phases.", "\(result.stderr)")
        expectTrue(result.stdout.isEmpty)
    }

    /// The CLI probe's `repeat` reader: `dashboard` given 20,000 files parsed for over 3 minutes (the argument
    /// parser is quadratic in positional words too). Words that are not options are counted before parsing.
    @Test func positionalWordsAreCountedBeforeParsing() throws {
        let files = Array(repeating: "fixtures/report/example-data.json", count: 20_000)
        let result = try Self.run(["dashboard"] + files)
        expectEqual(result.status, 2, "\(result.stderr)")
        expectEqual(result.stderr, "Error: 20000 arguments that are not options (files, values); at most 2500: give fewer files, or split the run.\n")
        expectTrue(result.stdout.isEmpty)
        // At the limit, the command runs (and says what is wrong with the file).
        let fine = try Self.run(["dashboard"] + Array(files.prefix(2_499)))
        expectEqual(fine.status, 1, "\(fine.stderr)")
        expectTrue(!fine.stderr.contains("arguments that are not options"), "\(fine.stderr)")
    }

    /// Issue 46 item 8: under the replay cap, `compare` could still run for 25 minutes (1,000 traces × 250
    /// phases). The fixes it would replay are counted first and a run over the budget is refused, with its
    /// estimated time, before a table is printed: 150 walks of 1,400 fixes × 4 profiles × 250 phases is
    /// 210,000,000 fixes, about 6 minutes.
    @Test func compareRefusesAWorkloadOverItsBudgetBeforeReplaying() throws {
        let traces = Array(repeating: ["--trace", Self.trace], count: 150).flatMap { $0 }
        let result = try Self.run(["compare", "tours/torino-portici"] + traces + ["--phases", "250"])
        expectEqual(result.status, 2, "\(result.stderr)")
        let profiles = EngineProfile.current.count
        expectEqual(result.stderr, "compare: 150 traces of 210000 fixes in all × \(profiles) profiles × 250 phases would replay \(210_000 * profiles * 250) fixes "
            + "(about \(profiles == 4 ? "6" : "?") min); one run replays at most 200000000 (about 6 min): give fewer --trace or --profile, "
            + "or lower --phases, or split the walks over several runs.\n")
        expectTrue(result.stdout.isEmpty)
    }

    /// `radii` keeps a window of K fixes per point and radius: a K of 2^32 asked for 34 GB and trapped, 2^63 − 1
    /// crashed on a signal. The option and a suite's `confirmFixes` are held to 1–1,000.
    @Test(arguments: ["4294967296", "9223372036854775807", "1001", "0"])
    func confirmFixesIsBoundedForEveryCommandAndSuite(value: String) throws {
        for command in [["radii", "tours/torino-portici", "--trace", Self.trace], ["simulate", "tours/torino-portici", "--trace", Self.trace]] {
            let result = try Self.run(command + ["--confirm-fixes", value])
            expectEqual(result.status, 2, "\(command[0]) \(value): \(result.status) \(result.stderr)")
            expectContains(result.stderr, "--confirm-fixes must be from 1 to 1000 consecutive fixes, got \(value).", "\(result.stderr)")
        }
        let dir = NSTemporaryDirectory() + "walkscape-bounds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let root = repositoryRoot
        try """
            {"cases": [{"tour": "\(root)/tours/torino-portici", "trace": "\(root)/\(Self.trace)", "lang": "it",
              "golden": "\(root)/fixtures/golden/torino-portici-brisk.jsonl", "options": {"confirmFixes": \(value)}}]}
            """.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        let suite = try Self.run(["check", "--suite", dir + "/suite.json"])
        expectEqual(suite.status, 2, "\(suite.stdout)\(suite.stderr)")
        expectContains(suite.stderr, "cases[0].options.confirmFixes: error: expected a whole number from 1 to 1000, as --confirm-fixes takes", "\(suite.stderr)")
    }

    /// One option repeated past 1,000 times, or 50,000 arguments in all, is refused before the arguments are
    /// parsed (swift-argument-parser is quadratic in the repeats: 10,000 `--screen-locked` took 93 s in the debug
    /// build, 4,000 `--trace` 21 s, before their own checks refused them), naming the option and the count.
    @Test func anOptionRepeatedPastItsLimitIsRefusedBeforeParsing() throws {
        let locked = try Self.run(["simulate", "tours/torino-portici", "--trace", Self.trace] + Array(repeating: ["--screen-locked", "0-1"], count: 10_000).flatMap { $0 })
        expectEqual(locked.status, 2, "\(locked.stderr)")
        expectEqual(locked.stderr, "Error: --screen-locked given 10000 times; at most 1000.\n")
        let traces = try Self.run(["compare", "tours/torino-portici", "--phases", "0"] + Array(repeating: ["--trace", Self.trace], count: 4_000).flatMap { $0 })
        expectEqual(traces.stderr, "Error: --trace given 4000 times; at most 1000.\n")
        let many = try Self.run(["info"] + Array(repeating: "x", count: 50_000))
        expectEqual(many.status, 2)
        expectContains(many.stderr, "Error: 50001 arguments; at most 50000")
        // At the limit, the command runs.
        let thousand = try Self.run(["simulate", "tours/torino-portici", "--trace", Self.trace] + Array(repeating: ["--screen-locked", "0-1"], count: 1_000).flatMap { $0 })
        expectEqual(thousand.status, 0, "\(thousand.stderr)")
    }
}
