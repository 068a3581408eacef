/// Answers "at which fix would point p trigger if its radius were r, every other point keeping the
/// tour's radius?" for many radii at once, with the engine's rules and the engine's answers, from one
/// `ProximityTable` per trace.
///
/// Why this is exact (for the policies `supports` accepts; `fixes` are the fixes the phone delivers):
/// points trigger in order, so point p can trigger only at or after the fix where point p − 1 triggered, and the queue it
/// meets (the audio of points 1 … p − 1, each starting at max(its trigger, the previous audio's end)) does
/// not depend on p's radius. At a fix it triggers when the fix and the `confirmFixes − 1` evaluated fixes
/// before it are inside (haversine distance ≤ r) and the queue has room: fewer than queueDepth + 1
/// unfinished audios (an audio ending exactly at the fix has finished; one started at the fix has not).
/// So p's trigger fix for radius r is the first fix at or after p − 1's whose "window distance" (the
/// largest distance over that window) is ≤ r and where the queue has room; a larger radius triggers at the
/// same fix or earlier. Point p's own trigger with the tour's radius then fixes the queue for p + 1.
/// `RadiusProbeTests` checks every answer against `Simulation.run` with the radius changed.
public struct RadiusProbe: Sendable {
    /// What the probe found for one point on one trace.
    public struct PointOutcome: Sendable, Equatable {
        /// The fix where the point triggered with the tour's radius, -1 never.
        public var baselineFix = -1
        /// For each probed radius (ascending), the fix where the point would trigger, -1 never.
        public var fixes: [Int32] = []
        /// The point before it never triggered, so no radius can make it trigger.
        public var blocked = false
        /// The fix from which this point can trigger (where the point before it triggered).
        public var fromFix = 0
    }

    public let tour: EngineTour
    public let policy: EnginePolicy
    public let frames: [PointFrame]
    /// The probed radii, ascending.
    public let radii: [Double]

    /// The queue the points before the one being probed leave: per point (index), its trigger fix (-1
    /// never) and the end of its audio in seconds since the first fix.
    public private(set) var triggerFix: [Int]
    public private(set) var audioEnd: [Double]

    public init(tour: EngineTour, policy: EnginePolicy, radii: [Double]) {
        self.tour = tour
        self.policy = policy
        frames = tour.points.map { PointFrame($0.location) }
        self.radii = radii.sorted()
        triggerFix = Array(repeating: -1, count: tour.points.count)
        audioEnd = Array(repeating: 0, count: tour.points.count)
    }

    /// Whether the threshold rules above hold for `policy`: queue depth, accuracy gate and confirming fixes
    /// are modelled, and the phone's fix delivery (`fixDelivery`) when the caller probes the delivered fixes
    /// only (`FixColumns.fill(deliveredFrom:rules:origins:)`, as `RadiusAnalysis` does). Anything else is
    /// not: with `skipMissed` a later region's radius changes which earlier points are skipped; the app
    /// cursor's flag and re-fire and trigger hysteresis are not thresholds on one window of fixes
    /// (`EngineRadiusReplay` answers those); a policy rule added later counts as unsupported until it is
    /// modelled here.
    public static func supports(_ policy: EnginePolicy) -> Bool {
        var rest = policy
        rest.fixDelivery = nil
        return rest == EnginePolicy(queueDepth: policy.queueDepth, minAccuracyMeters: policy.minAccuracyMeters, confirmFixes: policy.confirmFixes)
    }

    /// Probes every point of `fixes` in order; `table` must have been filled for `fixes` with a cutoff at or
    /// above every probed and tour radius. Calls `body(point index, outcome)` for each point.
    public mutating func run(fixes: FixColumns, table: ProximityTable, into outcome: inout PointOutcome, _ body: (Int, PointOutcome) -> Void) {
        let start = fixes.count > 0 ? fixes.times[0] : 0
        for p in tour.points.indices {
            probe(point: p, fixes: fixes, start: start, table: table, into: &outcome)
            body(p, outcome)
        }
    }

