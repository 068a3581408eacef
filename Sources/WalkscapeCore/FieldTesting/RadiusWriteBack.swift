/// Which trigger radii `radii --apply` writes into a tour, from an analysis of recorded walks.
///
/// Radii interact: a point's radius moves when it triggers, which moves where walkers were while its audio
/// played, which bounds the next point's radius. So the advice is applied and the walks analysed again, until
/// the advice for every applied point is its own radius (a fixed point), at most `maxRounds` times: what is
/// written is what a second `radii` run advises keeping.
public struct RadiusWriteBack: Sendable {
    /// One point's radius, before and after.
    public struct Change: Sendable, Equatable {
        public var order: Int
        public var id: String
        public var before: Double
        public var after: Double
        /// The verdict of the first analysis (`raise`, `lower`, `tight`, `keep`).
        public var verdict: RadiusRecommendation.Verdict
        public var reason: String

        /// Whether the radius changes.
        public var changes: Bool { before != after }
    }

    /// A point left as it is because no radius works for it (or it was not asked for).
    public struct Refusal: Sendable, Equatable {
        public var order: Int
        public var id: String
        public var radius: Double
        public var reason: String
    }

    /// The plan: every point considered (changed or kept) and every point refused.
    public var changes: [Change]
    public var refused: [Refusal]
    /// Analyses run until the advice settled.
    public var rounds: Int
    /// Whether the advice settled within `maxRounds` (else `changes` holds the last round's advice).
    public var settled: Bool

    /// The most analyses run.
    public static let maxRounds = 6

    /// Plans the write-back for `tour`: `analyse` runs the analysis of the walks for a tour with the given radii.
    /// `only`: the point orders to change (nil: every point); the others keep their radius.
    public static func plan(tour: EngineTour, only: Set<Int>?, analyse: (EngineTour) -> RadiusReport) -> RadiusWriteBack {
        let first = analyse(tour)
        let original = Dictionary(uniqueKeysWithValues: tour.points.map { ($0.order, $0.radiusMeters) })
        var refused: [Refusal] = []
        var chosen: Set<Int> = []
        var verdicts: [Int: (RadiusRecommendation.Verdict, String)] = [:]
        for point in first.points {
            if let only, !only.contains(point.order) { continue }
            verdicts[point.order] = (point.recommendation.verdict, point.recommendation.reason)
            if point.recommendation.radiusMeters == nil {
                refused.append(Refusal(order: point.order, id: point.id, radius: point.radiusMeters, reason: point.recommendation.reason))
            } else {
                chosen.insert(point.order)
            }
        }
        var current = tour
        var report = first
        var rounds = 1
        var settled = false
        while true {
            var points = current.points
            var moved = false
            for index in points.indices where chosen.contains(points[index].order) {
                let order = points[index].order
                guard let advice = report.points.first(where: { $0.order == order })?.recommendation.radiusMeters else { continue }
                let written = writable(advice)
                if written != points[index].radiusMeters {
                    points[index].radiusMeters = written
                    moved = true
                }
            }
            let next = EngineTour(points: points)
            if !moved {
                settled = true
                break
            }
            if rounds >= maxRounds { current = next; break }
            current = next
            report = analyse(current)
            rounds += 1
        }
        let changes = current.points.filter { chosen.contains($0.order) }.map { point in
            Change(order: point.order, id: point.id, before: original[point.order] ?? point.radiusMeters, after: point.radiusMeters,
                verdict: verdicts[point.order]?.0 ?? .keep, reason: verdicts[point.order]?.1 ?? "")
        }
        return RadiusWriteBack(changes: changes, refused: refused, rounds: rounds, settled: settled)
    }

    /// The radius as written in tour.json: the advice to a tenth of a metre (advice is in whole metres
    /// but for a narrow band, where the tenth keeps it inside).
    public static func writable(_ radius: Double) -> Double { (radius * 10).rounded() / 10 }

    /// The JSON text of a radius: `150`, `62.5`.
    public static func jsonText(_ radius: Double) -> String { formatShortNumber(writable(radius)) }
}
