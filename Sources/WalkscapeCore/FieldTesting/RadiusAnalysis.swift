import Foundation

/// Turns recorded walks into a `RadiusReport`: each walk replayed by the real engine for what happened,
/// and probed (`RadiusProbe`) for what would have happened with other radii; sweeps over radii; noise
/// trials that replay each walk many times with a `GPSErrorModel` added.
///
/// Every question is asked of the fixes the phone delivers (the policy's `fixDelivery`, applied once per
/// walk). When the probe cannot model the policy (`replaysEngine`: the app cursor, trigger hysteresis,
/// `skipMissed`), each radius is answered by the engine itself instead (`EngineRadiusReplay`): the same
/// report, exactly the engine's, slower by the number of radii asked.
public struct RadiusAnalysis: Sendable {
    /// A walk to learn from.
    public struct RecordedWalk: Sendable {
        public var name: String
        public var trace: Trace
        /// The phase of the phone's fix delivery this walk is replayed under (`FixDeliveryFilter.phase`);
        /// `radii --phases N` adds each trace N times, so the advice covers the worst phase.
        public var phase: Double

        public init(name: String, trace: Trace, phase: Double = 0) {
            self.name = name
            self.trace = trace
            self.phase = phase
        }
    }

    public var tour: EngineTour
    /// The path the tour is walked along (route line, or points in order), for route passes.
    public var path: [LatLng]
    public var policy: EnginePolicy
    /// Radii to sweep (metres, ascending); also the radii of the noise trials.
    public var sweepRadii: [Double]
    public var noise: RadiusReport.NoiseSettings?

    public init(tour: EngineTour, path: [LatLng], policy: EnginePolicy, sweepRadii: [Double] = [], noise: RadiusReport.NoiseSettings? = nil) {
        self.tour = tour
        self.path = path
        self.policy = policy
        self.sweepRadii = sweepRadii.sorted()
        self.noise = noise
    }

    /// Whether radii are answered by replaying the engine (`EngineRadiusReplay`) because the probe's
    /// threshold rules do not hold for `policy` (see `RadiusProbe.supports`).
    public static func replaysEngine(_ policy: EnginePolicy) -> Bool { !RadiusProbe.supports(policy) }

    /// The rules of `policy` the probe does not model, in words ("the app cursor, re-fire on re-entry"),
    /// nil when the probe models them all.
    public static func engineReplayReason(_ policy: EnginePolicy) -> String? {
        guard replaysEngine(policy) else { return nil }
        var rules: [String] = []
        if let cursor = policy.appCursor {
            rules.append(cursor.queueNeedsCurrentRegion ? "the app cursor (next point flagged only inside the current region)" : "the app cursor")
            if cursor.refiresOnReentry { rules.append("re-fire on re-entry") }
            if cursor.completesOnReachingLastPoint { rules.append("completion on reaching the last point") }
        }
        if policy.triggerHysteresis { rules.append("trigger hysteresis") }
        if policy.skipMissed { rules.append("skipping missed points") }
        if policy.distanceModel != .sphere { rules.append("\(policy.distanceModel.rawValue) distances") }
        return rules.isEmpty ? "rules the probe does not model" : rules.joined(separator: ", ")
    }

    /// Whether this analysis replays the engine for every radius (the exact, slow path).
    public var replaysEngine: Bool { Self.replaysEngine(policy) }

    /// One walk's results for every point, and when each swept radius triggers (seconds since the first
    /// fix, NaN never).
    struct WalkResult {
        var points: [RadiusReport.TraceResult]
        var sweepTimes: [[Double]]
        /// Fixes the phone delivered.
        var fixesDelivered: Int
    }

