import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `check`'s suite files and golden files: misspelt keys are refused; goldens record what made them.
@Suite struct CheckProvenanceCLITests {
    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "walkscape-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `DIR/suite.json` with one case (the brisk Turin walk against its golden), `options` inside its
    /// `options` object and `extra` after it, and runs `check --suite` on it.
    func runSuite(in dir: String, extra: String, options: String) throws -> CLIResult {
        let root = repositoryRoot
        let text = """
            {"cases": [{"name": "n", "tour": "\(root)/tours/torino-portici", "trace": "\(root)/fixtures/traces/torino-portici-brisk.gpx",
              "lang": "it", "golden": "\(root)/fixtures/golden/torino-portici-brisk.jsonl", "options": {\(options)}\(extra)}]}
            """
        try text.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        return try CLI.run(["check", "--suite", dir + "/suite.json"])
    }

    @Test func misspeltSuiteKeysAreUsageErrorsNamingTheClosestKey() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func suite(_ extra: String, options: String = "") throws -> CLIResult { try runSuite(in: dir, extra: extra, options: options) }
        let fine = try suite("")
        expectEqual(fine.status, 0, "\(fine.stdout)\(fine.stderr)")
        let option = try suite("", options: "\"queueDepht\": 0")
        expectEqual(option.status, 2)
        expectEqual(option.stderr, "\(dir)/suite.json: cases[0].options.queueDepht: error: unknown key \"queueDepht\"; did you mean \"queueDepth\"?\n")
        let tolerance = try suite(", \"tolerence\": 5")
        expectEqual(tolerance.stderr, "\(dir)/suite.json: cases[0].tolerence: error: unknown key \"tolerence\"; did you mean \"tolerance\"?\n")
        let lang = try suite(", \"langg\": \"en\"")
        expectContains(lang.stderr, "unknown key \"langg\"; did you mean \"lang\"?")
        let skip = try suite("", options: "\"skipMised\": true")
        expectContains(skip.stderr, "did you mean \"skipMissed\"?")
    }

    /// A failing check shows the golden's lines and its provenance record: escape sequences in them (JSON-escaped
    /// ESC in the record, a raw C1 CSI, which JSON lets stand inside a string, in an event line) never reach the
    /// terminal.
    @Test func aFailingCheckShowsTheGoldensTextWithoutItsEscapeSequences() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var lines = try String(contentsOfFile: repositoryRoot + "/fixtures/golden/torino-portici-brisk.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let record = try #require(lines.indices.last)
        lines[record] = lines[record]
            .replacingOccurrences(of: "\"language\":\"it\"", with: #""language":"\u001b]52;c;aGk=\u0007en""#)
            .replacingOccurrences(of: "\"walkscape\":\"0.1.0\"", with: #""walkscape":"\u001b[2J0.1.0""#)
        expectTrue(lines[record].contains("u001b]52"))
        lines[1] = lines[1].replacingOccurrences(of: "\"event\":\"", with: "\"event\":\"\u{9B}31m")
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/golden.jsonl", atomically: true, encoding: .utf8)
        let result = try CLI.run([
            "check", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-brisk.gpx", "--lang", "it", "--expect", dir + "/golden.jsonl",
        ])
        expectEqual(result.status, 1, "\(result.stdout)\(result.stderr)")
        expectContains(result.stdout, "why: the golden was made with narration en, this run uses it", "\(result.stdout)")
        expectContains(result.stdout, "event point_entered, expected 31mpoint_entered", "\(result.stdout)")
        expectContains(result.stdout, "expected:   {\"t\":")
        for output in [result.stdout, result.stderr] {
            expectTrue(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" }, "\(output.debugDescription)")
        }
    }

    /// A suite's case names and golden paths are shown without their escape sequences, failing, updating or
    /// missing alike.
    @Test func suiteNamesAndGoldenPathsAreShownWithoutEscapeSequences() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let root = repositoryRoot
        let text = """
            {"cases": [{"name": "a\\u001b]0;title\\u0007b", "tour": "\(root)/tours/torino-portici", "trace": "\(root)/fixtures/traces/torino-portici-brisk.gpx",
              "lang": "it", "golden": "g\\u001b[2J.jsonl"}]}
            """
        try text.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        let missing = try CLI.run(["check", "--suite", dir + "/suite.json"])
        expectTrue(missing.status == 2 && missing.stdout.contains("ERROR   ab\n") && missing.stdout.contains("/g.jsonl: cannot be read"), "\(missing.stdout)")
        let updated = try CLI.run(["check", "--suite", dir + "/suite.json", "--update"])
        expectTrue(updated.status == 0 && updated.stdout.contains("updated ab ("), "\(updated.stdout)")
        for output in [missing.stdout, missing.stderr, updated.stdout, updated.stderr] {
            expectTrue(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(output.debugDescription)")
        }
    }

    /// A suite's numbers are held to the ranges the command line's options are: a walking speed that
    /// `--walk-speed` refuses (it was taken, then ignored when timing a trace without times) is refused with
    /// where it is; so are tolerances, phases and shares out of range.
    @Test func suiteNumbersOutOfRangeAreRefusedWhereTheyAre() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func suite(_ extra: String, options: String = "") throws -> CLIResult { try runSuite(in: dir, extra: extra, options: options) }
        for speed in ["1e-300", "0.05", "10.5", "1e308"] {
            let slow = try suite("", options: "\"walkSpeed\": \(speed)")
            expectEqual(slow.status, 2, "walkSpeed \(speed): \(slow.stdout)")
            expectEqual(slow.stderr, "\(dir)/suite.json: cases[0].options.walkSpeed: error: expected metres a second from 0.1 to 10, as --walk-speed takes\n")
        }
        try expectEqual(suite("", options: "\"walkSpeed\": 10").status, 0)
        try expectTrue(suite(", \"tolerance\": 1e309").stderr.contains("cases[0].tolerance: error: expected seconds ≥ 0"))
        try expectTrue(suite(", \"phases\": 361").stderr.contains("cases[0].phases: error: expected a whole number from 1 to 360"))
        try expectTrue(suite(", \"minShare\": 1.5").stderr.contains("cases[0].minShare: error: expected a share from 0 to 1"))
    }

    @Test func goldensRecordWhatMadeThemAndCheckSaysWhenTheTourChanged() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let golden = try String(contentsOfFile: repositoryRoot + "/fixtures/golden/torino-portici-brisk.jsonl", encoding: .utf8)
        let record = try #require(GoldenProvenance.find(in: golden))
        expectTrue(record.walkscape == "0.1.0" && record.tour == "torino-portici" && record.language == "it" && record.tourSHA256.count == 64)
        // An older golden (no record) is read as before.
        let old = dir + "/old.jsonl"
        try golden.split(separator: "\n").dropLast().map { $0 + "\n" }.joined().write(toFile: old, atomically: true, encoding: .utf8)
        let trace = "fixtures/traces/torino-portici-brisk.gpx"
        try expectEqual(CLI.run(["check", "tours/torino-portici", "--trace", trace, "--lang", "it", "--expect", old]).status, 0)
        // The same golden against a changed tour: the mismatch is blamed on the tour, not the rules.
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici", toPath: dir + "/tour")
        let json = dir + "/tour/tour.json"
        let text = try String(contentsOfFile: json, encoding: .utf8)
            .replacingOccurrences(of: #""triggerRadiusMeters": [0-9.]+"#, with: "\"triggerRadiusMeters\": 5", options: .regularExpression)
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        let expect = repositoryRoot + "/fixtures/golden/torino-portici-brisk.jsonl"
        let changed = try CLI.run(["check", dir + "/tour", "--trace", trace, "--lang", "it", "--expect", expect])
        expectEqual(changed.status, 1)
        expectContains(changed.stdout, "why: the tour changed since the golden was made (tour.json and audio lengths: sha256 \(record.tourSHA256.prefix(12))… then,", "\(changed.stdout)")
        // Other options, same tour: said too.
        let options = try CLI.run(["check", "tours/torino-portici", "--trace", trace, "--lang", "it", "--expect", expect, "--queue-depth", "0"])
        expectEqual(options.status, 1)
        expectContains(options.stdout, "why: the golden was made with other options: ", "\(options.stdout)")
        expectTrue(!options.stdout.contains("the tour changed"))
    }
}
