import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeReplay

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@Suite struct CheckRunnerTests {
    private func clean(golden: String) -> CheckCase {
        CheckCase(
            name: "clean", tour: repositoryRoot + "/tours/torino-portici", trace: repositoryRoot + "/fixtures/traces/torino-portici-clean.gpx",
            language: "it", golden: golden, policy: .standard, walkSpeed: 1.2, tolerance: 0.5)
    }

    @Test func theCommittedGoldenTimelinePasses() {
        let result = CheckRunner(update: false).run(clean(golden: repositoryRoot + "/fixtures/golden/torino-portici-clean.jsonl"))
        expectEqual(result.outcome, .passed)
        expectTrue(result.warnings.isEmpty)
    }

    @Test func aMovedEventFailsWithTheFirstDivergenceAndUpdateWritesTheTimelineBack() throws {
        let original = try String(contentsOfFile: repositoryRoot + "/fixtures/golden/torino-portici-clean.jsonl", encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"point_triggered\"") })
        // Move the first trigger 30 s later.
        let t = try #require(lines[index].range(of: #""t":[0-9.]+"#, options: .regularExpression))
        let value = Double(lines[index][t].dropFirst(4))! + 30
        lines[index].replaceSubrange(t, with: "\"t\":\(value)")
        let path = NSTemporaryDirectory() + "walkscape-golden-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        guard case let .failed(message) = CheckRunner(update: false).run(clean(golden: path)).outcome else {
            Issue.record("a golden timeline with a moved trigger passed")
            return
        }
        expectTrue(message.hasPrefix("timeline differs from \(path) at event "))
        expectContains(message, "(run with --update to accept the new timeline)")
        expectEqual(CheckRunner(update: true).run(clean(golden: path)).outcome, .updated)
        expectEqual(CheckRunner(update: false).run(clean(golden: path)).outcome, .passed)
    }

    @Test func aMissingGoldenFileIsABrokenCaseNotAFailure() {
        guard case let .broken(message) = CheckRunner(update: false).run(clean(golden: "/nonexistent/g.jsonl")).outcome else {
            Issue.record("a missing golden file was not a broken case")
            return
        }
        expectEqual(message, "/nonexistent/g.jsonl: cannot be read; create it with --update")
    }
}
