/// What recorded walks say about each point's trigger radius: per walk, per point, and advised.
public struct RadiusReport: Sendable {
    /// One point on one walk. Times are seconds since the walk's first fix; distances are haversine metres
    /// from evaluated fixes (fixes the accuracy gate ignores are left out, as the engine leaves them out).
    public struct TraceResult: Sendable, Equatable {
        public var trace: String
        /// The nearest fix to the point (infinity when no fix was evaluated) and its time.
        public var closestApproachMeters: Double
        public var closestApproachT: Double?
        /// The first `point_entered` (tour radius, engine rules).
        public var firstEntryT: Double?
        /// Time between `point_entered` and `point_exited` events (an open stay ends at the last fix).
        public var secondsInside: Double
        /// `point_entered` events: more than one is jitter at the edge or a second pass.
        public var entries: Int
        public var triggered: Bool
        public var triggerT: Double?
        /// Radius − closest approach: how much the walk had to spare (negative: it never got in).
        public var marginMeters: Double
        /// The smallest radius that would have triggered the point on this walk, others unchanged (nil when
        /// none can: an earlier point never triggered, or the walk ends before the queue has room).
        public var minTriggerRadiusMeters: Double?
        /// The nearest the walker came before the previous point's audio ended: radii below this keep the
        /// region clear of it (nil for the first point or when the previous point never triggered).
        public var clearRadiusMeters: Double?
        /// The earliest point that never triggered on this walk, when that blocks this one.
        public var blockedBy: Int?
        /// Where the closest fix and the triggering fix were (for pictures).
        public var closestApproachLocation: LatLng?
        public var triggerLocation: LatLng?
        /// `point_refired` events: re-entering the point's region restarted its narration (the iOS app's
        /// rule, `AppCursorRules.refiresOnReentry`; a likely app bug). 0 under every other policy.
        public var refires: Int
    }

    /// One radius of a sweep.
    public struct SweepCell: Sendable, Equatable {
        public var radiusMeters: Double
        /// Walks on which the point triggers with this radius (others unchanged).
        public var triggered: Int
        public var traces: Int
        /// Mean of (trigger time − closest approach time) over the walks that trigger: negative fires
        /// before the walker is nearest.
        public var meanTriggerDelaySeconds: Double?

        public var triggerShare: Double { traces > 0 ? Double(triggered) / Double(traces) : 0 }
    }

    /// One radius of the noise trials.
    public struct NoiseCell: Sendable, Equatable {
        public var radiusMeters: Double
        public var triggered: Int
        public var runs: Int

        public var triggerProbability: Double { runs > 0 ? Double(triggered) / Double(runs) : 0 }
    }

    /// One point, over every walk.
    public struct PointReport: Sendable {
        public var order: Int
        public var id: String
        public var location: LatLng
        public var radiusMeters: Double
        public var audioSeconds: Double
        public var traces: [TraceResult]
        /// The smallest radius that triggers on every walk not blocked by an earlier point.
        public var minRadiusAllTraces: Double?
        /// Radii must stay below this to keep clear of where walkers were before the previous audio ended.
        public var maxClearRadiusMeters: Double?
        public var recommendation: RadiusRecommendation
        /// Separate passes of the route through the region (tour radius); 2 or more: loops, out and back.
        public var routePasses: Int
        public var sweep: [SweepCell]
        public var noise: [NoiseCell]

        /// The smallest swept radius that triggers on every walk, nil when none does (or no sweep ran).
        public var sweepTriggersEveryWalkFrom: Double? { sweep.first { $0.traces > 0 && $0.triggered == $0.traces }?.radiusMeters }

        /// The smallest swept radius that triggers in at least 95 % of the noisy replays, nil when none does.
        public var noiseReliableFrom: Double? { noise.first { $0.triggerProbability >= 0.95 }?.radiusMeters }
    }

    /// Two consecutive regions that overlap.
    public struct Overlap: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var centresMeters: Double
        /// Sum of the radii − distance between centres, with the tour's radii.
        public var overlapMeters: Double
        /// The same with the advised radii (nil when one has none); ≤ 0 means they no longer overlap.
        public var recommendedOverlapMeters: Double?
    }

    /// The noise trials' settings.
    public struct NoiseSettings: Sendable, Equatable {
        public var model: GPSErrorModel
        public var runs: Int
        public var seed: UInt64

        public init(model: GPSErrorModel, runs: Int, seed: UInt64) {
            self.model = model
            self.runs = runs
            self.seed = seed
        }
    }

    public var points: [PointReport]
    public var traces: [String]
    public var overlaps: [Overlap]
    /// Orders of the points the route passes more than once.
    public var passedTwice: [Int]
    public var sweepRadii: [Double]
    public var noise: NoiseSettings?
    /// Why every radius was answered by replaying the engine (`EngineRadiusReplay`) — the policy's rules the
    /// probe cannot model (`RadiusAnalysis.engineReplayReason`) — or nil when the probe answered.
    public var engineReplayReason: String?
    /// Fixes in the walks, and how many of them the phone delivered (`EnginePolicy.fixDelivery`).
    public var fixes: Int
    public var fixesDelivered: Int
    /// The profile the policy came from (`EngineProfile`), for the reader; nil when not said.
    public var profile: String? = nil

    /// Whether the policy completes the tour when the cursor reaches the last point
    /// (`AppCursorRules.completesOnReachingLastPoint`, the Android app): the last point never plays there
    /// whatever its radius, a likely app bug the report names.
    public var completesBeforeLastPoint = false

    /// Whether every radius was answered by replaying the engine: exact, and slower.
    public var replaysEngine: Bool { engineReplayReason != nil }

    /// Re-fires over every walk (the iOS app restarting narrations).
    public var refires: Int { points.reduce(0) { $0 + $1.traces.reduce(0) { $0 + $1.refires } } }
}
