import Foundation

/// The values `radii` takes as text: the radii of a sweep (`FROM:TO:STEP`) and the points `--only` names.
public enum RadiusSweep {
    /// The radii of the noise trials when no sweep is given.
    public static let defaultNoise = "50:300:10"

    /// The radii of `FROM:TO:STEP`, ascending: at most 1,000 of them, none above 10 km.
    public static func radii(_ text: String) throws(ValueProblem) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2], from.isFinite, to.isFinite, step.isFinite else {
            throw ValueProblem("--sweep must be FROM:TO:STEP in metres, like 50:300:10, got \(text).")
        }
        guard from > 0, to >= from, step > 0 else { throw ValueProblem("--sweep needs 0 < FROM ≤ TO and STEP > 0, got \(text).") }
        guard to <= 10_000 else { throw ValueProblem("--sweep radii must stay at or below 10000 m, got \(text).") }
        // Counted as a Double first: a tiny STEP gives more radii than an Int holds.
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps < 1000 else { throw ValueProblem("--sweep would try \(formatShortNumber(steps + 1)) radii; at most 1000 (use a larger STEP).") }
        let count = Int(steps) + 1
        return (0..<count).map { from + Double($0) * step }
    }

    /// The point orders of `--only 3,5`.
    public static func orders(_ text: String) throws(ValueProblem) -> Set<Int> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 1 && $0! <= ValueRanges.maxCount }) else {
            throw ValueProblem("--only must be point orders separated by commas, like 3,5, got \(text).")
        }
        return Set(parts.compactMap { $0 })
    }
}
