import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

@Suite(.serialized) struct CLIGoldenTests {
    @Test func catalogueOfTheSampleTours() throws {
        let result = try CLI.run(["tours"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(try matchesGolden(result.stdout, "tours.txt"), "\(result.stdout)")
    }

    @Test func catalogueInEnglishFromTheLocale() throws {
        let result = try CLI.run(["tours", "tours"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(result.status == 0)
        #expect(try matchesGolden(result.stdout, "tours-en.txt"), "\(result.stdout)")
    }

    @Test func catalogueAsJSON() throws {
        let result = try CLI.run(["tours", "--json"])
        #expect(result.status == 0)
        let json = try JSONParser().parse(result.stdout)
        #expect(json["tours"]?.arrayElements?.count == 3)
        #expect(try matchesGolden(result.stdout, "tours.json"), "\(result.stdout)")
    }

    @Test func infoOnTheItalianTour() throws {
        let result = try CLI.run(["info", "tours/torino-portici"])
        #expect(result.status == 0)
        #expect(try matchesGolden(result.stdout, "info-torino-portici.txt"), "\(result.stdout)")
    }

    @Test func infoOnTheFrenchTourInEnglishAsJSON() throws {
        let result = try CLI.run(["info", "--lang", "en", "--json", "tours/paris-ile-de-la-cite/tour.json"])
        #expect(result.status == 0)
        let json = try JSONParser().parse(result.stdout)
        #expect(json["language"] == .string("en"))
        #expect(try matchesGolden(result.stdout, "info-paris-ile-de-la-cite-en.json"), "\(result.stdout)")
    }

    @Test func validateTheSampleTours() throws {
        let result = try CLI.run(["validate", "tours/paris-ile-de-la-cite", "tours/torino-portici"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try matchesGolden(result.stdout, "validate-samples.txt"), "\(result.stdout)")
    }
}

@Suite struct CLIBehaviourTests {
    @Test func helpListsEveryCommandAndEachHasExamples() throws {
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        for command in ["tours", "info", "validate", "manifest"] {
            #expect(help.stdout.contains("\n  \(command) "), "\(command) missing from --help")
            let sub = try CLI.run([command, "--help"])
            #expect(sub.status == 0)
            #expect(sub.stdout.contains("Examples:"), "\(command) --help has no examples")
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        let unknown = try CLI.run(["fly"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Error: unknown command 'fly'"), "\(unknown.stderr)")
        let missing = try CLI.run(["validate"])
        #expect(missing.status == 2)
        let badFlag = try CLI.run(["info", "--nope", "tours/torino-portici"])
        #expect(badFlag.status == 2)
    }

    @Test func unreadableToursExitWithTwo() throws {
        let result = try CLI.run(["validate", "tours/no-such-tour"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("tours/no-such-tour: error: no such file or directory; expected a tour directory or its tour.json"))
        let info = try CLI.run(["info", "fixtures"])
        #expect(info.status == 2)
        #expect(info.stderr == "fixtures: is a directory without a tour.json; expected a downloaded tour directory\n")
        let tours = try CLI.run(["tours", "nowhere"])
        #expect(tours.status == 2)
    }

    @Test func strictFailsOnWarnings() throws {
        let result = try CLI.run(["validate", "--strict", "tours/torino-portici"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("tours/torino-portici: INVALID (0 errors, 6 warnings;"))  // the overlap of p3 and p4, five legs off (info --timing) (info --timing)
    }

    @Test func aCorruptedAssetMakesTheTourInvalid() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let audio = copy.directory + "/audio/it/p2.mp3"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: audio))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: audio))
        let result = try CLI.run(["validate", copy.directory])
        #expect(result.status == 1)
        #expect(result.stdout.contains("/tour.json: points[1].tracks.it.audio.sha256: error: \"audio/it/p2.mp3\" has SHA-256 "))
        #expect(result.stdout.contains(": INVALID (1 error, 1 warning;"))
        let json = try CLI.run(["validate", "--json", copy.directory])
        #expect(json.status == 1)
        let report = try JSONParser().parse(json.stdout)
        #expect(report["valid"] == .bool(false))
        #expect(report["errors"] == .integer(1))
        let info = try CLI.run(["info", copy.directory])
        #expect(info.status == 0)  // info reads the tour; digests are validate's business
    }

    @Test func truncatedTourFileIsNamedWithItsLine() throws {
        let copy = try TourCopy("paris-ile-de-la-cite")
        defer { copy.remove() }
        let file = copy.directory + "/tour.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data(text.prefix(text.count / 2).utf8).write(to: URL(fileURLWithPath: file))
        let result = try CLI.run(["validate", copy.directory])
        #expect(result.status == 1)
        let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix(copy.directory + "/tour.json: line "), "\(firstLine)")
        #expect(firstLine.hasSuffix("(the file may be truncated)"), "\(firstLine)")
        let info = try CLI.run(["info", copy.directory])
        #expect(info.status == 1)
        #expect(info.stderr.contains("run `walkscape validate"))
    }

    @Test func manifestRecomputesInPlaceAndCheckModeReportsStaleness() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let clean = try CLI.run(["manifest", "--check", copy.directory])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasSuffix("up to date (35 assets)\n"), "\(clean.stdout)")
        let subtitle = copy.directory + "/subtitles/it/p1.en.srt"
        try Data((try String(contentsOfFile: subtitle, encoding: .utf8) + "\n").utf8).write(to: URL(fileURLWithPath: subtitle))
        let stale = try CLI.run(["manifest", "--check", copy.directory])
        #expect(stale.status == 1)
        #expect(stale.stdout.hasPrefix("subtitles/it/p1.en.srt: size "))
        let fixed = try CLI.run(["manifest", copy.directory])
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("updated 1 of 35 assets"))
        #expect(try CLI.run(["validate", copy.directory]).status == 0)
    }

    @Test func emptyCatalogue() throws {
        let root = NSTemporaryDirectory() + "walkscape-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["tours", root])
        #expect(result.status == 0)
        #expect(result.stdout == "No tours in \(root)/ (a tour is a directory with a tour.json).\n")
    }

    @Test func versionPrints() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }
}
