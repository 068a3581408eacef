import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Live fixes dated away from the system clock (issue 45, item 7): a 2015 walk fed through gpsd came back dated
/// 2034 and `track` took it without a word.
@Suite struct LiveDateCheckTests {
    static let now = 1_796_688_000.0  // 2026-12-08T00:00:00Z
    static let rollover = LiveDateCheck.rolloverSeconds

    @Test func aDateAfterTheSystemClockIsARollover() {
        var check = LiveDateCheck()
        let line = check.check(fixTime: Self.now + Self.rollover, systemTime: Self.now)
        expectEqual(line, "the fixes are dated 2046-07-24T00:00:00Z, 19.6 years after the system clock (1024 GPS weeks): a GPS week rollover in the receiver or in gpsd (or a system clock that is wrong); the walk plays on the fixes' own times and --record writes them as they came")
        // Once a walk.
        expectEqual(check.check(fixTime: Self.now + Self.rollover + 1, systemTime: Self.now + 1), nil)
        // The issue's walk: recorded 2015-05-09, fed in 2026, dated 2034 by gpsd.
        var issue = LiveDateCheck()
        let dated2034 = issue.check(fixTime: 2_030_000_000, systemTime: Self.now)
        expectTrue(dated2034?.hasPrefix("the fixes are dated 2034-04-30T") == true && dated2034?.contains("years after the system clock: a GPS week rollover") == true, "\(dated2034 ?? "none")")
    }

    @Test func aPastDateIsARolloverOnlyWhenItIsWholeCyclesBack() {
        var lost = LiveDateCheck()
        let line = lost.check(fixTime: Self.now - Self.rollover + 3600, systemTime: Self.now)
        expectTrue(line?.contains("19.6 years before the system clock (1024 GPS weeks): a receiver that lost 1024 weeks") == true, "\(line ?? "none")")
        // A replayed log of any other age, and fixes within a day ahead (clock skew), say nothing.
        for offset in [-3 * 86_400.0, -400 * 86_400.0, -Self.rollover + 8 * 86_400, 3600, 86_000, 0] {
            var check = LiveDateCheck()
            expectEqual(check.check(fixTime: Self.now + offset, systemTime: Self.now), nil, "\(offset)")
        }
        var nan = LiveDateCheck()
        expectEqual(nan.check(fixTime: .nan, systemTime: Self.now), nil)
    }
}
