/// Answers the radius probe's question — "when would point p trigger if its radius were r, every other
/// point keeping the tour's radius?" — by replaying the walk through the trigger engine itself, one radius
/// at a time: exactly the engine's answer for every policy, and slower than `RadiusProbe` by the number of
/// radii asked. The radius analysis uses it when the probe's threshold rules do not hold: the phone app's
/// cursor (`AppCursorRules`: the flag, the re-fire), trigger hysteresis, and `skipMissed`.
///
/// Each replay is `Simulation.run`'s fold over an `EngineDriver` (every fix through the policy's fix
/// delivery, a withheld one as `.advance`, then the end, since the app cursor can start a flagged point after
/// the last fix) on the tour with p's radius replaced, stopped as soon as p triggers, is skipped, or the
/// trace ends. Delivery is decided once per walk (`DeliveredFixes`); device scenarios (screen locks, the
/// kill) are not modelled (`replay`).
public struct EngineRadiusReplay: Sendable {
    /// A walk made ready for replays: its fixes and which of them the phone delivers (delivery does not
    /// depend on the tour, so it is decided once).
    public struct DeliveredFixes: Sendable {
        public var fixes: FixColumns
        public var delivered: [Bool]

        /// `fixes` with `rules` applied as `Simulation.run` applies them.
        public init(_ fixes: FixColumns, rules: FixDelivery?, distance: DistanceModel = .sphere, phase: Double = 0) {
            self.fixes = fixes
            var filter = FixDeliveryFilter(rules, distance: distance, phase: phase)
            let start = fixes.count > 0 ? fixes.times[0] : 0
            delivered = (0..<fixes.count).map { filter.delivers(t: fixes.times[$0] - start, location: fixes.location($0)) }
        }
    }

    public let tour: EngineTour
    public let policy: EnginePolicy

    public init(tour: EngineTour, policy: EnginePolicy) {
        self.tour = tour
        self.policy = policy
    }

    /// When point `p` (index) triggers on `walk` with radius `radius` (seconds since the first fix, the
    /// engine's `point_triggered` time), nil when it never does.
    public func triggerTime(point p: Int, radius: Double, walk: DeliveredFixes) -> Double? {
        var points = tour.points
        points[p].radiusMeters = radius
        return Self.triggerTime(order: points[p].order, tour: EngineTour(points: points), policy: policy, walk: walk)
    }

    /// Each point's trigger time with the tour's radii (nil: never), from one full replay.
    public func triggerTimes(walk: DeliveredFixes) -> [Double?] {
        var times = [Double?](repeating: nil, count: tour.points.count)
        Self.replay(tour: tour, policy: policy, walk: walk) { event in
            if event.kind == .pointTriggered, let order = event.point, order >= 1, order <= times.count, times[order - 1] == nil {
                times[order - 1] = event.t
            }
            return false
        }
        return times
    }

    /// The smallest of `candidates` (ascending) with which point `p` triggers on `walk`, nil when none does.
    ///
    /// A bisection: it relies on triggering being monotone in the radius (a larger region holds every fix a
    /// smaller one holds, and with hysteresis keeps the walker inside longer), which
    /// `EngineRadiusReplayTests` checks against a scan of every candidate for every profile and `skipMissed`.
    /// With `candidates` from `criticalRadii`, the answer is the smallest radius that triggers at all.
    public func minimumTriggerRadius(point p: Int, walk: DeliveredFixes, candidates: [Double]) -> Double? {
        guard let largest = candidates.last, triggerTime(point: p, radius: largest, walk: walk) != nil else { return nil }
        var low = 0
        var high = candidates.count - 1
        while low < high {
            let mid = (low + high) / 2
            if triggerTime(point: p, radius: candidates[mid], walk: walk) != nil { high = mid } else { low = mid + 1 }
        }
        return candidates[low]
    }

