import Foundation
import WalkscapeTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WalkscapeCore

let sampleTraces: [(tour: String, kind: String, language: String)] = ["torino-portici", "paris-ile-de-la-cite"].flatMap { tour in
    ["clean", "noisy", "brisk", "missed"].map { (tour, $0, tour == "torino-portici" ? "it" : "fr") }
}

/// Runs the independent Python reference of the trigger rules (tools/reference/reference_engine.py).
func referenceTimeline(tour: String, trace: String, language: String, queueDepth: Int) throws -> [TimelineComparison.Entry] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "tools/reference/reference_engine.py", "tours/" + tour, trace, "--lang", language, "--queue-depth", String(queueDepth)]
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    expectEqual(process.terminationStatus, 0)
    return try TimelineComparison.parse(String(decoding: data, as: UTF8.self))
}

@Suite struct ReplayCLITests {
    static let referenceKinds: Set<String> = ["tour_started", "point_triggered", "point_queued", "audio_started", "audio_finished", "tour_completed", "tour_incomplete"]

    @Test(arguments: [0, 1, 2])
    func simulateAgreesWithTheIndependentReference(queueDepth: Int) throws {
        for (tour, kind, main) in sampleTraces {
            for language in [main, "en"] {
                let trace = "fixtures/traces/\(tour)-\(kind).gpx"
                let result = try CLI.run(["simulate", "tours/" + tour, "--trace", trace, "--lang", language, "--queue-depth", String(queueDepth)])
                expectEqual(result.status, 0, "\(result.stderr)")
                let ours = try TimelineComparison.parse(result.stdout).filter { Self.referenceKinds.contains($0.event) }
                let theirs = try referenceTimeline(tour: tour, trace: trace, language: language, queueDepth: queueDepth)
                // Audio lengths come from libmpg123 on one side and the LAME tag on the other: 1 ms apart at most.
                let divergence = TimelineComparison(tolerance: 0.001).firstDivergence(expected: theirs, actual: ours)
                expectTrue(divergence == nil, "\(tour) \(kind) \(language) depth \(queueDepth): \(String(describing: divergence))")
            }
        }
    }

