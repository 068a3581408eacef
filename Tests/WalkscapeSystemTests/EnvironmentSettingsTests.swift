import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeSystem

@Suite struct EnvironmentSettingsTests {
    @Test func theLanguageComesFromTheFirstLocaleVariableSet() {
        expectEqual(LanguagePreference.fromEnvironment(["LANG": "it_IT.UTF-8"]), "it")
        expectEqual(LanguagePreference.fromEnvironment(["LC_ALL": "de_DE@euro", "LANG": "it_IT.UTF-8"]), "de")
        expectEqual(LanguagePreference.fromEnvironment(["LC_MESSAGES": "pt_BR", "LANG": "C"]), "pt")
        expectTrue(LanguagePreference.fromEnvironment(["LANG": "C.UTF-8"]) == nil)
        expectTrue(LanguagePreference.fromEnvironment(["LANG": "POSIX"]) == nil)
        expectTrue(LanguagePreference.fromEnvironment(["LANG": "ğğ_XX"]) == nil)
        expectTrue(LanguagePreference.fromEnvironment([:]) == nil)
    }

    @Test func theTokenOptionWinsOverTheEnvironmentAndEmptyMeansNone() {
        expectEqual(AccessToken.resolve("a", environment: ["WALKSCAPE_TOKEN": "b"]), "a")
        expectEqual(AccessToken.resolve(nil, environment: ["WALKSCAPE_TOKEN": "b"]), "b")
        expectTrue(AccessToken.resolve("", environment: ["WALKSCAPE_TOKEN": ""]) == nil)
    }

    @Test func theStateDirectoryFollowsXDGAndIsPrivate() throws {
        expectEqual(StateDirectory.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/walkscape")
        expectEqual(StateDirectory.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.local/state/walkscape")
        expectTrue(StateDirectory.path(environment: [:]) == nil)
        let root = NSTemporaryDirectory() + "walkscape-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let log = try #require(StateDirectory.openLog("play.log", environment: ["XDG_STATE_HOME": root]))
        close(log.descriptor)
        expectEqual(log.path, root + "/walkscape/play.log")
        var status = stat()
        expectEqual(lstat(root + "/walkscape", &status), 0)
        expectEqual(status.st_mode & 0o777, 0o700)
        // A directory others can write into is refused.
        chmod(root + "/walkscape", 0o777)
        expectTrue(StateDirectory.create(environment: ["XDG_STATE_HOME": root]) == nil)
    }
}