    /// The radii at which point p's outcome can change, ascending and distinct: the exact distances of the
    /// fixes the engine evaluates (inside means distance ≤ radius) and, with `hysteresis`, for each of them
    /// the smallest radius whose exit radius (radius + `EnginePolicy.exitMargin`) reaches it. Between two
    /// consecutive critical radii every comparison the engine makes about p comes out the same, so the
    /// smallest triggering radius is one of them.
    public static func criticalRadii(distances: [Double], hysteresis: Bool) -> [Double] {
        var radii = distances.filter { $0 > 0 && $0.isFinite }
        if hysteresis {
            for d in distances where d.isFinite {
                let r = smallestRadius(exitReaching: d)
                if r > 0 { radii.append(r) }
            }
        }
        radii.sort()
        var distinct: [Double] = []
        distinct.reserveCapacity(radii.count)
        for r in radii where distinct.last != r { distinct.append(r) }
        return distinct
    }

    /// The smallest radius r (as a Double) with r + exitMargin(r) ≥ `distance`, computed as the engine
    /// computes exit radii.
    ///
    /// Found by bisection over the doubles (the exit radius grows with the radius), never by stepping a unit in
    /// the last place at a time: near a distance of 5 m the answer is a radius near 0, where the doubles are so
    /// dense that stepping took billions of steps (a walk passing 5 m from a point hung `radii` with a profile
    /// that re-fires on re-entry).
    public static func smallestRadius(exitReaching distance: Double) -> Double {
        func exit(_ r: Double) -> Double { r + EnginePolicy.exitMargin(radius: r) }
        guard distance.isFinite else { return distance }
        let guess = distance <= 55 ? distance - 5 : distance / 1.1
        // exit(low) < distance ≤ exit(high), widened until it holds.
        var low = guess - 1, high = guess + 1
        while exit(high) < distance { high += abs(high) + 1 }
        while exit(low) >= distance { low -= abs(low) + 1 }
        // Halve until the two are neighbouring doubles (about 60 steps; 1,100 at most, from 2 to a subnormal gap).
        while true {
            let mid = low + (high - low) / 2
            if mid <= low || mid >= high { return high }
            if exit(mid) >= distance { high = mid } else { low = mid }
        }
    }

    static func triggerTime(order: Int, tour: EngineTour, policy: EnginePolicy, walk: DeliveredFixes) -> Double? {
        var time: Double?
        replay(tour: tour, policy: policy, walk: walk) { event in
            guard event.point == order else { return false }
            switch event.kind {
            case .pointTriggered:
                time = event.t
                return true
            case .pointSkipped:
                return true  // a skipped point never triggers
            default:
                return false
            }
        }
        return time
    }

    /// `Simulation.run`'s events on `walk` (`tour_started` first), handing each to `body` until it returns
    /// true: the walk's fixes through an `EngineDriver` with the phone's delivery decided once per walk
    /// (`DeliveredFixes`, `EngineDriver.receive(_:delivered:into:)`), then its `end`.
    ///
    /// The policy's device scenario (`EnginePolicy.device`: screen locks, the kill) is deliberately left
    /// out: the radius analysis models none (`radii` has no such options, and the probe, the closest
    /// approaches and `DeliveredFixes` all read every fix), so the replay drops it too and answers as if the
    /// phone stayed awake.
    static func replay(tour: EngineTour, policy: EnginePolicy, walk: DeliveredFixes, _ body: (EngineEvent) -> Bool) {
        var awake = policy
        awake.device = nil
        var driver = EngineDriver(tour: tour, policy: awake)
        var events: [EngineEvent] = []
        events.reserveCapacity(16)
        driver.start(into: &events)
        for event in events where body(event) { return }
        let fixes = walk.fixes
        // Accuracy matters only behind the accuracy gate: without one the engine never reads it.
        let usesAccuracy = policy.minAccuracyMeters != nil
        for i in 0..<fixes.count {
            events.removeAll(keepingCapacity: true)
            let fix = Fix(time: fixes.times[i], location: fixes.location(i), accuracy: usesAccuracy ? fixes.accuracies[i] : .nan)
            driver.receive(fix, delivered: walk.delivered[i], into: &events)
            for event in events where body(event) { return }
        }
        events.removeAll(keepingCapacity: true)
        driver.end(into: &events)
        for event in events where body(event) { return }
    }
}
