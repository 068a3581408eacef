/// The resolutions of the report's numbers: times to 1 ms, distances to 0.1 m, positions to 1e-6 degrees
/// (about 0.1 m), speeds to 0.01 m/s.
///
/// Rounding when a value is made keeps the JSON short and makes it depend only on the inputs: a number
/// printed in its shortest form after rounding is the same on every machine. Negative zero becomes zero.
public enum ReportRounding {
    /// Seconds to the millisecond.
    public static func seconds(_ value: Double) -> Double { round(value, 1_000) }

    /// Metres to the decimetre.
    public static func meters(_ value: Double) -> Double { round(value, 10) }

    /// Degrees to the millionth.
    public static func degrees(_ value: Double) -> Double { round(value, 1_000_000) }

    /// Metres a second to the centimetre a second.
    public static func speed(_ value: Double) -> Double { round(value, 100) }

    /// `value` to the nearest 1/`scale`; nil-free: a NaN or infinite value becomes 0 (callers pass finite ones).
    static func round(_ value: Double, _ scale: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }
}
