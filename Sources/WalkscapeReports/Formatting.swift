import WalkscapeCore

/// Number and time formats shared by the commands' text output.
public enum Formatting {
    /// `5 min`, `1 h 20 min`.
    public static func minutes(_ value: Double) -> String {
        let total = Int(value.rounded())
        if total < 60 { return "\(total) min" }
        return total % 60 == 0 ? "\(total / 60) h" : "\(total / 60) h \(total % 60) min"
    }

    /// `850 m` below a kilometre, `2.1 km` above.
    public static func distance(meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : formatFixed(meters / 1000, 1) + " km"
    }

    /// `2.1 km` from kilometres.
    public static func kilometres(_ value: Double) -> String { formatFixed(value, 1) + " km" }

    /// `812 B`, `4.1 kB`, `3.2 MB` (decimal units, like the download sizes phones show).
    public static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        if count < 1_000_000 { return formatFixed(Double(count) / 1000, 1) + " kB" }
        if count < 1_000_000_000 { return formatFixed(Double(count) / 1_000_000, 1) + " MB" }
        return formatFixed(Double(count) / 1_000_000_000, 2) + " GB"
    }

    /// Wraps `text` at `width` columns on spaces.
    public static func wrap(_ text: String, width: Int) -> [String] {
        TextWrapper.wrap(text, width: width, cutLongWords: false, keepEmptyLines: true)
    }
}
