import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// `walkscape inspect` on subtitle files (fixtures/subtitles), through the built binary.
@Suite struct InspectSubtitlesCLITests {
    func array(_ value: JSONValue?) -> [JSONValue]? {
        if case let .array(items)? = value { return items }
        return nil
    }

    func inspectJSON(_ path: String) throws -> (CLIResult, JSONValue) {
        let result = try CLI.run(["inspect", "--json", path])
        expectTrue(result.stdout.hasSuffix("}\n") && !result.stdout.dropLast().contains("\n"))
        return (result, try JSONParser().parse(result.stdout))
    }

    @Test func jsonHasExactlyTheDocumentedKeys() throws {
        let (result, json) = try inspectJSON("fixtures/subtitles/crlf.srt")
        expectEqual(result.status, 0)
        expectEqual(result.stderr, "")
        expectEqual(result.stdout, "{\"kind\":\"subtitles\",\"encoding\":\"utf-8\",\"cues\":3,\"firstStartMs\":500,\"lastEndMs\":6000,\"warnings\":[],\"warningCount\":0}\n")
        expectTrue(json.objectMembers?.map(\.key) == ["kind", "encoding", "cues", "firstStartMs", "lastEndMs", "warnings", "warningCount"])
    }

    @Test(arguments: [
        ("utf16le-bom.srt", "utf-16le", 2, 1000, 6000, 0),
        ("windows-1252.srt", "windows-1252", 2, 1000, 6000, 1),
        ("crlf.srt", "utf-8", 3, 500, 6000, 0),
        ("tags.srt", "utf-8", 3, 1000, 7000, 0),
        ("overlapping.srt", "utf-8", 4, 1000, 7000, 3),
        ("malformed.srt", "utf-8", 2, 1000, 10000, 3),
    ])
    func eachFixtureReads(name: String, encoding: String, cues: Int, first: Int, last: Int, warnings: Int) throws {
        let (result, json) = try inspectJSON("fixtures/subtitles/" + name)
        expectEqual(result.status, 0)
        expectEqual(json["kind"], .string("subtitles"))
        expectEqual(json["encoding"], .string(encoding))
        expectTrue(json["cues"]?.intValue == cues)
        expectTrue(json["firstStartMs"]?.intValue == first)
        expectTrue(json["lastEndMs"]?.intValue == last)
        expectTrue(array(json["warnings"])?.count == warnings, "\(result.stdout)")
    }

    @Test func warningsNameTheirLine() throws {
        let (_, malformed) = try inspectJSON("fixtures/subtitles/malformed.srt")
        expectEqual(malformed["warnings"], .array([
            .string("line 6: end time \"00:0x:05,000\" is not HH:MM:SS,mmm; cue skipped"),
            .string("line 10: cue ends (00:00:06,000) before it starts (00:00:07,000); cue skipped"),
            .string("line 13: expected a cue number or a time line like \"00:00:01,000 --> 00:00:02,500\", got \"stray text without a time\"; skipped up to the next blank line"),
        ]))
        let (_, overlapping) = try inspectJSON("fixtures/subtitles/overlapping.srt")
        let lines = array(overlapping["warnings"])?.compactMap { $0.stringValue?.split(separator: ":").first.map(String.init) }
        expectEqual(lines, ["line 6", "line 10", "line 14"])
        let (_, legacy) = try inspectJSON("fixtures/subtitles/windows-1252.srt")
        expectEqual(legacy["warnings"], .array([.string("not valid UTF-8, read as Windows-1252; save the file as UTF-8 to be sure")]))
    }

    @Test func textFormShowsTheDecodedFirstCue() throws {
        let legacy = try CLI.run(["inspect", "fixtures/subtitles/windows-1252.srt"])
        expectEqual(legacy.status, 0)
        expectContains(legacy.stdout, "Encoding    Windows-1252 (not valid UTF-8, so a guess)\n")
        expectContains(legacy.stdout, "First text  Caffè al Bicerin: 3,50 €.\n")
        expectTrue(legacy.stdout.hasSuffix("warning: not valid UTF-8, read as Windows-1252; save the file as UTF-8 to be sure\n"))
        let utf16 = try CLI.run(["inspect", "fixtures/subtitles/utf16le-bom.srt"])
        #expect(utf16.stdout == """
            fixtures/subtitles/utf16le-bom.srt
            Format      SubRip (.srt)
            Encoding    UTF-16 little-endian
            Cues        2
            First       00:00:01,000  (line 2)
            Last end    00:00:06,000  (line 6)
            First text  Benvenuti in piazza Castello.
            Fastest     14.5 characters a second
            Warnings    none

            """)
        let tags = try CLI.run(["inspect", "fixtures/subtitles/tags.srt"])
        expectContains(tags.stdout, "First text  Italics and bold\n")
    }

    @Test func subRipContentIsRecognisedWithoutTheExtension() throws {
        let directory = NSTemporaryDirectory() + "walkscape-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: repositoryRoot + "/fixtures/subtitles/utf16le-bom.srt", toPath: directory + "/captions.txt")
        let (result, json) = try inspectJSON(directory + "/captions.txt")
        expectEqual(result.status, 0)
        expectEqual(json["kind"], .string("subtitles"))
        expectTrue(json["cues"]?.intValue == 2)
    }

    @Test func aFileWithoutCuesExitsOneAndAMissingOneTwo() throws {
        let directory = NSTemporaryDirectory() + "walkscape-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("just some words\n".utf8).write(to: URL(fileURLWithPath: directory + "/empty.srt"))
        let empty = try CLI.run(["inspect", "--json", directory + "/empty.srt"])
        expectEqual(empty.status, 1)
        expectTrue(empty.stdout.hasPrefix("{\"kind\":\"subtitles\",\"encoding\":\"utf-8\",\"cues\":0,\"firstStartMs\":null,\"lastEndMs\":null,"))
        expectTrue(empty.stderr.hasSuffix("empty.srt: no subtitle cues could be read; expected SubRip cues like \"1\\n00:00:01,000 --> 00:00:03,500\\nText\"\n"))
        let missing = try CLI.run(["inspect", "no/such/captions.srt"])
        expectEqual(missing.status, 2)
        expectEqual(missing.stderr, "no/such/captions.srt: no such file\n")
    }
}
