/// The rules the trigger engine follows, the default being the product's: strictly sequential points, a
/// one-slot queue behind the playing audio, every fix counted.
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

    public init(queueDepth: Int = 1, minAccuracyMeters: Double? = nil, confirmFixes: Int = 1, skipMissed: Bool = false) {
        self.queueDepth = queueDepth
        self.minAccuracyMeters = minAccuracyMeters
        self.confirmFixes = confirmFixes
        self.skipMissed = skipMissed
    }

    /// The product's rules.
    public static let standard = EnginePolicy()

    /// The exit hysteresis for a region of `radius` metres: a walker inside leaves only beyond
    /// radius + max(5 m, 10 % of the radius).
    public static func exitMargin(radius: Double) -> Double { max(5, radius * 0.1) }
}
