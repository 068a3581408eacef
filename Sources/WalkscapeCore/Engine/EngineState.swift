/// Everything the trigger engine remembers between actions. Plain data: copy it, compare it, test it.
public struct EngineState: Sendable {
    /// The audio playing now.
    public struct Playing: Sendable, Equatable {
        public var point: Int
        public var startedAt: Double
        public var endsAt: Double
    }

    public let tour: EngineTour
    public let policy: EnginePolicy
    /// The order of the next point to trigger (points.count + 1 when all have triggered or been skipped).
    public internal(set) var next: Int = 1
    public internal(set) var playing: Playing?
    /// The point whose narration started last (nil before any has).
    public internal(set) var lastStarted: Int?
    /// walkscape's "previous": the point before the one playing, or before the last one heard; nil at the
    /// first point or before any narration started. The one rule the engine's previous button and the
    /// player's replay-previous key both follow.
    public var pointBeforeCurrent: Int? {
        guard let current = playing?.point ?? lastStarted, current > 1 else { return nil }
        return current - 1
    }
    /// Triggered points waiting behind the playing audio, in order.
    public internal(set) var queue: [Int] = []
    /// Per point (index order − 1): whether it has triggered.
    public internal(set) var triggered: [Bool]
    /// Per point: whether it was skipped (`skipMissed`).
    public internal(set) var skipped: [Bool]
    /// Per point: whether the walker is inside its region (with exit hysteresis), for entered/exited events.
    public var inside: [Bool] { geofence.map(\.inside) }
    /// Per point: consecutive evaluated fixes inside its region (no hysteresis), for `confirmFixes`.
    public var insideStreak: [Int] { geofence.map(\.streak) }
    /// The engine's clock: the time of the last action, seconds since the first fix.
    public internal(set) var clock: Double = 0
    public internal(set) var started = false
    /// Whether `tour_completed` or `tour_incomplete` was emitted.
    public internal(set) var ended = false
    /// Fixes ignored by the accuracy gate.
    public internal(set) var ignoredFixes = 0
    /// With the app cursor (`EnginePolicy.appCursor`): the order of the current point, the one playing or
    /// waiting to trigger; it moves on when audio finishes after the current point triggered.
    public internal(set) var cursor = 1
    /// With the app cursor: whether the walker was inside the current point's region at the last fix after
    /// it fired (the iOS app's `isPointActive`).
    public internal(set) var cursorActive = false
    /// The point the player's screen shows (order): the cursor's, unless iOS's next/previous buttons moved the
    /// screen's own index (`ManualControls.Navigation.screenIndex`); reset when the cursor moves.
    public var screenPoint: Int { manualScreenPoint ?? cursor }
    /// iOS: the screen's index set by next/previous, nil while it follows the cursor.
    var manualScreenPoint: Int?
    /// With the app cursor: how many times the current point fired again on re-entry (`point_refired`).
    public internal(set) var refires = 0
    /// Indices of points currently inside (with hysteresis), kept small for speed.
    var insideList: [Int] = []
    /// Per point geofence state, in one array so the hot loop checks uniqueness once per fix.
    struct Geofence: Sendable {
        var inside = false
        var streak = 0
        /// The fix (stamp) at which the point was last looked at, and was last inside its radius.
        var seenStamp = -1
        var insideNowStamp = -1
        /// The exact distance at the current fix, NaN until computed.
        var exactDistance = Double.nan
    }

    var geofence: [Geofence]
    /// Counts evaluated fixes, to tell this fix's scratch values from older ones without clearing them.
    var stamp = 0
    /// The points looked at during the current fix: the first `scratchCount` entries (reused, no
    /// allocation per fix; room for every point).
    var scratch: [Int]
    var scratchCount = 0

    public init(tour: EngineTour, policy: EnginePolicy = .standard) {
        self.tour = tour
        self.policy = policy
        let n = tour.points.count
        triggered = Array(repeating: false, count: n)
        skipped = Array(repeating: false, count: n)
        geofence = Array(repeating: Geofence(), count: n)
        scratch = Array(repeating: 0, count: max(1, n))
    }

    /// Whether the walker is inside point `order`'s region (with exit hysteresis).
    public func isInside(point order: Int) -> Bool {
        order >= 1 && order <= geofence.count && geofence[order - 1].inside
    }

    /// Whether every point has triggered.
    public var allTriggered: Bool { !triggered.contains(false) }
}
