/// Formats `value` with exactly `decimals` digits after the point, without Foundation's locale rules.
public func formatFixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let negative = value < 0 && scaled != 0
    guard scaled < 9.0e18 else { return String(value) }
    let integer = UInt64(scaled)
    var digits = String(integer)
    if decimals > 0 {
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (negative ? "-" : "") + digits
}

/// A number written briefly, as JSON and messages want it: no trailing `.0` on whole numbers.
public func formatShortNumber(_ value: Double) -> String {
    if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}

/// A length of time as a clock reading, rounded to the second: `1:05`, `12:30`, `1:02:03` from an hour on.
/// Negative lengths are shown by their size; non-finite ones as `?`.
public func formatClock(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "?" }
    let total = Int(abs(seconds).rounded())
    let hours = total / 3600, minutes = (total % 3600) / 60, secs = total % 60
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
}
