/// Decides, fix by fix, which of a trace's fixes the phone would hand to the app under `FixDelivery` rules.
/// Pure and incremental: `simulate`, `check` and the terminal player feed every fix through one of these
/// before the trigger engine, so a withheld fix only moves the clock (`.advance`).
///
/// With an interval, the location is computed at the first fix at or after each tick of a grid anchored at
/// the first fix (t₀, t₀ + interval, …); a computed location is delivered when it is at least the fastest
/// interval after the last delivery and at least `minMoveMeters` from the last delivered position (the first
/// fix is always delivered).
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

    public init(_ rules: FixDelivery?, distance: DistanceModel = .sphere) {
        self.rules = rules
        self.distanceModel = distance
    }

    /// Whether the fix at `t` (seconds) and `location` reaches the app.
    public mutating func delivers(t: Double, location: LatLng) -> Bool {
        guard let rules else {
            delivered += 1
            return true
        }
        if let interval = rules.intervalSeconds, interval > 0 {
            let start = anchor ?? t
            anchor = start
            let epsilon = 1e-9
            if t + epsilon < start + Double(nextTickIndex) * interval { return withhold() }
            // This fix is the location computed for the current tick; the next computation is at the first
            // tick after it.
            nextTickIndex = Int(((t - start) / interval + epsilon).rounded(.down)) + 1
        }
        if let fastest = rules.fastestIntervalSeconds, t - lastTime + 1e-9 < fastest { return withhold() }
        if rules.minMoveMeters > 0, let lastPosition, distanceModel.distance(lastPosition, location) < rules.minMoveMeters {
            return withhold()
        }
        lastPosition = location
        lastTime = t
        delivered += 1
        return true
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
