import Foundation
import WalkscapeTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WalkscapeCore

/// `walkscape synth`, `walkscape radii` and the SVG pictures, through the built binary.
@Suite struct FieldCLITests {
    static let torinoTraces = ["clean", "noisy", "brisk", "missed"].map { "fixtures/traces/torino-portici-\($0).gpx" }
    static let parisTraces = ["clean", "noisy", "brisk", "missed"].map { "fixtures/traces/paris-ile-de-la-cite-\($0).gpx" }

    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "walkscape-field-\(UUID().uuidString)-" + name }

    @Test func synthPrintsTheGoldenWalkByteForByte() throws {
        let arguments = ["synth", "tours/torino-portici", "--pause-at-points", "--noise", "6", "--jumps", "4", "--dropouts", "3", "--seed", "7", "--interval", "15"]
        let first = try CLI.run(arguments)
        expectEqual(first.status, 0, "\(first.stderr)")
        try expectTrue(matchesGolden(first.stdout, "synth-torino-seed7.gpx"))
        try expectEqual(CLI.run(arguments).stdout, first.stdout)
        try expectTrue(CLI.run(arguments.dropLast(4) + ["--seed", "8", "--interval", "15"]).stdout != first.stdout)
    }

    @Test(arguments: ["gpx", "nmea", "geojson"])
    func synthOutputIsReadBackByInspect(format: String) throws {
        let path = Self.temporary("walk." + format)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let synth = try CLI.run(["synth", "tours/paris-ile-de-la-cite", "--format", format, "--noise", "5", "--seed", "3", "--interval", "2"])
        expectEqual(synth.status, 0, "\(synth.stderr)")
        try Data(synth.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let inspect = try CLI.run(["inspect", "--json", path])
        expectEqual(inspect.status, 0, "\(inspect.stderr)")
        let document = try JSONParser().parse(inspect.stdout)
        let fixes = synth.stdout.components(separatedBy: format == "nmea" ? "$GPRMC" : (format == "gpx" ? "<trkpt " : "Z\"")).count - 1
        expectTrue(document["fixes"]?.intValue == fixes)
        expectTrue(document["warnings"]?.arrayElements?.isEmpty == true)
    }

    @Test func radiiTextReportMatchesTheGoldenFile() throws {
        let result = try CLI.run(["radii", "tours/paris-ile-de-la-cite", "--trace"] + Self.parisTraces + ["--sweep", "50:300:50"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "radii-paris.txt"))
    }

    /// Point 6 of the Turin tour is blocked by point 5 on the missed walk: the advice is over the other three
    /// traces, the sweep over all four. Each says which traces it counts, so they do not seem to disagree.
    @Test func radiiSaysWhichTracesTheAdviceAndTheSweepAreOver() throws {
        let result = try CLI.run(["radii", "tours/torino-portici", "--trace"] + Self.torinoTraces + ["--sweep", "50:300:50"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let advice = lines.first { $0.hasPrefix("6  keep 150 m: ") } ?? ""
        expectTrue(advice.hasSuffix("; over the 3 of 4 traces where point 5 triggered: 1 left out (fixtures/traces/torino-portici-missed.gpx), where point 5 never triggered"), "\(result.stdout)")
        expectContains(result.stdout, "other points unchanged: % of all 4 traces triggering")
        expectTrue(lines.contains("6  no swept radius triggers on all 4 traces: 1 blocked by point 5 at every radius; the other 3 trigger from 50 m; keep 150 m"), "\(result.stdout)")
        expectTrue(lines.contains("4  triggers on every trace from 50 m; lower to 125 m"), "\(result.stdout)")
    }

    @Test func radiiJSONHasTheDocumentedShapeAndMatchesTheGoldenFile() throws {
        let result = try CLI.run(["radii", "tours/torino-portici", "--trace"] + Self.torinoTraces + ["--json", "--noise", "8", "--runs", "5", "--seed", "3", "--sweep", "100:200:50"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "radii-torino.json"))
        let document = try JSONParser().parse(result.stdout)
        let points = try #require(document["points"]?.arrayElements)
        expectEqual(points.count, 7)
        for point in points {
            for key in ["order", "id", "radiusMeters", "traces", "minRadiusAllTraces", "recommendedRadiusMeters", "sweep", "noise"] {
                expectTrue(point[key] != nil, "missing \(key)")
            }
            let traces = try #require(point["traces"]?.arrayElements)
            expectEqual(traces.count, 4)
            for trace in traces {
                for key in ["trace", "closestApproachMeters", "closestApproachT", "triggered", "triggerT", "entries", "secondsInside"] {
                    expectTrue(trace[key] != nil, "missing \(key)")
                }
            }
            expectTrue(point["noise"]?.arrayElements?.count == 3)
        }
        expectTrue(document["noise"]?["runs"]?.intValue == 5)
    }

    @Test func radiiCSVHasOneRowAPointAndTraceOrAPointAndRadius() throws {
        let plain = try CLI.run(["radii", "tours/torino-portici", "--trace"] + Self.torinoTraces + ["--csv"])
        expectEqual(plain.status, 0)
        let lines = plain.stdout.split(separator: "\n")
        expectEqual(lines.count, 1 + 7 * 4)
        expectTrue(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 20 })
        let sweep = try CLI.run(["radii", "tours/torino-portici", "--trace"] + Self.torinoTraces + ["--csv", "--sweep", "50:300:10"])
        try expectTrue(matchesGolden(sweep.stdout, "radii-torino-sweep.csv"))
        expectEqual(sweep.stdout.split(separator: "\n").count, 1 + 7 * 26)
    }

    @Test func radiiMapPrintsTheTerminalPicture() throws {
        let result = try CLI.run(["radii", "tours/torino-portici", "--trace", Self.torinoTraces[2], "--map", "--csv"])
        expectEqual(result.status, 0)
        try expectTrue(matchesGolden(result.stdout, "radii-torino-map.txt"))
        expectContains(result.stdout, "N↑")
        expectContains(result.stdout, "200 m")
    }

    @Test func radiiAndSimulateDrawSVGThatParsesAsXML() throws {
        let radiiSVG = Self.temporary("radii.svg")
        let simulateSVG = Self.temporary("simulate.svg")
        defer {
            try? FileManager.default.removeItem(atPath: radiiSVG)
            try? FileManager.default.removeItem(atPath: simulateSVG)
        }
        let radii = try CLI.run(["radii", "tours/paris-ile-de-la-cite", "--trace"] + Self.parisTraces + ["--svg", radiiSVG])
        expectEqual(radii.status, 0, "\(radii.stderr)")
        let simulate = try CLI.run(["simulate", "tours/paris-ile-de-la-cite", "--trace", Self.parisTraces[3], "--svg", simulateSVG])
        expectEqual(simulate.status, 0, "\(simulate.stderr)")
        for (path, walks) in [(radiiSVG, 4), (simulateSVG, 1)] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let collector = SVGCollector()
            let parser = XMLParser(data: data)
            parser.delegate = collector
            expectTrue(parser.parse(), "\(path) is not well-formed XML")
            expectTrue(collector.groups.isSuperset(of: ["regions", "walks", "triggers", "closest", "points", "north", "scale", "legend"]))
            expectEqual(collector.count(in: "regions", of: "circle"), 7)
            expectEqual(collector.count(in: "walks", of: "polyline"), walks)
            expectEqual(collector.count(in: "points", of: "text"), 7)
        }
        // Paris point 4 is advised smaller: its advised radius is drawn dashed.
        let radiiText = try String(contentsOfFile: radiiSVG, encoding: .utf8)
        expectContains(radiiText, "stroke-dasharray=\"9 6\"")
    }

    @Test func badInvocationsSayWhatIsWrongAndExitTwo() throws {
        let cases: [([String], String)] = [
            (["radii", "tours/torino-portici"], "--trace"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--sweep", "300:50:10"], "FROM ≤ TO"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--sweep", "a:b"], "FROM:TO:STEP"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--profile", "iphone"], "--profile"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--profile", "ios-app@5c84126", "--skip-missed"], "never skips"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--json", "--csv"], "exclusive"),
            (["radii", "tours/torino-portici", "--trace", Self.torinoTraces[0], "--noise", "5", "--runs", "0"], "--runs"),
            (["radii", "tours/torino-portici", "--trace", "fixtures/traces/absent.gpx"], "absent.gpx"),
            (["synth", "tours/torino-portici", "--format", "kmz"], "--format"),
            (["synth", "tours/torino-portici", "--speed", "0"], "--speed"),
            (["synth", "tours/torino-portici", "--interval", "-1"], "--interval"),
            (["synth", "tours/no-such-tour"], "no-such-tour"),
        ]
        for (arguments, needle) in cases {
            let result = try CLI.run(arguments)
            expectEqual(result.status, 2, "\(arguments): \(result.status) \(result.stderr)")
            expectTrue(result.stderr.contains(needle), "\(arguments): \(result.stderr)")
            expectTrue(result.stdout.isEmpty)
        }
    }
}

/// Counts SVG elements by the `id` of the group they are in.
final class SVGCollector: NSObject, XMLParserDelegate {
    private(set) var groups: Set<String> = []
    private var stack: [String] = []
    private var counts: [String: Int] = [:]

    func count(in group: String, of element: String) -> Int { counts[group + "/" + element] ?? 0 }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if let group = stack.last { counts[group + "/" + name, default: 0] += 1 }
        if let id = attributes["id"] {
            groups.insert(id)
            stack.append(id)
        } else {
            stack.append(stack.last ?? "")
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }
}
