import Testing
import WalkscapeCore
import WalkscapeReports

@Suite struct EngineProfileListTests {
    @Test func everyProfileHasARowAndEveryRemovedNameALine() {
        let lines = EngineProfileList.lines(json: false)
        #expect(lines.allSatisfy { $0.hasSuffix("\n") })
        #expect(lines[0].hasPrefix("PROFILE"))
        for profile in EngineProfile.allCases {
            #expect(lines.contains { $0.hasPrefix(profile.rawValue + " ") }, "\(profile.rawValue)")
        }
        #expect(lines.count == 1 + EngineProfile.allCases.count + EngineProfile.removedNames.count)
    }

    @Test func theJSONNamesTheRepositoryAndEachProfilesCommit() throws {
        let lines = EngineProfileList.lines(json: true)
        #expect(lines.count == 1)
        let document = try JSONParser().parse(Array(lines[0].utf8))
        #expect(document["repository"]?.stringValue == "gigiorda84/walkspace-app")
        #expect(document["profiles"]?.arrayElements?.count == EngineProfile.allCases.count)
    }
}
