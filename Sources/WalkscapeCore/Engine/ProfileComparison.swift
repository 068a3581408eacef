/// The same walk under several policies, point by point: when each point triggered and when its audio first
/// started, how often it re-fired, and where the policies disagree. `walkscape compare` prints it.
public struct ProfileComparison: Sendable {
    /// What happened to one point under one policy.
    public struct PointOutcome: Sendable, Equatable {
        /// The first `point_triggered` time, nil when the point never triggered.
        public var triggerT: Double?
        /// The first `audio_started` time for the point, nil when its audio never played.
        public var startT: Double?
        /// `point_refired` events for the point.
        public var refires: Int
        /// Whether the app stopped the point's audio before its end (`audio_cut`, Android's early completion).
        public var cut: Bool

        public init(triggerT: Double?, startT: Double?, refires: Int, cut: Bool = false) {
            self.triggerT = triggerT
            self.startT = startT
            self.refires = refires
            self.cut = cut
        }

        /// Whether two outcomes agree: both triggered or not, trigger and start times within `tolerance`
        /// seconds (at least the timelines' millisecond), as many re-fires, and both cut or neither.
        public func agrees(with other: PointOutcome, tolerance: Double = 0) -> Bool {
            let limit = max(tolerance, 0.0005)
            func same(_ a: Double?, _ b: Double?) -> Bool {
                switch (a, b) {
                case (nil, nil): return true
                case let (x?, y?): return abs(x - y) <= limit
                default: return false
                }
            }
            return same(triggerT, other.triggerT) && same(startT, other.startT) && refires == other.refires && cut == other.cut
        }
    }

    /// One policy's walk.
    public struct Run: Sendable {
        public var name: String
        public var policy: EnginePolicy
        public var timeline: Timeline
        /// Per point, in the tour's order.
        public var outcomes: [PointOutcome]
        /// The `tour_completed`, `tour_incomplete` or `app_killed` event.
        public var end: EngineEvent?
    }

    /// The points' orders, in tour order.
    public var orders: [Int]
    public var runs: [Run]
    /// Times closer than this (seconds) agree.
    public var tolerance: Double

    /// Replays `trace` against `tour` under each named policy.
    public init(tour: EngineTour, trace: Trace, policies: [(name: String, policy: EnginePolicy)], tolerance: Double = 0) {
        self.tolerance = tolerance
        orders = tour.points.map(\.order)
        runs = policies.map { item in
            let timeline = Simulation.run(tour: tour, trace: trace, policy: item.policy)
            return Run(
                name: item.name, policy: item.policy, timeline: timeline,
                outcomes: ProfileComparison.outcomes(timeline.events, orders: tour.points.map(\.order)),
                end: timeline.events.last { $0.kind == .tourCompleted || $0.kind == .tourIncomplete || $0.kind == .appKilled })
        }
    }

    /// Each point's first trigger, first audio start, re-fires and cut audio in `events`.
    public static func outcomes(_ events: [EngineEvent], orders: [Int]) -> [PointOutcome] {
        var position: [Int: Int] = [:]
        for (i, order) in orders.enumerated() { position[order] = i }
        var result = Array(repeating: PointOutcome(triggerT: nil, startT: nil, refires: 0), count: orders.count)
        for event in events {
            guard let order = event.point, let i = position[order] else { continue }
            switch event.kind {
            case .pointTriggered: if result[i].triggerT == nil { result[i].triggerT = event.t }
            case .audioStarted: if result[i].startT == nil { result[i].startT = event.t }
            case .pointRefired: result[i].refires += 1
            case .audioCut: result[i].cut = true
            default: break
            }
        }
        return result
    }

    /// The runs (by index) whose outcome for the point at `index` differs from the first run's.
    public func disagreeing(point index: Int) -> [Int] {
        guard let first = runs.first else { return [] }
        return runs.indices.dropFirst().filter { !runs[$0].outcomes[index].agrees(with: first.outcomes[index], tolerance: tolerance) }
    }

    /// Whether every run agrees on the point at `index`.
    public func agree(point index: Int) -> Bool { disagreeing(point: index).isEmpty }
}
