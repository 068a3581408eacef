import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

@Suite(.serialized) struct CLIGoldenTests {
    @Test func catalogueOfTheSampleTours() throws {
        let result = try CLI.run(["tours"])
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        try expectTrue(matchesGolden(result.stdout, "tours.txt"), "\(result.stdout)")
    }

    @Test func catalogueInEnglishFromTheLocale() throws {
        let result = try CLI.run(["tours", "tours"], environment: ["LANG": "en_GB.UTF-8"])
        expectEqual(result.status, 0)
        try expectTrue(matchesGolden(result.stdout, "tours-en.txt"), "\(result.stdout)")
    }

    @Test func catalogueAsJSON() throws {
        let result = try CLI.run(["tours", "--json"])
        expectEqual(result.status, 0)
        let json = try JSONParser().parse(result.stdout)
        expectTrue(json["tours"]?.arrayElements?.count == 3)
        try expectTrue(matchesGolden(result.stdout, "tours.json"), "\(result.stdout)")
    }

    @Test func infoOnTheItalianTour() throws {
        let result = try CLI.run(["info", "tours/torino-portici"])
        expectEqual(result.status, 0)
        try expectTrue(matchesGolden(result.stdout, "info-torino-portici.txt"), "\(result.stdout)")
    }

    @Test func infoOnTheFrenchTourInEnglishAsJSON() throws {
        let result = try CLI.run(["info", "--lang", "en", "--json", "tours/paris-ile-de-la-cite/tour.json"])
        expectEqual(result.status, 0)
        let json = try JSONParser().parse(result.stdout)
        expectEqual(json["language"], .string("en"))
        try expectTrue(matchesGolden(result.stdout, "info-paris-ile-de-la-cite-en.json"), "\(result.stdout)")
    }

    @Test func validateTheSampleTours() throws {
        let result = try CLI.run(["validate", "tours/paris-ile-de-la-cite", "tours/torino-portici"])
        expectEqual(result.status, 0, "\(result.stdout)")
        try expectTrue(matchesGolden(result.stdout, "validate-samples.txt"), "\(result.stdout)")
    }
}

@Suite struct CLIBehaviourTests {
    @Test func helpListsEveryCommandAndEachHasExamples() throws {
        let help = try CLI.run(["--help"])
        expectEqual(help.status, 0)
        for command in ["tours", "info", "validate", "manifest"] {
            expectContains(help.stdout, "\n  \(command) ", "\(command) missing from --help")
            let sub = try CLI.run([command, "--help"])
            expectEqual(sub.status, 0)
            expectContains(sub.stdout, "Examples:", "\(command) --help has no examples")
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        let unknown = try CLI.run(["fly"])
        expectEqual(unknown.status, 2)
        expectTrue(unknown.stderr.hasPrefix("Error: unknown command 'fly'"), "\(unknown.stderr)")
        let missing = try CLI.run(["validate"])
        expectEqual(missing.status, 2)
        let badFlag = try CLI.run(["info", "--nope", "tours/torino-portici"])
        expectEqual(badFlag.status, 2)
    }

    @Test func unreadableToursExitWithTwo() throws {
        let result = try CLI.run(["validate", "tours/no-such-tour"])
        expectEqual(result.status, 2)
        expectContains(result.stdout, "tours/no-such-tour: error: no such file or directory; expected a tour directory or its tour.json")
        let info = try CLI.run(["info", "fixtures"])
        expectEqual(info.status, 2)
        expectEqual(info.stderr, "fixtures: is a directory without a tour.json; expected a downloaded tour directory\n")
        let tours = try CLI.run(["tours", "nowhere"])
        expectEqual(tours.status, 2)
    }

    @Test func strictFailsOnWarnings() throws {
        let result = try CLI.run(["validate", "--strict", "tours/torino-portici"])
        expectEqual(result.status, 1)
        expectContains(result.stdout, "tours/torino-portici: INVALID (0 errors, 6 warnings;")  // the overlap of p3 and p4, five legs off (info --timing) (info --timing)
    }

    @Test func aCorruptedAssetMakesTheTourInvalid() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let audio = copy.directory + "/audio/it/p2.mp3"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: audio))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: audio))
        let result = try CLI.run(["validate", copy.directory])
        expectEqual(result.status, 1)
        expectContains(result.stdout, "/tour.json: points[1].tracks.it.audio.sha256: error: \"audio/it/p2.mp3\" has SHA-256 ")
        expectContains(result.stdout, ": INVALID (1 error, 1 warning;")
        let json = try CLI.run(["validate", "--json", copy.directory])
        expectEqual(json.status, 1)
        let report = try JSONParser().parse(json.stdout)
        expectEqual(report["valid"], .bool(false))
        expectEqual(report["errors"], .integer(1))
        let info = try CLI.run(["info", copy.directory])
        expectEqual(info.status, 0)  // info reads the tour; digests are validate's business
    }

    @Test func truncatedTourFileIsNamedWithItsLine() throws {
        let copy = try TourCopy("paris-ile-de-la-cite")
        defer { copy.remove() }
        let file = copy.directory + "/tour.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data(text.prefix(text.count / 2).utf8).write(to: URL(fileURLWithPath: file))
        let result = try CLI.run(["validate", copy.directory])
        expectEqual(result.status, 1)
        let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        expectTrue(firstLine.hasPrefix(copy.directory + "/tour.json: line "), "\(firstLine)")
        expectTrue(firstLine.hasSuffix("(the file may be truncated)"), "\(firstLine)")
        let info = try CLI.run(["info", copy.directory])
        expectEqual(info.status, 1)
        expectContains(info.stderr, "run `walkscape validate")
    }

    @Test func manifestRecomputesInPlaceAndCheckModeReportsStaleness() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let clean = try CLI.run(["manifest", "--check", copy.directory])
        expectEqual(clean.status, 0)
        expectTrue(clean.stdout.hasSuffix("up to date (35 assets)\n"), "\(clean.stdout)")
        let subtitle = copy.directory + "/subtitles/it/p1.en.srt"
        try Data((try String(contentsOfFile: subtitle, encoding: .utf8) + "\n").utf8).write(to: URL(fileURLWithPath: subtitle))
        let stale = try CLI.run(["manifest", "--check", copy.directory])
        expectEqual(stale.status, 1)
        expectTrue(stale.stdout.hasPrefix("subtitles/it/p1.en.srt: size "))
        let fixed = try CLI.run(["manifest", copy.directory])
        expectEqual(fixed.status, 0)
        expectContains(fixed.stdout, "updated 1 of 35 assets")
        try expectEqual(CLI.run(["validate", copy.directory]).status, 0)
    }

    @Test func emptyCatalogue() throws {
        let root = NSTemporaryDirectory() + "walkscape-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["tours", root])
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "No tours in \(root)/ (a tour is a directory with a tour.json).\n")
    }

    @Test func versionPrints() throws {
        let result = try CLI.run(["--version"])
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "0.1.0\n")
    }
}
