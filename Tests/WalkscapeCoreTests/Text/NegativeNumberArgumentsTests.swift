import Testing
import WalkscapeCore

@Suite struct NegativeNumberArgumentsTests {
    @Test func aNegativeNumberAfterAnOptionIsJoinedToIt() {
        #expect(NegativeNumberArguments.joined(["simulate", "t", "--walk-speed", "-3", "--lang", "it"]) == ["simulate", "t", "--walk-speed=-3", "--lang", "it"])
        #expect(NegativeNumberArguments.joined(["--from", "-.5"]) == ["--from=-.5"])
        #expect(NegativeNumberArguments.joined(["--from", "-1e3"]) == ["--from=-1e3"])
    }

    @Test func flagsValuesWithEqualsAndEverythingAfterADoubleDashAreLeftAlone() {
        #expect(NegativeNumberArguments.joined(["--from=1", "-3"]) == ["--from=1", "-3"])
        #expect(NegativeNumberArguments.joined(["--json", "-h"]) == ["--json", "-h"])
        #expect(NegativeNumberArguments.joined(["--", "--from", "-3"]) == ["--", "--from", "-3"])
        #expect(NegativeNumberArguments.joined(["--from", "-inf"]) == ["--from", "-inf"])
        #expect(NegativeNumberArguments.joined(["--from"]) == ["--from"])
    }
}
