import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `walkscape info TOUR --timing`: talk time against walk time, through the built binary.
@Suite struct TimingCLITests {
    @Test func theTableMatchesItsGoldenAndTheJSONAgreesWithIt() throws {
        let text = try CLI.run(["info", "tours/torino-portici", "--timing"])
        expectEqual(text.status, 0, "\(text.stderr)")
        try expectTrue(matchesGolden(text.stdout, "info-timing-torino.txt"), "\(text.stdout)")
        expectContains(text.stdout, "warning: 3:14 of silence before point 2 at 1.2 m/s (point 1's narration, it, lasts 0:33 of a 3:47 walk)")

        let json = try CLI.run(["info", "tours/torino-portici", "--timing", "--json", "--speed", "1.2"])
        expectEqual(json.status, 0)
        let document = try JSONParser().parse(json.stdout)
        let legs = try #require(document["legs"]?.arrayElements)
        expectEqual(legs.count, 6)
        // Each leg's walk time is its walk distance over each speed.
        for leg in legs {
            let meters = try #require(leg["walkMeters"]?.doubleValue)
            expectTrue(abs((leg["walkSeconds"]?["given"]?.doubleValue ?? -1) - meters / 1.2) < 0.1)
            expectTrue(abs((leg["walkSeconds"]?["slow"]?.doubleValue ?? -1) - meters / 0.9) < 0.1)
            expectTrue(abs((leg["walkSeconds"]?["brisk"]?.doubleValue ?? -1) - meters / 1.5) < 0.1)
            for narration in leg["narrations"]?.arrayElements ?? [] {
                let seconds = narration["seconds"]?.doubleValue ?? 0, given = meters / 1.2
                expectTrue(abs((narration["waitSeconds"]?.doubleValue ?? -1) - max(0, seconds - given)) < 0.1)
                expectTrue(abs((narration["silenceSeconds"]?.doubleValue ?? -1) - max(0, given - seconds)) < 0.1)
            }
        }
        expectTrue(document["warnings"]?.arrayElements?.count == 10)

        // A slower walker: longer walks, so fewer waits and more silence.
        let slow = try CLI.run(["info", "tours/torino-portici", "--timing", "--speed", "0.8"])
        expectContains(slow.stdout, "walk at 0.8 / 0.8 / 1.5 m/s", "\(slow.stdout)")
        try expectEqual(CLI.run(["info", "tours/torino-portici", "--speed", "0.8"]).status, 2)
        try expectEqual(CLI.run(["info", "tours/torino-portici", "--timing", "--speed", "0"]).status, 2)
    }

    @Test func validateWarnsOncePerLeg() throws {
        let result = try CLI.run(["validate", "tours/torino-portici"])
        expectEqual(result.status, 0)
        let timing = result.stdout.split(separator: "\n").filter { $0.hasSuffix("see `walkscape info --timing`") }
        expectEqual(timing.count, 5, "\(result.stdout)")
        expectEqual(timing.first, "tours/torino-portici/tour.json: points[1]: warning: 3:14 of silence before point 2 at 1.2 m/s (point 1's narration, it, lasts 0:33 of a 3:47 walk); see `walkscape info --timing`")
    }
}
