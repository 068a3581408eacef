/// Decides, fix by fix, which of a trace's fixes the phone would hand to the app under `FixDelivery` rules.
/// Pure and incremental: `simulate`, `check` and the terminal player feed every fix through one of these
/// before the trigger engine, so a withheld fix only moves the clock (`.advance`).
///
/// With an interval, the location is computed at the first fix at or after each tick of a grid anchored at
/// the first fix (t₀, t₀ + interval, …); a computed location is delivered when it is at least the fastest
/// interval after the last delivery and at least `minMoveMeters` from the last delivered position (the first
/// fix is always delivered).
///
/// `phase` (a fraction of one delivery cycle, 0 ≤ phase < 1) moves the phone's delivery grid against the walk,
/// as when tracking starts at another moment: with an interval the ticks fall at t₀ + (phase − 1 + k)·interval
/// (the first fix still answers the tick before it); with a distance filter alone the first move needs
/// (1 − phase)·minMoveMeters. Phase 0 is the grid anchored at the first fix (`--phases`, `PhaseSpread`).
public struct FixDeliveryFilter: Sendable {
    public let rules: FixDelivery?
    /// The Earth the minimum move is measured on (the policy's `distanceModel`).
    public let distanceModel: DistanceModel
    /// Fixes withheld so far.
    public private(set) var withheld = 0
    /// Fixes delivered so far.
    public private(set) var delivered = 0
    private var lastPosition: LatLng?
    private var lastTime = -Double.infinity
    private var anchor: Double?
    private var nextTickIndex = 0

    /// The fraction of a delivery cycle the grid is moved by (0 ..< 1).
    public let phase: Double

    public init(_ rules: FixDelivery?, distance: DistanceModel = .sphere, phase: Double = 0) {
        self.rules = rules
        self.distanceModel = distance
        self.phase = phase.isFinite ? min(max(0, phase), 1) : 0
    }

    /// Whether the fix at `t` (seconds) and `location` reaches the app.
    public mutating func delivers(t: Double, location: LatLng) -> Bool {
        guard let rules else {
            delivered += 1
            return true
        }
        if let interval = rules.intervalSeconds, interval > 0 {
            let start = anchor ?? (phase > 0 ? t + (phase - 1) * interval : t)
            anchor = start
            let epsilon = 1e-9
            if t + epsilon < start + Double(nextTickIndex) * interval { return withhold() }
            // This fix is the location computed for the current tick; the next computation is at the first
            // tick after it.
            nextTickIndex = Int(((t - start) / interval + epsilon).rounded(.down)) + 1
        }
        if let fastest = rules.fastestIntervalSeconds, t - lastTime + 1e-9 < fastest { return withhold() }
        if rules.minMoveMeters > 0, let lastPosition {
            // Without an interval the phase moves the distance filter's grid: the first move is shorter.
            let needed = rules.intervalSeconds == nil && delivered == 1 ? (1 - phase) * rules.minMoveMeters : rules.minMoveMeters
            if FixDeliveryFilter.closer(lastPosition, location, than: needed, distanceModel) { return withhold() }
        }
        lastPosition = location
        lastTime = t
        delivered += 1
        return true
    }

    /// Whether `a` and `b` are closer than `meters` under `model`. On WGS84 the haversine decides unless it is
    /// within 1 % of the threshold: for distances far below the Earth's radius the geodesic over the
    /// haversine (R = 6,371,008.8 m) lies between the ellipsoid's smallest and largest radii of curvature over
    /// R, 6,335,439/R = 0.9944 and 6,399,594/R = 1.0045, so outside that band both give the same answer and
    /// Karney's geodesic (about 1 µs) is computed only near the threshold.
    @inline(__always)
    static func closer(_ a: LatLng, _ b: LatLng, than meters: Double, _ model: DistanceModel) -> Bool {
        let sphere = Geodesy.distance(a, b)
        if model == .sphere { return sphere < meters }
        if sphere < meters * 0.99 { return true }
        if sphere > meters * 1.01 { return false }
        return WGS84.distance(a, b) < meters
    }

    /// The engine action for a fix: `.fix` when it is delivered, else `.advance` to its time.
    public mutating func action(t: Double, location: LatLng, accuracy: Double) -> EngineAction {
        delivers(t: t, location: location) ? .fix(t: t, location: location, accuracy: accuracy) : .advance(to: t)
    }

    private mutating func withhold() -> Bool {
        withheld += 1
        return false
    }
}
