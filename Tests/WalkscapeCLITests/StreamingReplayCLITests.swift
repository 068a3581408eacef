import Foundation
import Testing
import WalkscapeTestSupport

/// `simulate` and `check` replay a trace in time order as it is read (docs/reliability.md, "Streaming
/// replay"); `WALKSCAPE_TRACE_STREAM=0` reads it whole. Both must print the same bytes, warnings included.
@Suite struct StreamingReplayCLITests {
    static let traces: [(tour: String, trace: String)] = {
        var cases: [(String, String)] = []
        for tour in ["torino-portici", "paris-ile-de-la-cite"] {
            for kind in ["clean", "brisk", "missed", "noisy"] { cases.append((tour, "fixtures/traces/\(tour)-\(kind).gpx")) }
        }
        for name in ["walk.gpx", "walk.gpx.gz", "walk.nmea", "walk-gx-track.kml", "walk-gpx10.gpx", "two-walks.gpx", "mostly-untimed.gpx", "walk.geojson"] {
            cases.append(("torino-portici", "fixtures/traces-formats/" + name))
        }
        for name in ["torino-poor-accuracy.gpx", "torino-edge-jitter.gpx", "torino-last-flagged.gpx"] {
            cases.append(("torino-portici", "fixtures/traces-profiles/" + name))
        }
        return cases
    }()

    @Test func simulatePrintsTheSameBytesStreamedOrReadWhole() throws {
        for (tour, trace) in Self.traces {
            for options in [["--format", "jsonl"], ["--format", "text", "--lang", "en"], ["--profile", "ios-app@5c84126", "--min-accuracy", "20"], ["--profile", "android-app@5c84126", "--queue-depth", "0"]] {
                let arguments = ["simulate", "tours/" + tour, "--trace", trace] + options
                let streamed = try CLI.run(arguments)
                let whole = try CLI.run(arguments, environment: ["WALKSCAPE_TRACE_STREAM": "0"])
                expectEqual(streamed.status, whole.status, "\(arguments)")
                expectEqual(streamed.stdout, whole.stdout, "\(arguments)")
                expectEqual(streamed.stderr, whole.stderr, "\(arguments)")
                expectTrue(!streamed.stdout.isEmpty, "\(arguments): \(streamed.stderr)")
            }
        }
    }

    @Test func checkPassesTheGoldenSuiteReadingWholeToo() throws {
        let result = try CLI.run(["check", "--suite", "fixtures/golden/suite.json"], environment: ["WALKSCAPE_TRACE_STREAM": "0"])
        expectEqual(result.status, 0, "\(result.stdout)")
        expectTrue(result.stdout.hasSuffix("39 passed, 0 failed\n"))
        // Streamed (cases with minShare read their trace whole either way) and read whole print the same report.
        let streamed = try CLI.run(["check", "--suite", "fixtures/golden/suite.json"])
        expectEqual(streamed.stdout, result.stdout)
    }
}
