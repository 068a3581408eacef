/// The radius advised for one point from recorded walks: between the smallest radius that triggered on
/// every walk and the largest that stays clear of where walkers were before the previous point's audio
/// ended, with a margin on both sides; or why no radius works.
public struct RadiusRecommendation: Sendable, Equatable {
    /// What to do with the point's radius.
    public enum Verdict: String, Sendable, CaseIterable {
        /// The current radius is inside the safe band.
        case keep
        /// The current radius is too small (some walk would not trigger, or with too little margin).
        case raise
        /// The current radius is too large (it reaches where walkers were while the previous audio played).
        case lower
        /// The band is narrower than two margins: the middle of it, with little room for GPS error.
        case tight
        /// No radius triggers on every walk and stays clear.
        case noRadius = "none"
    }

    public var verdict: Verdict
    /// The advised radius in metres; nil when no radius works.
    public var radiusMeters: Double?
    /// One sentence for people: the numbers behind the verdict.
    public var reason: String

    public init(verdict: Verdict, radiusMeters: Double?, reason: String) {
        self.verdict = verdict
        self.radiusMeters = radiusMeters
        self.reason = reason
    }

    /// The margin wanted on each side of the band for GPS error: 20 % of the smallest triggering radius,
    /// at least 10 m.
    public static func margin(forMinimum minimum: Double) -> Double { max(10, 0.2 * minimum) }

    /// Advises a radius.
    /// - Parameters:
    ///   - current: the tour's radius.
    ///   - minimum: the smallest radius that triggered on every usable walk (nil: some walk cannot trigger).
    ///   - minimumTrace: the walk that needs `minimum`.
    ///   - clear: radii must stay below this to keep clear of the previous audio (nil: no constraint).
    ///   - clearTrace: the walk that sets `clear`.
    ///   - previous: the previous point's order (nil for the first point).
    ///   - untriggerable: a walk on which no radius triggers (the walk ends first), if any.
    ///   - usableTraces: walks on which the previous point triggered.
    public static func advise(
        current: Double, minimum: Double?, minimumTrace: String?, clear: Double?, clearTrace: String?, previous: Int?,
        untriggerable: String?, usableTraces: Int
    ) -> RadiusRecommendation {
        let previousText = previous.map { "point \($0)" } ?? "the previous point"
        guard usableTraces > 0 else {
            return RadiusRecommendation(verdict: .noRadius, radiusMeters: nil,
                reason: "\(previousText) never triggered on any trace, so this point could not either; fix \(previousText) first")
        }
        if let untriggerable {
            return RadiusRecommendation(verdict: .noRadius, radiusMeters: nil,
                reason: "on \(untriggerable) no radius triggers: the walk ends before the queue has room for this point")
        }
        guard let minimum else {
            return RadiusRecommendation(verdict: .noRadius, radiusMeters: nil, reason: "no trace gives a triggering radius")
        }
        let low = m(minimum)
        let needs = "every trace triggers from \(low)" + (minimumTrace.map { " (\($0) needs it)" } ?? "")
        guard let clear else {
            let margin = margin(forMinimum: minimum)
            let wanted = minimum + margin
            if current >= wanted {
                return RadiusRecommendation(verdict: .keep, radiusMeters: current, reason: "\(m(current)) keeps \(m(current - minimum)) of margin: \(needs)")
            }
            let advised = roundUp(wanted, to: 5)
            return RadiusRecommendation(verdict: .raise, radiusMeters: advised, reason: "\(needs); \(m(advised)) adds \(m(advised - minimum)) of margin")
        }
        let high = m(clear)
        let clearText = "stays clear of where walkers were before \(previousText)'s audio ended below \(high)" + (clearTrace.map { " (\($0))" } ?? "")
        guard minimum < clear else {
            return RadiusRecommendation(verdict: .noRadius, radiusMeters: nil,
                reason: "\(needs), but a region that large reaches where walkers were before \(previousText)'s audio ended (\(high) away" + (clearTrace.map { " on \($0)" } ?? "") + "); move the point or shorten \(previousText)'s audio")
        }
        let margin = margin(forMinimum: minimum)
        let lower = minimum + margin
        let upper = clear - margin
        if lower <= upper {
            if current >= lower && current <= upper {
                return RadiusRecommendation(verdict: .keep, radiusMeters: current, reason: "\(needs) and \(clearText)")
            }
            if current < lower {
                let advised = roundUp(lower, to: 5) <= upper ? roundUp(lower, to: 5) : lower
                return RadiusRecommendation(verdict: .raise, radiusMeters: advised, reason: "\(needs) and \(clearText)")
            }
            let advised = roundDown(upper, to: 5) >= lower ? roundDown(upper, to: 5) : upper
            return RadiusRecommendation(verdict: .lower, radiusMeters: advised, reason: "\(needs) and \(clearText)")
        }
        var middle = ((minimum + clear) / 2).rounded()
        if !(middle >= minimum && middle < clear) { middle = (minimum + clear) / 2 }
        return RadiusRecommendation(verdict: .tight, radiusMeters: middle,
            reason: "only \(m(clear - minimum)) between \(low) (every trace triggers) and \(high) (clear of \(previousText)'s audio): little room for GPS error")
    }

    static func roundUp(_ value: Double, to step: Double) -> Double { (value / step).rounded(.up) * step }
    static func roundDown(_ value: Double, to step: Double) -> Double { (value / step).rounded(.down) * step }

    /// `123 m`, or `12.5 m` below 20 m.
    static func m(_ value: Double) -> String {
        value < 20 ? formatFixed(value, 1) + " m" : formatFixed(value, 0) + " m"
    }
}
