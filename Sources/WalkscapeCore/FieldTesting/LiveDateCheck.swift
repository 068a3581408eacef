/// Whether live fixes are dated where the system clock says it is (`track`, `play --gps`): a receiver or gpsd
/// that got the GPS week number wrong dates every fix 1024 weeks (19.6 years) away, consistently, so the time
/// gate (`FixTimeGate`) takes the walk and `--record` writes it as it came. One warning a walk, on the first fix
/// that shows it:
/// - dated more than a day after the system clock: a week rollover (or a system clock that is wrong);
/// - dated a whole number of 1024-week cycles before it, within a week: a receiver that lost 1024 weeks.
/// Fixes dated days or years before the system clock otherwise are what a replayed log (gpsfake, `walkscape feed`)
/// sends, and say nothing.
public struct LiveDateCheck: Sendable {
    /// How far ahead of the system clock a fix may be dated (clock skew, time zones set wrong): a day.
    public static let slackSeconds = 86_400.0
    /// 1024 GPS weeks, the span of the 10-bit week number: 619,315,200 s.
    public static let rolloverSeconds = 1024 * 7 * 86_400.0
    /// How close to a whole number of rollovers a past date must be to be called one: a week.
    public static let rolloverToleranceSeconds = 7 * 86_400.0
    private var warned = false

    public init() {}

    /// The warning for a fix dated `fixTime` read when the system clock said `systemTime` (both Unix seconds), or nil.
    public mutating func check(fixTime: Double, systemTime: Double) -> String? {
        guard !warned, fixTime.isFinite, systemTime.isFinite else { return nil }
        let offset = fixTime - systemTime
        let cycles = (offset / Self.rolloverSeconds).rounded()
        let rolled = cycles != 0 && abs(offset - cycles * Self.rolloverSeconds) <= Self.rolloverToleranceSeconds
        let dated = "the fixes are dated \(ISO8601Time.format(fixTime)), \(Self.span(abs(offset))) \(offset > 0 ? "after" : "before") the system clock"
        if offset > Self.slackSeconds {
            warned = true
            let weeks = rolled ? " (\(Int(abs(cycles)) * 1024) GPS weeks)" : ""
            return "\(dated)\(weeks): a GPS week rollover in the receiver or in gpsd (or a system clock that is wrong); the walk plays on the fixes' own times and --record writes them as they came"
        }
        if rolled {
            warned = true
            return "\(dated) (\(Int(abs(cycles)) * 1024) GPS weeks): a receiver that lost 1024 weeks (a GPS week rollover); the walk plays on the fixes' own times and --record writes them as they came"
        }
        return nil
    }

    /// `19.6 years`, `12 days`, `5 hours`.
    static func span(_ seconds: Double) -> String {
        let days = seconds / 86_400
        if days >= 365 { return formatFixed(days / 365.25, 1) + " years" }
        if days >= 2 { return "\(Int(days)) days" }
        return "\(Int(seconds / 3600)) hours"
    }
}
