/// Whether live positions are near a tour, fix by fix (`track`, `play --gps`): the rule of `TraceReach` (no
/// fix within `TraceReach.farMeters` of the tour's points or route vertices) applied as the fixes arrive.
///
/// It warns when the first fix is far from the tour, and again each time the receiver goes far after
/// fixes near the tour (a jump, or a walk away); fixes that stay far say nothing more.
public struct LiveReach: Sendable {
    private let targets: [LatLng]
    private var first = true
    private var far = false

    /// A watch over the tour's points and route vertices (`ReplayTour.reachTargets`); none: it never warns.
    public init(targets: [LatLng]) {
        self.targets = targets
    }

    /// The warning for `fix`, or nil: when it is the first fix and far from the tour, or the first far one
    /// after fixes near it.
    public mutating func check(_ fix: Fix) -> String? {
        guard !targets.isEmpty else { return nil }
        defer { first = false }
        var closest = Double.infinity
        for target in targets {
            closest = min(closest, Geodesy.distance(fix.location, target))
            if closest <= TraceReach.farMeters {
                far = false
                return nil
            }
        }
        guard !far else { return nil }
        far = true
        return first ? TraceReach.liveFarWarning(meters: closest, time: fix.time) : TraceReach.liveLeftWarning(meters: closest, time: fix.time)
    }
}
