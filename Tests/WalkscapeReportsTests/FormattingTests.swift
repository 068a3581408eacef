import Testing
import WalkscapeTestSupport
import WalkscapeReports

@Suite struct FormattingTests {
    @Test func minutesRoundAndTurnIntoHours() {
        expectEqual(Formatting.minutes(4.6), "5 min")
        expectEqual(Formatting.minutes(60), "1 h")
        expectEqual(Formatting.minutes(80.2), "1 h 20 min")
    }

    @Test func distancesSwitchToKilometresAtOneThousandMetres() {
        expectEqual(Formatting.distance(meters: 849.6), "850 m")
        expectEqual(Formatting.distance(meters: 2_140), "2.1 km")
        expectEqual(Formatting.kilometres(0.95), "1.0 km")
    }

    @Test func bytesUseDecimalUnits() {
        expectEqual(Formatting.bytes(812), "812 B")
        expectEqual(Formatting.bytes(4_100), "4.1 kB")
        expectEqual(Formatting.bytes(3_200_000), "3.2 MB")
        expectEqual(Formatting.bytes(1_250_000_000), "1.25 GB")
    }

    @Test func wrapBreaksOnSpaces() {
        expectEqual(Formatting.wrap("one two three four", width: 9), ["one two", "three", "four"])
    }
}
