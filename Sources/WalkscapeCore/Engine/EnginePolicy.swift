/// The rules the trigger engine follows, the default being the product's: strictly sequential points, a
/// one-slot queue behind the playing audio, every fix counted. `EngineProfile` names the presets that model
/// the phone apps.
public struct EnginePolicy: Sendable, Equatable {
    /// How many triggered points may wait behind the playing audio. 0 means no queue: a point entered while
    /// audio plays triggers only once the audio has finished and the walker is still inside.
    public var queueDepth: Int
    /// Fixes whose horizontal accuracy (metres) is worse than this are ignored for geofencing; fixes that
    /// report no accuracy are kept. Nil keeps every fix.
    public var minAccuracyMeters: Double?
    /// A point triggers only after this many consecutive fixes inside its region (1 = the first one).
    public var confirmFixes: Int
    /// Entering a later point's region marks the points before it `point_skipped` and triggers it.
    public var skipMissed: Bool
    /// Which fixes the phone hands to the app (the OS's distance filter and update interval), applied before
    /// the engine by `FixDeliveryFilter`. Nil: every fix of the trace.
    public var fixDelivery: FixDelivery?
    /// The phone app's current-point cursor instead of walkscape's queue (see `AppCursorRules`). Nil:
    /// walkscape's rules.
    public var appCursor: AppCursorRules?
    /// Whether a point counts as inside for triggering with the exit hysteresis of `exitMargin(radius:)`:
    /// entered at the radius, left only beyond radius + margin, so a fix in that band neither breaks a
    /// `confirmFixes` streak nor stops a waiting point from triggering.
    public var triggerHysteresis: Bool
    /// The Earth every distance is measured on: geofences, the fix delivery's minimum move, reported distances.
    public var distanceModel: DistanceModel
    /// What the player's next/previous buttons and seek keys do (`ManualControls`).
    public var manualControls: ManualControls
    /// The phone's screen locks and the app's death during the walk (`--screen-locked`, `--killed-at`); nil:
    /// neither.
    public var device: DeviceScenario?

    public init(
        queueDepth: Int = 1, minAccuracyMeters: Double? = nil, confirmFixes: Int = 1, skipMissed: Bool = false,
        fixDelivery: FixDelivery? = nil, appCursor: AppCursorRules? = nil, triggerHysteresis: Bool = false,
        distanceModel: DistanceModel = .sphere, manualControls: ManualControls = .walkscape
    ) {
        self.distanceModel = distanceModel
        self.manualControls = manualControls
        self.queueDepth = queueDepth
        self.minAccuracyMeters = minAccuracyMeters
        self.confirmFixes = confirmFixes
        self.skipMissed = skipMissed
        self.fixDelivery = fixDelivery
        self.appCursor = appCursor
        self.triggerHysteresis = triggerHysteresis
    }

    /// The product's rules.
    public static let standard = EnginePolicy()

    /// This policy with each rule given (the command line's options) applied over it; nil keeps the rule.
    public func overriding(queueDepth: Int?, minAccuracy: Double?, confirmFixes: Int?, skipMissed: Bool?, distance: DistanceModel?) -> EnginePolicy {
        var policy = self
        if let queueDepth { policy.queueDepth = queueDepth }
        if let minAccuracy { policy.minAccuracyMeters = minAccuracy }
        if let confirmFixes { policy.confirmFixes = confirmFixes }
        if let skipMissed { policy.skipMissed = skipMissed }
        if let distance { policy.distanceModel = distance }
        return policy
    }

    /// The exit hysteresis for a region of `radius` metres: a walker inside leaves only beyond
    /// radius + max(5 m, 10 % of the radius).
    public static func exitMargin(radius: Double) -> Double { max(5, radius * 0.1) }

    /// Why this combination of rules cannot run, or nil when it can: the app cursor has one queue slot and
    /// no skipping.
    public var conflict: String? {
        guard appCursor != nil else { return nil }
        if queueDepth > 1 { return "the phone app's queue has one slot: queue depth must be 0 or 1, got \(queueDepth)" }
        if skipMissed { return "the phone app never skips points: skipping missed points needs walkscape's queue" }
        return nil
    }
}