    /// Probes point `p`, the points before it having been probed.
    public mutating func probe(point p: Int, fixes: FixColumns, start: Double, table: ProximityTable, into outcome: inout PointOutcome) {
        outcome.baselineFix = -1
        outcome.blocked = false
        if outcome.fixes.count != radii.count {
            outcome.fixes = Array(repeating: -1, count: radii.count)
        } else {
            for j in outcome.fixes.indices { outcome.fixes[j] = -1 }
        }
        triggerFix[p] = -1
        audioEnd[p] = p > 0 ? audioEnd[p - 1] : -.infinity
        if p > 0 && triggerFix[p - 1] < 0 {
            outcome.blocked = true
            outcome.fromFix = fixes.count
            return
        }
        let fromFix = p > 0 ? triggerFix[p - 1] : 0
        outcome.fromFix = fromFix
        let entries = table.entries(p)
        let window = max(1, policy.confirmFixes)
        let radius = tour.points[p].radiusMeters
        let frame = frames[p]
        var lowestAssigned = radii.count
        var baselineFound = false
        var q = entries.firstPosition(atOrAfter: fromFix)
        while q < entries.count {
            defer { q += 1 }
            guard let s = windowDistance(entries, q, window) else { continue }
            let fix = entries.fix(q)
            let t = fixes.times[fix] - start
            guard hasRoom(before: p, fix: fix, t: t) else { continue }
            if !baselineFound && inside(entries, q, window, s, radius, fixes, frame) {
                baselineFound = true
                outcome.baselineFix = fix
            }
            if lowestAssigned > 0 && inside(entries, q, window, s, radii[lowestAssigned - 1], fixes, frame) {
                var low = 0
                var high = lowestAssigned - 1
                while low < high {
                    let mid = (low + high) / 2
                    if inside(entries, q, window, s, radii[mid], fixes, frame) { high = mid } else { low = mid + 1 }
                }
                for j in low..<lowestAssigned { outcome.fixes[j] = Int32(fix) }
                lowestAssigned = low
            }
            if baselineFound && lowestAssigned == 0 { break }
        }
        if baselineFound {
            let fix = outcome.baselineFix
            let t = fixes.times[fix] - start
            triggerFix[p] = fix
            let previousEnd = p > 0 ? audioEnd[p - 1] : -.infinity
            audioEnd[p] = max(t, previousEnd) + tour.points[p].audioSeconds
        }
    }

    /// The largest squared fast distance over the window of `window` evaluated fixes ending at position `q`, or
    /// nil when those fixes are not all in the list (one of them was beyond the cutoff).
    @inline(__always)
    func windowDistance(_ entries: ProximityTable.Entries, _ q: Int, _ window: Int) -> Double? {
        if window == 1 { return entries.distanceSquared(q) }
        guard q >= window - 1, entries.ordinal(q) - entries.ordinal(q - window + 1) == window - 1 else { return nil }
        var s = entries.distanceSquared(q)
        for m in (q - window + 1)..<q { s = max(s, entries.distanceSquared(m)) }
        return s
    }

    /// Whether the window ending at `q` (squared fast window distance `s`) is inside radius `r`, exactly.
    @inline(__always)
    func inside(_ entries: ProximityTable.Entries, _ q: Int, _ window: Int, _ s: Double, _ r: Double, _ fixes: FixColumns, _ frame: PointFrame) -> Bool {
        let band = PointFrame.squaredBand(r)
        if s < band.inner { return true }
        if s > band.outer { return false }
        return exactWindowDistance(entries, q, window, fixes, frame) <= r
    }

    /// The largest haversine distance over the window ending at `q`.
    func exactWindowDistance(_ entries: ProximityTable.Entries, _ q: Int, _ window: Int, _ fixes: FixColumns, _ frame: PointFrame) -> Double {
        var s = 0.0
        for m in (q - window + 1)...q {
            let fix = entries.fix(m)
            s = max(s, frame.exactDistance(lat: fixes.latitudes[fix], lng: fixes.longitudes[fix]))
        }
        return s
    }

    /// Whether the queue left by points 0 ..< p has room at fix `fix` (time `t`): at most `queueDepth`
    /// audios unfinished.
    @inline(__always)
    func hasRoom(before p: Int, fix: Int, t: Double) -> Bool {
        var busy = 0
        var j = p - 1
        while j >= 0 {
            guard audioEnd[j] > t || triggerFix[j] == fix else { break }
            busy += 1
            if busy > policy.queueDepth { return false }
            j -= 1
        }
        return true
    }
}
