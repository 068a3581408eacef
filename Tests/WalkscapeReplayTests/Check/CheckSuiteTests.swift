import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeReplay

@Suite struct CheckSuiteTests {
    private func suite(_ text: String) throws -> String {
        let directory = NSTemporaryDirectory() + "walkscape-suite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/cases", withIntermediateDirectories: true)
        let path = directory + "/cases/suite.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func pathsAreRelativeToTheSuiteAndOptionsOverrideTheProfile() throws {
        let path = try suite(#"{"cases": [{"tour": "../t", "trace": "/abs/walk.gpx", "golden": "g.jsonl", "options": {"profile": "ios-app@5c84126", "queueDepth": 0, "walkSpeed": 1.5}, "track": 2, "minShare": 0.9}]}"#)
        let cases = try CheckSuite.read(path)
        let base = (path as NSString).deletingLastPathComponent
        expectEqual(cases.count, 1)
        expectEqual(cases[0].tour, base + "/../t")
        expectEqual(cases[0].trace, "/abs/walk.gpx")
        expectEqual(cases[0].name, "g.jsonl")
        expectEqual(cases[0].policy.queueDepth, 0)
        expectEqual(cases[0].policy.distanceModel, EngineProfile.ios5c84126.policy.distanceModel)
        expectEqual(cases[0].walkSpeed, 1.5)
        expectEqual(cases[0].selection.track, 2)
        expectEqual(cases[0].minShare, 0.9)
        expectEqual(cases[0].tolerance, 0.5)
    }

    @Test func aMisspeltKeyNamesTheClosestKnownOne() throws {
        let path = try suite(#"{"cases": [{"tour": "t", "trace": "w", "golden": "g", "tolerence": 1}]}"#)
        #expect(throws: CheckSuite.ReadError.self) { try CheckSuite.read(path) }
        do {
            _ = try CheckSuite.read(path)
        } catch {
            expectEqual(error.description, "\(path): cases[0].tolerence: error: unknown key \"tolerence\"; did you mean \"tolerance\"?")
        }
    }

    @Test func valuesOutsideTheirRangesAreRefusedWhereTheyStand() throws {
        for (options, location) in [
            (#""options": {"walkSpeed": 0}"#, "cases[0].options.walkSpeed"), (#""options": {"confirmFixes": 0}"#, "cases[0].options.confirmFixes"),
            (#""phases": 361"#, "cases[0].phases"), (#""minShare": 1.5"#, "cases[0].minShare"), (#""tolerance": -1"#, "cases[0].tolerance"),
        ] {
            let path = try suite(#"{"cases": [{"tour": "t", "trace": "w", "golden": "g", "# + options + "}]}")
            do {
                _ = try CheckSuite.read(path)
                Issue.record("\(options) was accepted")
            } catch {
                expectEqual(error.location, location)
            }
        }
    }

    @Test func anEmptySuiteAndAnUnreadableFileAreErrors() throws {
        #expect(throws: CheckSuite.ReadError.self) { try CheckSuite.read(try suite(#"{"cases": []}"#)) }
        #expect(throws: CheckSuite.ReadError.self) { try CheckSuite.read("/nonexistent/suite.json") }
        #expect(throws: CheckSuite.ReadError.self) { try CheckSuite.read(try suite("{")) }
    }
}