    /// The whole report.
    public func run(_ walks: [RecordedWalk]) -> RadiusReport {
        let results: [WalkResult]
        if replaysEngine {
            results = walks.map(analyzeByReplay)
        } else {
            let table = ProximityTable(pointCount: tour.points.count)
            var probe = RadiusProbe(tour: tour, policy: policy, radii: sweepRadii)
            let grid = ProximityGrid(locations: tour.points.map(\.location), cutoff: cutoff)
            results = walks.map { analyze($0, table: table, grid: grid, probe: &probe) }
        }
        let noiseCounts = noise.map { noiseTrials(walks, settings: $0) }
        let runsPerRadius = (noise?.runs ?? 0) * walks.count

        var points: [RadiusReport.PointReport] = []
        for (p, point) in tour.points.enumerated() {
            let traces = results.map { $0.points[p] }
            let usable = traces.filter { $0.blockedBy == nil }
            var minimum: (value: Double, trace: String)?
            var untriggerable: String?
            for result in usable {
                guard let radius = result.minTriggerRadiusMeters else {
                    if untriggerable == nil { untriggerable = result.trace }
                    continue
                }
                if minimum == nil || radius > minimum!.value { minimum = (radius, result.trace) }
            }
            var clear: (value: Double, trace: String)?
            for result in usable {
                if let radius = result.clearRadiusMeters, clear == nil || radius < clear!.value { clear = (radius, result.trace) }
            }
            var recommendation = RadiusRecommendation.advise(
                current: point.radiusMeters, minimum: untriggerable == nil ? minimum?.value : nil, minimumTrace: minimum?.trace,
                clear: clear?.value, clearTrace: clear?.trace, previous: p > 0 ? tour.points[p - 1].order : nil,
                untriggerable: untriggerable, usableTraces: usable.count)
            let blocked = traces.count - usable.count
            if blocked > 0 && !usable.isEmpty {
                let by = Set(traces.compactMap(\.blockedBy)).sorted().map(String.init).joined(separator: ", ")
                // Say which traces the figures above are over: the sweep and the per-trace table count them all.
                let names = traces.filter { $0.blockedBy != nil }.map(\.trace)
                let named = names.prefix(2).joined(separator: ", ") + (names.count > 2 ? ", …" : "")
                recommendation.reason += "; over the \(usable.count) of \(traces.count) traces where point \(by) triggered: \(blocked) left out (\(named)), where point \(by) never triggered"
            }
            var sweep: [RadiusReport.SweepCell] = []
            for (j, radius) in sweepRadii.enumerated() {
                var triggered = 0
                var delay = 0.0
                for result in results {
                    let t = result.sweepTimes[p][j]
                    guard !t.isNaN else { continue }
                    triggered += 1
                    delay += t - (result.points[p].closestApproachT ?? 0)
                }
                sweep.append(RadiusReport.SweepCell(radiusMeters: radius, triggered: triggered, traces: walks.count,
                    meanTriggerDelaySeconds: triggered > 0 ? delay / Double(triggered) : nil))
            }
            let noiseCells = noiseCounts.map { counts in
                sweepRadii.enumerated().map { RadiusReport.NoiseCell(radiusMeters: $1, triggered: counts[p][$0], runs: runsPerRadius) }
            } ?? []
            let passes = path.count >= 2 ? RoutePasses.passes(path: path, center: point.location, radius: point.radiusMeters).count : 0
            points.append(RadiusReport.PointReport(
                order: point.order, id: point.id, location: point.location, radiusMeters: point.radiusMeters,
                audioSeconds: point.audioSeconds, traces: traces,
                minRadiusAllTraces: untriggerable == nil ? minimum?.value : nil, maxClearRadiusMeters: clear?.value,
                recommendation: recommendation, routePasses: passes, sweep: sweep, noise: noiseCells))
        }

        var overlaps: [RadiusReport.Overlap] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let centres = Geodesy.distance(a.location, b.location)
            let overlap = a.radiusMeters + b.radiusMeters - centres
            guard overlap > 0 else { continue }
            var advised: Double?
            if let ra = a.recommendation.radiusMeters, let rb = b.recommendation.radiusMeters { advised = ra + rb - centres }
            overlaps.append(RadiusReport.Overlap(from: a.order, to: b.order, centresMeters: centres, overlapMeters: overlap, recommendedOverlapMeters: advised))
        }
        return RadiusReport(
            points: points, traces: walks.map(\.name), overlaps: overlaps, passedTwice: points.filter { $0.routePasses > 1 }.map(\.order),
            sweepRadii: sweepRadii, noise: noise, engineReplayReason: Self.engineReplayReason(policy),
            fixes: walks.map(\.trace.count).reduce(0, +), fixesDelivered: results.map(\.fixesDelivered).reduce(0, +),
            completesBeforeLastPoint: policy.appCursor?.completesOnReachingLastPoint == true)
    }

    /// The distance beyond which fixes are left out of proximity tables: the largest radius probed.
    var cutoff: Double { max(sweepRadii.last ?? 0, tour.points.map(\.radiusMeters).max() ?? 0) }

    /// What the engine did on one walk with the tour's radii, per point (index).
    struct Observed {
        var triggerT: [Double?]
        var triggerLocation: [LatLng?]
        var firstEntry: [Double?]
        var entries: [Int]
        var seconds: [Double]
        var refires: [Int]
        /// When the point's audio last finished (its narration's end, restarts included).
        var audioEnd: [Double?]
    }

    /// The real engine's timeline of `trace`, read point by point.
    func observe(_ trace: Trace, phase: Double = 0) -> Observed {
        let count = tour.points.count
        let start = trace.count > 0 ? trace.times[0] : 0
        let end = trace.count > 0 ? trace.times[trace.count - 1] - start : 0
        let timeline = Simulation.run(tour: tour, trace: trace, policy: policy, phase: phase)
        var observed = Observed(
            triggerT: Array(repeating: nil, count: count), triggerLocation: Array(repeating: nil, count: count),
            firstEntry: Array(repeating: nil, count: count), entries: Array(repeating: 0, count: count),
            seconds: Array(repeating: 0, count: count), refires: Array(repeating: 0, count: count),
            audioEnd: Array(repeating: nil, count: count))
        var inside = [Double?](repeating: nil, count: count)
        for event in timeline.events {
            guard let order = event.point, order >= 1, order <= count else { continue }
            let p = order - 1
            switch event.kind {
            case .pointTriggered:
                if observed.triggerT[p] == nil {
                    observed.triggerT[p] = event.t
                    observed.triggerLocation[p] = event.location
                }
            case .pointRefired:
                observed.refires[p] += 1
            case .audioFinished:
                observed.audioEnd[p] = event.t
            case .pointEntered:
                observed.entries[p] += 1
                if observed.firstEntry[p] == nil { observed.firstEntry[p] = event.t }
                inside[p] = event.t
            case .pointExited:
                if let since = inside[p] { observed.seconds[p] += event.t - since }
                inside[p] = nil
            default: break
            }
        }
        for p in 0..<count { if let since = inside[p] { observed.seconds[p] += end - since } }
        return observed
    }

    /// The fixes the phone delivers from `trace` under the policy (all of them without `fixDelivery`).
    func deliveredFixes(_ trace: Trace, phase: Double = 0) -> FixColumns {
        let all = FixColumns(trace)
        guard let rules = policy.fixDelivery else { return all }
        var delivered = FixColumns()
        var origins: [Int32] = []
        delivered.fill(deliveredFrom: all, rules: rules, origins: &origins, distance: policy.distanceModel, phase: phase)
        return delivered
    }

    /// One walk: the engine's timeline for what happened, the probe for the rest.
    func analyze(_ walk: RecordedWalk, table: ProximityTable, grid: ProximityGrid, probe: inout RadiusProbe) -> WalkResult {
        let trace = walk.trace
        let fixes = deliveredFixes(trace, phase: walk.phase)
        let start = trace.count > 0 ? trace.times[0] : 0
        let observed = observe(trace, phase: walk.phase)

        // What would have happened: the probe for every swept radius; the closest approach and the
        // extreme radii from the table's nearby fixes (every evaluated fix when those do not settle them).
        table.fill(fixes, frames: probe.frames, grid: grid, cutoff: cutoff, minAccuracy: policy.minAccuracyMeters)
        let gate = policy.minAccuracyMeters ?? .infinity
        let evaluated = (0..<fixes.count).filter { !(fixes.accuracies[$0] > gate) }.map { Int32($0) }
        let window = max(1, policy.confirmFixes)
        var outcome = RadiusProbe.PointOutcome()
        var points: [RadiusReport.TraceResult] = []
        var sweepTimes: [[Double]] = []
        var firstUntriggered: Int?
        var closest = MinimumTracker()
        var clear = MinimumTracker()
        var trigger = MinimumTracker()
        var recent = [Double](repeating: 0, count: window)
        var recentOrdinals = [Int](repeating: -2, count: window)
        for p in tour.points.indices {
            probe.probe(point: p, fixes: fixes, start: start, table: table, into: &outcome)
            let point = tour.points[p]
            let frame = probe.frames[p]
            closest.reset()
            clear.reset()
            trigger.reset()
            let checksClear = p > 0 && !outcome.blocked
            let previousEnd = p > 0 ? probe.audioEnd[p - 1] : -.infinity
            let fromFix = outcome.fromFix
            // Only where the strict sequence could reach the point counts against its radius: from the fix that
            // triggered the point before it (a loop tour's last point beside the start is not reachable while
            // the walk sets off). A point the walk never reached (blocked) keeps every fix for its closest approach,
            // and with skipMissed (any point ahead of the cursor may trigger) every fix counts.
            let reachableFrom = outcome.blocked || policy.skipMissed ? 0 : fromFix
            // Windows of `window` consecutive evaluated fixes, fed to the trackers asked for: first from the
            // table (fixes within the cutoff); a tracker the table leaves empty, or whose minimum may lie
            // beyond the cutoff, is fed again from every evaluated fix.
            func pass(all: Bool, closestToo: Bool, clearToo: Bool, triggerToo: Bool) {
                let entries = table.entries(p)
                let n = all ? evaluated.count : entries.count
                var slot = 0
                var filled = 0
                // Over every fix, from the first the sequence could reach the point with (less a window's fixes
                // before it): no tracker takes an earlier one, and scanning from the walk's start made each
                // point cost the whole walk (a 2,000-point tour: 10 s of `radii`).
                var firstQ = 0
                if all {
                    var low = 0, high = evaluated.count
                    while low < high {
                        let mid = (low + high) / 2
                        if Int(evaluated[mid]) < reachableFrom { low = mid + 1 } else { high = mid }
                    }
                    firstQ = max(0, low - (window - 1))
                }
                for q in firstQ..<n {
                    let e: Int
                    let i: Int
                    let d: Double
                    if all {
                        e = q
                        i = Int(evaluated[q])
                        // Only the clear radius left: it looks at fixes before the previous audio's end.
                        if !closestToo && !triggerToo && fixes.times[i] - start >= previousEnd { break }
                        d = frame.fastDistanceSquared(lat: fixes.latitudes[i], lng: fixes.longitudes[i])
                    } else {
                        e = entries.ordinal(q)
                        i = entries.fix(q)
                        d = entries.distanceSquared(q)
                    }
                    if closestToo && i >= reachableFrom { closest.offer(e, d) }
                    guard clearToo || triggerToo else { continue }
                    // A gap in the ordinals (a fix beyond the cutoff) breaks the window.
                    if filled > 0 && recentOrdinals[(slot + window - 1) % window] != e - 1 { filled = 0 }
                    recent[slot] = d
                    recentOrdinals[slot] = e
                    slot = slot + 1 == window ? 0 : slot + 1
                    filled = min(window, filled + 1)
                    guard filled == window else { continue }
                    var s = d
                    if window > 1 { for value in recent { s = max(s, value) } }
                    let t = fixes.times[i] - start
                    if clearToo && t < previousEnd && i >= reachableFrom { clear.offer(e, s) }
                    if triggerToo && i >= fromFix && trigger.wants(s) && probe.hasRoom(before: p, fix: i, t: t) { trigger.offer(e, s) }
                }
            }
            func settled(_ result: (distance: Double, fix: Int)?) -> Bool { result.map { $0.distance <= cutoff } ?? false }
            pass(all: false, closestToo: true, clearToo: checksClear, triggerToo: !outcome.blocked)
            var nearest = closest.exact(window: 1, evaluated: evaluated, fixes: fixes, frame: frame)
            var minTrigger = outcome.blocked ? nil : trigger.exact(window: window, evaluated: evaluated, fixes: fixes, frame: frame)
            var clearRadius = checksClear ? clear.exact(window: window, evaluated: evaluated, fixes: fixes, frame: frame) : nil
            let redoClosest = !settled(nearest)
            let redoTrigger = !outcome.blocked && !settled(minTrigger)
            let redoClear = checksClear && !settled(clearRadius)
            if redoClosest || redoTrigger || redoClear {
                if redoClosest { closest.reset() }
                if redoTrigger { trigger.reset() }
                if redoClear { clear.reset() }
                pass(all: true, closestToo: redoClosest, clearToo: redoClear, triggerToo: redoTrigger)
                if redoClosest { nearest = closest.exact(window: 1, evaluated: evaluated, fixes: fixes, frame: frame) }
                if redoTrigger { minTrigger = trigger.exact(window: window, evaluated: evaluated, fixes: fixes, frame: frame) }
                if redoClear { clearRadius = clear.exact(window: window, evaluated: evaluated, fixes: fixes, frame: frame) }
            }
            let closestMeters = nearest?.distance ?? .infinity
            points.append(RadiusReport.TraceResult(
                trace: walk.name, closestApproachMeters: closestMeters,
                closestApproachT: nearest.map { fixes.times[$0.fix] - start }, firstEntryT: observed.firstEntry[p],
                secondsInside: observed.seconds[p], entries: observed.entries[p], triggered: observed.triggerT[p] != nil,
                triggerT: observed.triggerT[p], marginMeters: point.radiusMeters - closestMeters,
                minTriggerRadiusMeters: minTrigger?.distance, clearRadiusMeters: clearRadius?.distance,
                blockedBy: outcome.blocked ? firstUntriggered : nil,
                closestApproachLocation: nearest.map { fixes.location($0.fix) }, triggerLocation: observed.triggerLocation[p],
                refires: observed.refires[p]))
            sweepTimes.append(outcome.fixes.map { $0 >= 0 ? fixes.times[Int($0)] - start : .nan })
            if outcome.baselineFix < 0 && firstUntriggered == nil { firstUntriggered = point.order }
        }
        return WalkResult(points: points, sweepTimes: sweepTimes, fixesDelivered: fixes.count)
    }

    /// The smallest window distance over the windows offered, found with squared fast estimates and
    /// decided with the haversine: windows whose estimate is within two bands of the running minimum are
    /// kept, and only those are measured exactly at the end (the earliest wins a tie).
    struct MinimumTracker {
        /// The running minimum of the squared estimates, and the square of (its root + two bands).
        var fastMinimum = Double.infinity
        var threshold = Double.infinity
        var candidates: [(end: Int, s: Double)] = []

        mutating func reset() {
            fastMinimum = .infinity
            threshold = .infinity
            candidates.removeAll(keepingCapacity: true)
        }

        static func threshold(_ squared: Double) -> Double {
            let root = squared.squareRoot()
            let reach = root + 2 * PointFrame.band(root)
            return reach * reach
        }

        /// Whether a window of squared estimate `s` could be the minimum (cheap: test it before costlier checks).
        @inline(__always)
        func wants(_ s: Double) -> Bool { s <= threshold }

        @inline(__always)
        mutating func offer(_ end: Int, _ s: Double) {
            guard s <= threshold else { return }
            if s < fastMinimum {
                fastMinimum = s
                threshold = Self.threshold(s)
                if candidates.count >= 64 {
                    let limit = threshold
                    candidates.removeAll { $0.s > limit }
                }
            }
            candidates.append((end, s))
        }

        /// The exact minimum and the fix ending its window.
        func exact(window: Int, evaluated: [Int32], fixes: FixColumns, frame: PointFrame) -> (distance: Double, fix: Int)? {
            var best: (distance: Double, fix: Int)?
            for candidate in candidates where candidate.s <= threshold {
                var s = 0.0
                for m in (candidate.end - window + 1)...candidate.end {
                    let fix = Int(evaluated[m])
                    s = max(s, frame.exactDistance(lat: fixes.latitudes[fix], lng: fixes.longitudes[fix]))
                }
                if best == nil || s < best!.distance { best = (s, Int(evaluated[candidate.end])) }
            }
            return best
        }
    }

    /// Noise trials: each walk replayed `settings.runs` times with the error model added; per point and
    /// swept radius, on how many replays the point triggers. Each replay's randomness is its own stream
    /// (seed, walk, run), so results do not depend on the order replays are made in.
    public func noiseTrials(_ walks: [RecordedWalk], settings: RadiusReport.NoiseSettings) -> [[Int]] {
        if replaysEngine { return noiseTrialsByReplay(walks, settings: settings) }
        var counts = Array(repeating: Array(repeating: 0, count: sweepRadii.count), count: tour.points.count)
        let grid = ProximityGrid(locations: tour.points.map(\.location), cutoff: cutoff)
        let table = ProximityTable(pointCount: tour.points.count)
        var probe = RadiusProbe(tour: tour, policy: policy, radii: sweepRadii)
        var outcome = RadiusProbe.PointOutcome()
        var noisy = FixColumns()
        var delivered = FixColumns()
        var kept: [Int32] = []
        var origins: [Int32] = []
        for (w, walk) in walks.enumerated() {
            let source = FixColumns(walk.trace)
            for run in 0..<settings.runs {
                var random = SplitMix64.stream(seed: settings.seed, UInt64(w), UInt64(run))
                settings.model.perturb(source, rng: &random, into: &noisy, kept: &kept)
                if let rules = policy.fixDelivery { delivered.fill(deliveredFrom: noisy, rules: rules, origins: &origins, distance: policy.distanceModel, phase: walk.phase) }
                let fixes = policy.fixDelivery == nil ? noisy : delivered
                table.fill(fixes, frames: probe.frames, grid: grid, cutoff: cutoff, minAccuracy: policy.minAccuracyMeters)
                probe.run(fixes: fixes, table: table, into: &outcome) { p, outcome in
                    for j in outcome.fixes.indices where outcome.fixes[j] >= 0 { counts[p][j] += 1 }
                }
            }
        }
        return counts
    }

    /// The noisy copy of walk `walk` for replay `run` (what `noiseTrials` probes), for tests and pictures.
    public static func noisyTrace(_ trace: Trace, walk: Int, run: Int, settings: RadiusReport.NoiseSettings) -> Trace {
        var random = SplitMix64.stream(seed: settings.seed, UInt64(walk), UInt64(run))
        return settings.model.apply(to: trace, rng: &random)
    }
}
