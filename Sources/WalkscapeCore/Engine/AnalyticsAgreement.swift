/// walkscape's prediction of the app's analytics for a walk against what the app really sent: per point,
/// triggered or not and when (seconds after `tour_started`), and the completion, within a tolerance.
public struct AnalyticsAgreement: Sendable {
    /// One row of the comparison: a point (by order) or the tour's completion (order nil).
    public struct Row: Sendable, Equatable {
        public var order: Int?
        public var pointID: String?
        /// Seconds after `tour_started`; nil when it did not happen (under phases: the earliest of the phases
        /// where it happens).
        public var predicted: Double?
        public var observed: Double?
        /// Under phases (`--phases N`): the latest predicted time, and in how many of how many phases it happens.
        public var predictedLatest: Double? = nil
        public var predictedIn: (count: Int, of: Int)? = nil
        /// Nil when they agree; else what disagrees, in words.
        public var disagreement: String?

        /// "6:06.0", or under phases "6:02.0–6:09.0 in 12/15" ("— in 0/15" when no phase has it).
        public var predictedText: String {
            guard let share = predictedIn, share.of > 1 else { return predicted.map(AnalyticsAgreement.clock) ?? "—" }
            guard let first = predicted else { return "— in 0/\(share.of)" }
            let last = predictedLatest ?? first
            let span = last > first + 0.05 ? "\(AnalyticsAgreement.clock(first))–\(AnalyticsAgreement.clock(last))" : AnalyticsAgreement.clock(first)
            return "\(span) in \(share.count)/\(share.of)"
        }

        public static func == (a: Row, b: Row) -> Bool {
            a.order == b.order && a.pointID == b.pointID && a.predicted == b.predicted && a.observed == b.observed && a.disagreement == b.disagreement
                && a.predictedLatest == b.predictedLatest && a.predictedIn?.count == b.predictedIn?.count && a.predictedIn?.of == b.predictedIn?.of
        }

        /// "point 3 (p3)" or "tour completed".
        public var label: String {
            guard let order else { return "tour completed" }
            return "point \(order)" + (pointID.map { " (\($0))" } ?? "")
        }
    }

    public var rows: [Row]
    /// Problems with the observation itself (no `tour_started`, events of another tour), each one line.
    public var notes: [String]

    public var disagreements: Int { rows.filter { $0.disagreement != nil }.count }

    /// Compares the first `point_triggered` of each point and the first `tour_completed`, on each side
    /// relative to its own first `tour_started`. Observed events of another tour are left out (and noted).
    public init(predicted: [ObservedAnalytics.Event], observed: [ObservedAnalytics.Event], tourID: String, pointIDs: [Int: String], tolerance: Double) {
        self.init(predictedPhases: [predicted], observed: observed, tourID: tourID, pointIDs: pointIDs, tolerance: tolerance)
    }

