import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape report`: the page written in one piece with one line said, and bad inputs refused with one line,
/// exit status 2 and no file left behind.
@Suite struct ReportCLITests {
    static let traces = ["fixtures/traces/torino-portici-clean.gpx", "fixtures/traces/torino-portici-brisk.gpx", "fixtures/traces/torino-portici-missed.gpx"]

    /// A fresh empty folder, removed by the caller.
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "walkscape-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func writesTheReportAndSaysSoInOneLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["report", "tours/torino-portici", "--trace"] + Self.traces + ["--lang", "it", "--output", dir + "/report.html"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(dir + "/report.html: 7 points, 3 walks, "), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.html"])
        let page = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") || page.hasPrefix("<!doctype html>"), "\(page.prefix(40))")
        #expect(!page.contains("/*REPORT_DATA*/"))
        #expect(page.contains("walkscape report tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx"))
        #expect(page.contains("data:audio/mpeg;base64,"))
        // The same command writes the same bytes, over the first page.
        let first = FileManager.default.contents(atPath: dir + "/report.html")
        let again = try CLI.run(["report", "tours/torino-portici", "--trace"] + Self.traces + ["--lang", "it", "--output", dir + "/report.html"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/report.html") == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.html"])
    }

    @Test(arguments: [
        (["--trace", "fixtures/traces/no-such-walk.gpx", "--output", "DIR/report.html"], "no-such-walk.gpx"),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--output", "DIR/missing/report.html"], "the folder DIR/missing/ does not exist"),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--phases", "0", "--output", "DIR/report.html"], "--phases must be a whole number from 1 to 360, got 0."),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--phases", "361", "--output", "DIR/report.html"], "--phases must be a whole number from 1 to 360, got 361."),
        (["--output", "DIR/report.html"], "Error: give at least one --trace FILE."),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--lang", "de", "--output", "DIR/report.html"], "the tour has no \"de\" narration"),
    ])
    func badInputsGiveOneLineAndNoFile(arguments: [String], words: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["report", "tours/torino-portici"] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir) })
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(words.replacingOccurrences(of: "DIR", with: dir)), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }
}