    @Test func theGoldenSuitePassesAndWritesJUnit() throws {
        let junit = NSTemporaryDirectory() + "walkscape-junit-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let result = try CLI.run(["check", "--suite", "fixtures/golden/suite.json", "--junit", junit])
        expectEqual(result.status, 0, "\(result.stdout)")
        expectTrue(result.stdout.hasSuffix("39 passed, 0 failed\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        expectContains(xml, "<testsuite name=\"fixtures/golden/suite.json\" tests=\"39\" failures=\"0\"")
        expectTrue(XMLParser(data: Data(xml.utf8)).parse())
    }

    @Test func sameInputsGiveByteIdenticalOutputInEveryFormat() throws {
        for format in ["jsonl", "json", "text"] {
            let arguments = ["simulate", "tours/paris-ile-de-la-cite", "--trace", "fixtures/traces/paris-ile-de-la-cite-noisy.gpx", "--format", format]
            let first = try CLI.run(arguments)
            let second = try CLI.run(arguments)
            expectEqual(first.status, 0)
            expectEqual(first.stdout, second.stdout)
            expectTrue(!first.stdout.isEmpty)
        }
    }

    @Test func textTimelineForPeople() throws {
        let result = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-brisk.gpx", "--format", "text", "--lang", "en"])
        expectEqual(result.status, 0)
        try expectTrue(matchesGolden(result.stdout, "simulate-torino-brisk-en.txt"), "\(result.stdout)")
    }

    @Test func jsonDocumentCarriesItsInputs() throws {
        let result = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--format", "json", "--queue-depth", "2"])
        let json = try JSONParser().parse(result.stdout)
        expectEqual(json["tour"], .string("torino-portici"))
        expectEqual(json["language"], .string("it"))
        expectTrue(json["policy"]?["queueDepth"] == .integer(2))
        expectTrue(json["traceStart"]?.stringValue?.hasSuffix("Z") == true)
        expectTrue(json["events"]?.arrayElements?.first?["event"] == .string("tour_started"))
    }

    @Test func aChangedTimelineFailsWithTheFirstDivergence() throws {
        let golden = try String(contentsOfFile: repositoryRoot + "/fixtures/golden/torino-portici-brisk.jsonl", encoding: .utf8)
        var lines = golden.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"point_queued\"") })
        let path = NSTemporaryDirectory() + "walkscape-golden-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = ["check", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-brisk.gpx", "--expect", path]

        // Within the tolerance: still a match.
        lines[index] = lines[index].replacingOccurrences(of: "\"t\":496.000", with: "\"t\":496.300")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try expectEqual(CLI.run(arguments).status, 0)
        // Beyond it: a mismatch naming the event, expected and actual.
        lines[index] = lines[index].replacingOccurrences(of: "\"t\":496.300", with: "\"t\":498.000")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(arguments)
        expectEqual(result.status, 1)
        expectContains(result.stdout, "timeline differs from \(path) at event \(index + 1) (golden line \(index + 1)): t 496.000 s, expected 498.000 s (off by 2.000 s, tolerance 0.500 s)", "\(result.stdout)")
        expectTrue(result.stdout.contains("expected:   " + lines[index]))
        expectTrue(result.stdout.hasSuffix("0 passed, 1 failed\n"))
        // A missing event.
        try Data((lines.prefix(lines.count - 2).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let shorter = try CLI.run(arguments + ["--tolerance", "5"])
        expectEqual(shorter.status, 1)
        expectContains(shorter.stdout, "an extra event (the golden timeline ends before it)")
        // --update accepts the current timeline.
        try expectEqual(CLI.run(arguments + ["--update"]).status, 0)
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), golden)
    }

    @Test func analyticsEventsFollowTheBatchShape() throws {
        let path = NSTemporaryDirectory() + "walkscape-events-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLI.run(["simulate", "tours/paris-ile-de-la-cite", "--trace", "fixtures/traces/paris-ile-de-la-cite-clean.gpx", "--lang", "en", "--events", path])
        expectEqual(result.status, 0)
        let body = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let events = try #require(body["events"]?.arrayElements)
        expectEqual(events.map { $0["name"]?.stringValue ?? "" }, ["tour_started"] + Array(repeating: "point_triggered", count: 7) + ["tour_completed"])
        expectTrue(events.allSatisfy { $0["tourId"] == .string("paris-ile-de-la-cite") && $0["language"] == .string("en") && $0["offline"] == .bool(true) })
        // Exactly the backend DTO's fields (no createdAt: its ValidationPipe refuses unknown fields).
        let fields = ["name", "anonymousId", "tourId", "pointId", "language", "device", "osVersion", "offline", "timestamp", "properties"]
        expectTrue(events.allSatisfy { event in (event.objectMembers ?? []).allSatisfy { fields.contains($0.key) } })
        expectEqual(Set(events.compactMap { $0["anonymousId"]?.stringValue }).count, 1)
        expectEqual(events[1]["pointId"], .string("p1"))
        let first = try #require(events[0]["timestamp"]?.stringValue)
        let gpx = try String(contentsOfFile: repositoryRoot + "/fixtures/traces/paris-ile-de-la-cite-clean.gpx", encoding: .utf8)
        expectTrue(gpx.contains("<trkpt") && gpx.contains("<time>\(first)</time>"), "timestamp \(first) is the first fix's time")
        // The same run gives the same batch; --anonymous-id replaces the derived id.
        let again = NSTemporaryDirectory() + "walkscape-events-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: again) }
        try expectEqual(CLI.run(["simulate", "tours/paris-ile-de-la-cite", "--trace", "fixtures/traces/paris-ile-de-la-cite-clean.gpx", "--lang", "en", "--events", again]).status, 0)
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: again)), Data(contentsOf: URL(fileURLWithPath: path)))
        try expectEqual(CLI.run(["simulate", "tours/paris-ile-de-la-cite", "--trace", "fixtures/traces/paris-ile-de-la-cite-clean.gpx", "--lang", "en", "--events", again, "--anonymous-id", "qa-device-7"]).status, 0)
        let named = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: again))))
        expectTrue(named["events"]?.arrayElements?.allSatisfy { $0["anonymousId"] == .string("qa-device-7") } == true)
        let empty = try CLI.run(["simulate", "tours/paris-ile-de-la-cite", "--trace", "fixtures/traces/paris-ile-de-la-cite-clean.gpx", "--events", again, "--anonymous-id", ""])
        expectEqual(empty.status, 2)
        expectContains(empty.stderr, "--anonymous-id must be 1 to 200 characters")
    }

    @Test func replayErrorsAreClearAndExitCodesDocumented() throws {
        let missing = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/nope.gpx"])
        expectEqual(missing.status, 2)
        expectTrue(missing.stderr.hasPrefix("fixtures/traces/nope.gpx"))
        let broken = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces-bad/unclosed.gpx"])
        expectEqual(broken.status, 1)
        expectEqual(broken.stderr.split(separator: "\n").count, 1, "\(broken.stderr)")
        expectTrue(broken.stderr.hasPrefix("fixtures/traces-bad/unclosed.gpx:"))
        let noFixes = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces-bad/waypoints-only.gpx"])
        expectEqual(noFixes.status, 1)
        let language = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--lang", "de"])
        // A language the tour lacks is a usage error naming the languages it has, not "run validate".
        expectEqual(language.status, 2)
        expectEqual(language.stderr, "tours/torino-portici: the tour has no \"de\" narration; it has it, en: pass --lang it or --lang en\n")
        let format = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--format", "xml"])
        expectEqual(format.status, 2)
        let depth = try CLI.run(["simulate", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--queue-depth", "-1"])
        expectEqual(depth.status, 2)
        expectContains(depth.stderr, "--queue-depth must be 0 or more, got -1.", "\(depth.stderr)")
        // A negative number is the option's value, checked by the option's own rule (not "Missing value").
        let noise = try CLI.run(["radii", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--noise", "-3"])
        expectEqual(noise.status, 2)
        expectTrue(noise.stderr.hasPrefix("Error: --noise must be metres, 0 or more, got -3."), "\(noise.stderr)")
        // A misspelt command gets a suggestion.
        let typo = try CLI.run(["simulat", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx"])
        expectEqual(typo.status, 2)
        expectTrue(typo.stderr.hasPrefix("Error: unknown command 'simulat'; did you mean 'simulate'?"), "\(typo.stderr)")
        let suite = try CLI.run(["check", "--suite", "fixtures/golden/nope.json"])
        expectEqual(suite.status, 2)
        let both = try CLI.run(["check", "--suite", "fixtures/golden/suite.json", "tours/torino-portici"])
        expectEqual(both.status, 2)
    }
}
