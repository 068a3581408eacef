import Testing
import WalkscapeReports

@Suite struct FormattingTests {
    @Test func minutesRoundAndTurnIntoHours() {
        #expect(Formatting.minutes(4.6) == "5 min")
        #expect(Formatting.minutes(60) == "1 h")
        #expect(Formatting.minutes(80.2) == "1 h 20 min")
    }

    @Test func distancesSwitchToKilometresAtOneThousandMetres() {
        #expect(Formatting.distance(meters: 849.6) == "850 m")
        #expect(Formatting.distance(meters: 2_140) == "2.1 km")
        #expect(Formatting.kilometres(0.95) == "1.0 km")
    }

    @Test func bytesUseDecimalUnits() {
        #expect(Formatting.bytes(812) == "812 B")
        #expect(Formatting.bytes(4_100) == "4.1 kB")
        #expect(Formatting.bytes(3_200_000) == "3.2 MB")
        #expect(Formatting.bytes(1_250_000_000) == "1.25 GB")
    }

    @Test func wrapBreaksOnSpaces() {
        #expect(Formatting.wrap("one two three four", width: 9) == ["one two", "three", "four"])
    }
}
