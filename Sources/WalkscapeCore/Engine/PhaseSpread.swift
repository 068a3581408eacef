/// One walk replayed under N evenly spaced phases of the phone's fix delivery (`FixDeliveryFilter.phase`
/// k/N for k = 0 … N−1): Android's 7.5 s interval grid or iOS's distance-filter start moved against the walk,
/// as when tracking starts at another moment. Per point: in how many phases its narration plays and how far
/// its start time moves. Deterministic: the same inputs give the same spread.
///
/// A point *plays* in a phase when its audio starts and is not cut at the same instant (Android's early
/// completion cuts a flagged last point as it starts: `audio_cut`). Its start is its first such start.
public struct PhaseSpread: Sendable, Equatable {
    /// One point over every phase.
    public struct Point: Sendable, Equatable {
        public var order: Int
        /// Phases in which the point's narration plays.
        public var plays: Int
        /// The earliest and latest first start over the phases where it plays (seconds since the first fix).
        public var earliestStart: Double?
        public var latestStart: Double?
        /// The phase (index k of k/N) whose start was the latest, nil when it never plays.
        public var latestPhase: Int?

        /// The spread of the start time: latest − earliest, nil when it never plays.
        public var startSpread: Double? {
            guard let earliestStart, let latestStart else { return nil }
            return latestStart - earliestStart
        }
    }

    /// How many phases were replayed.
    public let phases: Int
    /// Per point, in order.
    public let points: [Point]
    /// Phases in which every point played and the tour completed.
    public let completed: Int
    /// Phases in which the app completed the tour (`tour_completed`), whether or not every point played.
    public let tourCompletedEvents: Int

    /// The share of phases in which point `order` plays (0…1).
    public func share(_ point: Point) -> Double { phases > 0 ? Double(point.plays) / Double(phases) : 0 }

    /// The phase fractions replayed: k/N for k = 0 … N−1.
    public static func fractions(_ phases: Int) -> [Double] { (0..<max(1, phases)).map { Double($0) / Double(max(1, phases)) } }

    /// The first start of each point in `timeline` that is not cut at once, by order.
    public static func starts(_ timeline: Timeline, points: Int) -> [Double?] {
        var starts = [Double?](repeating: nil, count: points)
        let events = timeline.events
        for (i, event) in events.enumerated() where event.kind == .audioStarted {
            guard let order = event.point, order >= 1, order <= points, starts[order - 1] == nil else { continue }
            let cut = events[(i + 1)...].prefix { $0.t == event.t }.contains { $0.kind == .audioCut && $0.point == order }
            if !cut { starts[order - 1] = event.t }
        }
        return starts
    }

    /// Replays `trace` against `tour` under `policy` at each of `phases` phases.
    public static func run(tour: EngineTour, trace: Trace, policy: EnginePolicy, phases: Int) -> PhaseSpread {
        spread(timelines(tour: tour, trace: trace, policy: policy, phases: phases), tour: tour)
    }

    /// The timelines of `trace` against `tour` under `policy`, one at each phase k/N (k = 0 … N−1).
    public static func timelines(tour: EngineTour, trace: Trace, policy: EnginePolicy, phases: Int) -> [Timeline] {
        fractions(phases).map { Simulation.run(tour: tour, trace: trace, policy: policy, phase: $0) }
    }

    /// The spread over `timelines`, one a phase in order (`timelines(tour:trace:policy:phases:)`).
    public static func spread(_ timelines: [Timeline], tour: EngineTour) -> PhaseSpread {
        let n = tour.points.count
        var points = tour.points.map { Point(order: $0.order, plays: 0, earliestStart: nil, latestStart: nil, latestPhase: nil) }
        var completed = 0
        var completions = 0
        for (k, timeline) in timelines.enumerated() {
            let starts = starts(timeline, points: n)
            for i in 0..<n {
                guard let t = starts[i] else { continue }
                points[i].plays += 1
                if points[i].earliestStart == nil || t < points[i].earliestStart! { points[i].earliestStart = t }
                if points[i].latestStart == nil || t > points[i].latestStart! {
                    points[i].latestStart = t
                    points[i].latestPhase = k
                }
            }
            let didComplete = timeline.events.contains { $0.kind == .tourCompleted }
            if didComplete { completions += 1 }
            if didComplete && !starts.contains(where: { $0 == nil }) { completed += 1 }
        }
        return PhaseSpread(phases: max(1, timelines.count), points: points, completed: completed, tourCompletedEvents: completions)
    }
}
