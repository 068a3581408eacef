import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape radii --apply`: the advised radii written into tour.json and nothing else.
@Suite struct RadiiApplyCLITests {
    static let traces = ["clean", "noisy", "brisk", "missed"].map { "fixtures/traces/torino-portici-\($0).gpx" }

    /// The text around every `"triggerRadiusMeters": N`, and the Ns: found by a regular expression, apart
    /// from the code under test.
    static func split(_ text: String) throws -> (rest: [String], radii: [String]) {
        let pattern = try NSRegularExpression(pattern: #""triggerRadiusMeters"\s*:\s*([-+0-9.eE]+)"#)
        let whole = text as NSString
        var rest: [String] = []
        var radii: [String] = []
        var cursor = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
            let number = match.range(at: 1)
            rest.append(whole.substring(with: NSRange(location: cursor, length: number.location - cursor)))
            radii.append(whole.substring(with: number))
            cursor = number.location + number.length
        }
        rest.append(whole.substring(from: cursor))
        return (rest, radii)
    }

    /// A copy of the Turin tour whose tour.json is laid out unlike walkscape's writer (tabs, spaces before
    /// colons, CRLF line ends), so a rewrite that reformats would show.
    static func oddlyFormattedCopy() throws -> TourCopy {
        let copy = try TourCopy("torino-portici")
        let path = copy.directory + "/tour.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\n  ", with: "\r\n\t ").replacingOccurrences(of: "\"triggerRadiusMeters\": ", with: "\"triggerRadiusMeters\" :  ")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return copy
    }

    @Test func applyChangesOnlyTheRadiiAndTheResultValidatesAndIsKeptOnRerun() throws {
        let copy = try Self.oddlyFormattedCopy()
        defer { copy.remove() }
        let path = copy.directory + "/tour.json"
        let before = try String(contentsOfFile: path, encoding: .utf8)

        let dry = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--apply", "--dry-run"])
        expectEqual(dry.status, 0, "\(dry.stderr)")
        expectContains(dry.stdout, "would change (--dry-run: nothing written)")
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), before)

        let applied = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--apply"])
        expectEqual(applied.status, 0, "\(applied.stderr)")
        expectEqual(applied.stdout, dry.stdout.replacingOccurrences(of: "would change (--dry-run: nothing written)", with: "written (2 analyses of 4 traces)"),
            "\(applied.stdout)")
        expectContains(applied.stdout, "160 m  →  125 m  lower", "\(applied.stdout)")
        let after = try String(contentsOfFile: path, encoding: .utf8)
        let (restBefore, radiiBefore) = try Self.split(before)
        let (restAfter, radiiAfter) = try Self.split(after)
        expectEqual(restBefore, restAfter)  // every byte but the radii
        expectTrue(radiiBefore.count == 7 && radiiAfter.count == 7)
        expectTrue(radiiBefore != radiiAfter)
        expectEqual(radiiAfter[3], "125")

        let validate = try CLI.run(["validate", copy.directory])
        expectEqual(validate.status, 0, "\(validate.stdout)\(validate.stderr)")

        let rerun = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--json"])
        expectEqual(rerun.status, 0)
        let report = try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any]
        let points = try #require(report?["points"] as? [[String: Any]])
        expectEqual(points.count, 7)
        for (index, point) in points.enumerated() {
            let advice = point["recommendation"] as? [String: Any] ?? point
            expectTrue(advice["verdict"] as? String == "keep", "point \(index + 1): \(point)")
        }

        // A second --apply has nothing left to do.
        let again = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--apply"])
        expectEqual(again.status, 0)
        expectContains(again.stdout, "nothing to change")
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), after)
    }

    @Test func onlyChangesTheNamedPoints() throws {
        let copy = try Self.oddlyFormattedCopy()
        defer { copy.remove() }
        let path = copy.directory + "/tour.json"
        let (_, radiiBefore) = try Self.split(try String(contentsOfFile: path, encoding: .utf8))
        let run = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--apply", "--only", "5"])
        expectEqual(run.status, 0, "\(run.stderr)")
        let (_, radiiAfter) = try Self.split(try String(contentsOfFile: path, encoding: .utf8))
        expectEqual(radiiAfter[3], radiiBefore[3])  // point 4 would be lowered, but was not asked for
        expectTrue(radiiAfter[4] != radiiBefore[4])
        let othersAfter = Array(radiiAfter[0..<4]) + Array(radiiAfter[5...])
        let othersBefore = Array(radiiBefore[0..<4]) + Array(radiiBefore[5...])
        expectEqual(othersAfter, othersBefore)

        let unknown = try CLI.run(["radii", copy.directory, "--trace"] + Self.traces + ["--apply", "--only", "9"])
        expectEqual(unknown.status, 2)
        expectContains(unknown.stderr, "--only 9: no such point")
        try expectTrue(CLI.run(["radii", copy.directory, "--trace", Self.traces[0], "--only", "3"]).status != 0)  // --only needs --apply
    }

    @Test func pointsWhereNoRadiusWorksAreRefusedAndLeftAlone() throws {
        // A walk that ends right after point 1: point 2 onwards can never trigger.
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let short = copy.root + "/short.gpx"
        let clean = try String(contentsOfFile: Self.traces[0], encoding: .utf8)
        let points = clean.components(separatedBy: "<trkpt")
        try (points.prefix(6).joined(separator: "<trkpt") + "</trkseg></trk></gpx>\n").write(toFile: short, atomically: true, encoding: .utf8)
        let path = copy.directory + "/tour.json"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let run = try CLI.run(["radii", copy.directory, "--trace", short, "--apply"])
        expectEqual(run.status, 1, "\(run.stdout)\(run.stderr)")
        expectContains(run.stdout, "no radius works", "\(run.stdout)")
        expectContains(run.stdout, "none works")
        let (_, radiiBefore) = try Self.split(before)
        let (_, radiiAfter) = try Self.split(try String(contentsOfFile: path, encoding: .utf8))
        // Refused points keep their radius.
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("point ") && line.contains("no radius works") {
            let order = Int(line.dropFirst(6).prefix { $0.isNumber }) ?? 0
            expectEqual(radiiAfter[order - 1], radiiBefore[order - 1])
        }
    }

    /// Refused points are listed in the table where they are in the tour, not after the last point.
    @Test func theDryRunTableKeepsThePointsInOrder() throws {
        // A walk with a gap in the middle, replayed skipping missed points: point 4 cannot get a radius that
        // both triggers on it and stays clear of point 3's audio; the points after it can.
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let gap = copy.root + "/gap.gpx"
        let clean = try String(contentsOfFile: Self.traces[0], encoding: .utf8)
        let points = clean.components(separatedBy: "<trkpt")
        try (Array(points.prefix(points.count / 3)) + Array(points.suffix(from: points.count / 2))).joined(separator: "<trkpt")
            .write(toFile: gap, atomically: true, encoding: .utf8)
        let before = try String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8)
        let run = try CLI.run(["radii", copy.directory, "--trace", gap, "--skip-missed", "--apply", "--dry-run"])
        expectEqual(run.status, 1, "\(run.stdout)\(run.stderr)")
        try expectEqual(String(contentsOfFile: copy.directory + "/tour.json", encoding: .utf8), before)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.dropFirst().prefix { !$0.isEmpty }
        let orders = rows.map { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) ?? 0 }
        expectEqual(orders, Array(1...7), "\(run.stdout)")
        expectEqual(rows.filter { $0.hasSuffix("none works") }.map { $0.trimmingCharacters(in: .whitespaces).prefix(1) }, ["4"], "\(run.stdout)")
    }
}
