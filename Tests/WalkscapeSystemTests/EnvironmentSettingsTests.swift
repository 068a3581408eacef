import Foundation
import Testing
import WalkscapeSystem

@Suite struct EnvironmentSettingsTests {
    @Test func theLanguageComesFromTheFirstLocaleVariableSet() {
        #expect(LanguagePreference.fromEnvironment(["LANG": "it_IT.UTF-8"]) == "it")
        #expect(LanguagePreference.fromEnvironment(["LC_ALL": "de_DE@euro", "LANG": "it_IT.UTF-8"]) == "de")
        #expect(LanguagePreference.fromEnvironment(["LC_MESSAGES": "pt_BR", "LANG": "C"]) == "pt")
        #expect(LanguagePreference.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
        #expect(LanguagePreference.fromEnvironment(["LANG": "POSIX"]) == nil)
        #expect(LanguagePreference.fromEnvironment(["LANG": "ğğ_XX"]) == nil)
        #expect(LanguagePreference.fromEnvironment([:]) == nil)
    }

    @Test func theTokenOptionWinsOverTheEnvironmentAndEmptyMeansNone() {
        #expect(AccessToken.resolve("a", environment: ["WALKSCAPE_TOKEN": "b"]) == "a")
        #expect(AccessToken.resolve(nil, environment: ["WALKSCAPE_TOKEN": "b"]) == "b")
        #expect(AccessToken.resolve("", environment: ["WALKSCAPE_TOKEN": ""]) == nil)
    }

    @Test func theStateDirectoryFollowsXDGAndIsPrivate() throws {
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/walkscape")
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/walkscape")
        #expect(StateDirectory.path(environment: [:]) == nil)
        let root = NSTemporaryDirectory() + "walkscape-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let log = try #require(StateDirectory.openLog("play.log", environment: ["XDG_STATE_HOME": root]))
        close(log.descriptor)
        #expect(log.path == root + "/walkscape/play.log")
        var status = stat()
        #expect(lstat(root + "/walkscape", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        // A directory others can write into is refused.
        chmod(root + "/walkscape", 0o777)
        #expect(StateDirectory.create(environment: ["XDG_STATE_HOME": root]) == nil)
    }
}
