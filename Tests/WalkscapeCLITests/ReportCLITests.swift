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
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(result.stderr.isEmpty, "\(result.stderr)")
        expectTrue(result.stdout.hasPrefix(dir + "/report.html: 7 points, 3 walks, "), "\(result.stdout)")
        expectEqual(result.stdout.split(separator: "\n").count, 1, "\(result.stdout)")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), ["report.html"])
        let page = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        expectTrue(page.hasPrefix("<!DOCTYPE html>") || page.hasPrefix("<!doctype html>"), "\(page.prefix(40))")
        expectTrue(!page.contains("/*REPORT_DATA*/"))
        expectContains(page, "walkscape report tours/torino-portici --trace fixtures/traces/torino-portici-clean.gpx")
        expectContains(page, "data:audio/mpeg;base64,")
        // The same command writes the same bytes, over the first page.
        let first = FileManager.default.contents(atPath: dir + "/report.html")
        let again = try CLI.run(["report", "tours/torino-portici", "--trace"] + Self.traces + ["--lang", "it", "--output", dir + "/report.html"])
        expectEqual(again.status, 0, "\(again.stderr)")
        expectEqual(FileManager.default.contents(atPath: dir + "/report.html"), first)
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), ["report.html"])
    }

    /// The report's sweep and noise figures are `radii`'s for the same tour, walks and options: each grid
    /// under the same heading with the same texts cell for cell, the same lines under it, and the advice
    /// table's sweep and noise columns the radii those lines name.
    @Test func sweepAndNoiseFiguresMatchRadii() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["--sweep", "50:300:25", "--noise", "8", "--runs", "3", "--seed", "5", "--phases", "2", "--profile", "prd"]
        let radii = try CLI.run(["radii", "tours/torino-portici", "--trace"] + Self.traces + options)
        expectEqual(radii.status, 0, "\(radii.stderr)")
        let report = try CLI.run(["report", "tours/torino-portici", "--trace"] + Self.traces + options + ["--output", dir + "/report.html"])
        expectEqual(report.status, 0, "\(report.stderr)")
        let page = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        let open = "<script type=\"application/json\" id=\"report-data\">"
        let json = try #require(page.components(separatedBy: open).dropFirst().first?.components(separatedBy: "</script>").first)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let advice = try #require(data["advice"] as? [String: Any])
        let grids = try #require(advice["grids"] as? [[String: Any]])
        expectEqual(grids.compactMap { $0["key"] as? String }, ["sweepShare", "sweepDelay", "noise"])
        let lines = radii.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func words(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }
        for grid in grids {
            let title = try #require(grid["title"] as? String)
            let at = try #require(lines.firstIndex(of: title), "radii prints no line \(title)")
            let radiiAcross = try #require(grid["radii"] as? [String])
            #expect(words(lines[at + 1]) == ["#"] + radiiAcross)
            let rows = try #require(grid["rows"] as? [[String: Any]])
            expectEqual(rows.count, 7)
            for (i, row) in rows.enumerated() {
                let cells = try #require(row["cells"] as? [String])
                expectEqual(words(lines[at + 2 + i]), ["\(row["point"] as? Int ?? -1)"] + cells, "\(title), row \(i + 1)")
            }
            for note in grid["notes"] as? [String] ?? [] { expectTrue(lines.contains(note), "\(note)") }
        }
        // The table's columns: the radius from which every walk (each phase a walk) triggers, and 95 % of noisy replays.
        for row in try #require(advice["rows"] as? [[String: Any]]) {
            let point = row["point"] as? Int ?? -1
            let cells = try #require(row["cells"] as? [String: String])
            let sweep = try #require(lines.first { $0.hasPrefix("\(point)  ") && $0.contains("swept radius") || $0.hasPrefix("\(point)  triggers on every trace from ") })
            let noise = try #require(lines.first { $0.hasPrefix("\(point)  ") && $0.contains("noisy replays") })
            expectTrue(sweep.hasPrefix("\(point)  triggers on every trace from \(cells["sweep"] ?? "?");") || (cells["sweep"] == "none swept" && sweep.contains("no swept radius")), "\(sweep) / \(cells)")
            expectTrue(noise == "\(point)  triggers in ≥ 95 % of noisy replays from \(cells["noise"] ?? "?")" || (cells["noise"] == "none swept" && noise.contains("no swept radius")), "\(noise) / \(cells)")
        }
        // And the page says how: the options in its command.
        let provenance = try #require(data["provenance"] as? [String: Any])
        expectTrue((provenance["command"] as? String)?.contains("--sweep 50:300:25 --noise 8 --runs 3 --seed 5 --jumps 4 --dropouts 4") == true)
    }

    @Test(arguments: [
        (["--trace", "fixtures/traces/no-such-walk.gpx", "--output", "DIR/report.html"], "no-such-walk.gpx"),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--output", "DIR/missing/report.html"], "the folder DIR/missing/ does not exist"),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--phases", "0", "--output", "DIR/report.html"], "--phases must be a whole number from 1 to 360, got 0."),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--phases", "361", "--output", "DIR/report.html"], "--phases must be a whole number from 1 to 360, got 361."),
        (["--output", "DIR/report.html"], "Error: give at least one --trace FILE."),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--lang", "de", "--output", "DIR/report.html"], "the tour has no \"de\" narration"),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--sweep", "300:50:10", "--output", "DIR/report.html"], "Error: --sweep needs 0 < FROM ≤ TO and STEP > 0, got 300:50:10."),
        (["--trace", "fixtures/traces/torino-portici-brisk.gpx", "--noise", "8", "--runs", "0", "--output", "DIR/report.html"], "Error: --runs must be between 1 and 100000, got 0."),
    ])
    func badInputsGiveOneLineAndNoFile(arguments: [String], words: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["report", "tours/torino-portici"] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir) })
        expectEqual(result.status, 2, "\(result.stderr)")
        expectTrue(result.stdout.isEmpty, "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        expectEqual(lines.count, 1, "\(result.stderr)")
        expectTrue(result.stderr.contains(words.replacingOccurrences(of: "DIR", with: dir)), "\(result.stderr)")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), [])
    }
}
