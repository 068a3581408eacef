import Testing
import WalkscapeTestSupport
import WalkscapeCore

@Suite struct NegativeNumberArgumentsTests {
    @Test func aNegativeNumberAfterAnOptionIsJoinedToIt() {
        expectEqual(NegativeNumberArguments.joined(["simulate", "t", "--walk-speed", "-3", "--lang", "it"]), ["simulate", "t", "--walk-speed=-3", "--lang", "it"])
        expectEqual(NegativeNumberArguments.joined(["--from", "-.5"]), ["--from=-.5"])
        expectEqual(NegativeNumberArguments.joined(["--from", "-1e3"]), ["--from=-1e3"])
    }

    @Test func flagsValuesWithEqualsAndEverythingAfterADoubleDashAreLeftAlone() {
        expectEqual(NegativeNumberArguments.joined(["--from=1", "-3"]), ["--from=1", "-3"])
        expectEqual(NegativeNumberArguments.joined(["--json", "-h"]), ["--json", "-h"])
        expectEqual(NegativeNumberArguments.joined(["--", "--from", "-3"]), ["--", "--from", "-3"])
        expectEqual(NegativeNumberArguments.joined(["--from", "-inf"]), ["--from", "-inf"])
        expectEqual(NegativeNumberArguments.joined(["--from"]), ["--from"])
    }
}
