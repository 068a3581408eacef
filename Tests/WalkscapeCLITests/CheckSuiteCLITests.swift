import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WalkscapeTestSupport

/// `walkscape check --suite`: a suite that checks nothing, and a suite whose files are missing, are told apart
/// from an engine whose timeline changed.
@Suite struct CheckSuiteCLITests {
    static func scratch() throws -> String {
        let root = NSTemporaryDirectory() + "walkscape-suite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    /// One case given on the command line whose golden file does not exist: the line asks to fix the paths
    /// given (or `--update`), not a suite there is none of.
    @Test func aSingleCaseThatCannotRunNamesThePathsGiven() throws {
        let result = try CLI.run(["check", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--expect", "/nonexistent/golden.jsonl"])
        expectEqual(result.status, 2)
        expectTrue(result.stdout.hasSuffix("0 passed, 0 failed, 1 could not run (a tour, trace or golden file missing or unreadable: fix the path given (the tour, --trace or --expect; --update writes a golden file that does not exist yet))\n"), "\(result.stdout)")
    }

    @Test func anEmptySuiteIsRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"cases": []}"#.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["check", "--suite", dir + "/suite.json"])
        expectEqual(result.status, 2, "\(result.stdout)\(result.stderr)")
        expectEqual(result.stdout, "")
        expectContains(result.stderr, "suite.json: cases: error: no cases", "\(result.stderr)")
    }

    /// A case whose trace, tour or golden file is missing is a JUnit `<error>` and exit status 2, while a
    /// case whose timeline differs stays a `<failure>`.
    @Test func aCaseWithAMissingFileIsAnErrorNotAFailure() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let root = repositoryRoot
        let tour = "\(root)/tours/torino-portici", trace = "\(root)/fixtures/traces/torino-portici-brisk.gpx"
        let golden = "\(root)/fixtures/golden/torino-portici-brisk.jsonl"
        let text = """
            {"cases": [
              {"name": "passes", "tour": "\(tour)", "trace": "\(trace)", "lang": "it", "golden": "\(golden)"},
              {"name": "no trace", "tour": "\(tour)", "trace": "\(dir)/nope.gpx", "lang": "it", "golden": "\(golden)"},
              {"name": "no tour", "tour": "\(dir)/nope", "trace": "\(trace)", "lang": "it", "golden": "\(golden)"},
              {"name": "no golden", "tour": "\(tour)", "trace": "\(trace)", "lang": "it", "golden": "\(dir)/nope.jsonl"}
            ]}
            """
        try text.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["check", "--suite", dir + "/suite.json", "--junit", dir + "/junit.xml"])
        expectEqual(result.status, 2, "\(result.stdout)")
        for name in ["no trace", "no tour", "no golden"] { expectContains(result.stdout, "ERROR   \(name)\n", "\(result.stdout)") }
        expectContains(result.stdout, "ok      passes\n")
        expectTrue(result.stdout.hasSuffix("1 passed, 0 failed, 3 could not run (a tour, trace or golden file missing or unreadable: fix the suite)\n"), "\(result.stdout)")
        let xml = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        expectContains(xml, "tests=\"4\" failures=\"0\" errors=\"3\"", "\(xml)")
        expectEqual(xml.components(separatedBy: "<error message=").count, 4, "\(xml)")
        expectTrue(!xml.contains("<failure"), "\(xml)")
        expectTrue(XMLParser(data: Data(xml.utf8)).parse())

        // A timeline that differs is still a failure (exit 1), alongside no error.
        let other = "\(root)/fixtures/golden/torino-portici-clean.jsonl"
        try """
            {"cases": [{"name": "differs", "tour": "\(tour)", "trace": "\(trace)", "lang": "it", "golden": "\(other)"}]}
            """.write(toFile: dir + "/suite.json", atomically: true, encoding: .utf8)
        let differs = try CLI.run(["check", "--suite", dir + "/suite.json", "--junit", dir + "/junit.xml"])
        expectEqual(differs.status, 1, "\(differs.stdout)")
        let failureXML = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        expectTrue(failureXML.contains("failures=\"1\" errors=\"0\"") && failureXML.contains("<failure"), "\(failureXML)")
    }
}
