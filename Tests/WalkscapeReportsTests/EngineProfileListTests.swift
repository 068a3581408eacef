import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeReports

@Suite struct EngineProfileListTests {
    @Test func everyProfileHasARowAndEveryRemovedNameALine() {
        let lines = EngineProfileList.lines(json: false)
        expectTrue(lines.allSatisfy { $0.hasSuffix("\n") })
        expectTrue(lines[0].hasPrefix("PROFILE"))
        for profile in EngineProfile.allCases {
            expectTrue(lines.contains { $0.hasPrefix(profile.rawValue + " ") }, "\(profile.rawValue)")
        }
        // The table, a blank line, a line per profile with other names, a line per removed name.
        let withAliases = EngineProfile.allCases.filter { !$0.otherNames.isEmpty }.count
        expectEqual(lines.count, 1 + EngineProfile.allCases.count + 1 + withAliases + EngineProfile.removedNames.count)
        expectTrue(lines.contains("android-app, android-app@1.1.12: android-app@efba3ee\n"))
        expectTrue(lines.contains { $0.hasPrefix("android-app@5c84126     1.1.1-beta (9)   walkspace-app@5c84126  read      2026-02-06") }, "\(lines)")
    }

    @Test func theJSONNamesTheRepositoryAndEachProfilesCommit() throws {
        let lines = EngineProfileList.lines(json: true)
        expectEqual(lines.count, 1)
        let document = try JSONParser().parse(Array(lines[0].utf8))
        expectTrue(document["repository"]?.stringValue == "gigiorda84/walkspace-app")
        expectTrue(document["profiles"]?.arrayElements?.count == EngineProfile.allCases.count)
    }
}