    /// The same against a prediction made under several phases of the fix delivery (`PhaseSpread`), one event
    /// list a phase: the observation agrees when it falls inside the predicted spread (widened by the tolerance);
    /// a point the app never triggered agrees when at least one phase does not trigger it either.
    public init(
        predictedPhases: [[ObservedAnalytics.Event]], observed: [ObservedAnalytics.Event], tourID: String, pointIDs: [Int: String], tolerance: Double
    ) {
        var notes: [String] = []
        var observed = observed
        let foreign = observed.filter { $0.tourID != nil && $0.tourID != tourID }
        if !foreign.isEmpty, foreign.count < observed.count {
            notes.append("left out \(foreign.count) observed event\(foreign.count == 1 ? "" : "s") of another tour (first at \(foreign[0].location): tourId \(foreign[0].tourID!))")
            observed.removeAll { $0.tourID != nil && $0.tourID != tourID }
        }
        let orderOf = Dictionary(pointIDs.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        func timings(_ events: [ObservedAnalytics.Event], side: String) -> (points: [Int: Double], completed: Double?)? {
            guard let start = events.first(where: { $0.name == "tour_started" }), let origin = start.time else {
                notes.append("the \(side) events have no tour_started with a timestamp: nothing can be placed in time")
                return nil
            }
            var points: [Int: Double] = [:]
            var completed: Double?
            for event in events {
                guard let time = event.time, time >= origin - 1e-9 else { continue }
                if event.name == "point_triggered", let order = event.pointID.flatMap({ orderOf[$0] }) ?? event.order, points[order] == nil {
                    points[order] = time - origin
                }
                if event.name == "tour_completed", completed == nil { completed = time - origin }
            }
            return (points, completed)
        }
        let phases = predictedPhases.count
        let runs = predictedPhases.map { timings($0, side: "predicted") }
        let observedTimes = timings(observed, side: "observed")
        var rows: [Row] = []
        if phases > 1, runs.allSatisfy({ $0 != nil }), let observedTimes {
            let runs = runs.map { $0! }
            func row(_ order: Int?, _ times: [Double?], _ o: Double?, what: String) -> Row {
                let happened = times.compactMap { $0 }
                var row = Row(order: order, pointID: order.flatMap { pointIDs[$0] }, predicted: happened.min(), observed: o)
                row.predictedLatest = happened.max()
                row.predictedIn = (happened.count, phases)
                switch (happened.isEmpty, o) {
                case (true, nil): break
                case (false, nil) where happened.count == phases:
                    row.disagreement = "predicted in every one of \(phases) phases (\(row.predictedText)), the app never \(what)"
                case (false, nil): break
                case let (true, o?): row.disagreement = "not predicted in any of \(phases) phases, the app \(what) at \(Self.clock(o))"
                case let (false, o?):
                    let low = happened.min()! - tolerance - 1e-9
                    let high = happened.max()! + tolerance + 1e-9
                    if o < low || o > high {
                        let delta = o < low ? happened.min()! - o : o - happened.max()!
                        row.disagreement = "the app \(what) at \(Self.clock(o)), \(formatFixed(delta, 1)) s \(o < low ? "before" : "after") the predicted spread \(row.predictedText) (tolerance \(formatShortNumber(tolerance)) s)"
                    }
                }
                return row
            }
            for order in pointIDs.keys.sorted() {
                rows.append(row(order, runs.map { $0.points[order] }, observedTimes.points[order], what: "triggered it"))
            }
            rows.append(row(nil, runs.map(\.completed), observedTimes.completed, what: "completed the tour"))
            self.rows = rows
            self.notes = notes
            return
        }
        let predictedTimes = runs.first ?? nil
        func verdict(_ p: Double?, _ o: Double?, what: String) -> String? {
            switch (p, o) {
            case (nil, nil): return nil
            case (.some, nil): return "predicted at \(Self.clock(p!)), the app never \(what)"
            case (nil, .some): return "not predicted, the app \(what) at \(Self.clock(o!))"
            case let (.some(p), .some(o)):
                let delta = o - p
                guard abs(delta) > tolerance + 1e-9 else { return nil }
                return "the app \(what) \(formatFixed(abs(delta), 1)) s \(delta < 0 ? "early" : "late") (\(Self.clock(o)) against \(Self.clock(p)); tolerance \(formatShortNumber(tolerance)) s)"
            }
        }
        if let predictedTimes, let observedTimes {
            for order in pointIDs.keys.sorted() {
                let p = predictedTimes.points[order]
                let o = observedTimes.points[order]
                rows.append(Row(order: order, pointID: pointIDs[order], predicted: p, observed: o, disagreement: verdict(p, o, what: "triggered it")))
            }
            rows.append(Row(order: nil, predicted: predictedTimes.completed, observed: observedTimes.completed,
                            disagreement: verdict(predictedTimes.completed, observedTimes.completed, what: "completed the tour")))
        }
        self.rows = rows
        self.notes = notes
    }

    /// `m:ss.s` after tour_started.
    public static func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let minutes = tenths / 600
        let rest = tenths % 600
        return "\(minutes):\(rest / 10 < 10 ? "0" : "")\(rest / 10).\(rest % 10)"
    }
}
