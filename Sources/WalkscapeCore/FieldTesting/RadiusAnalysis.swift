import Foundation

/// Turns recorded walks into a `RadiusReport`: each walk replayed by the real engine for what happened,
/// and probed (`RadiusProbe`) for what would have happened with other radii; sweeps over radii; noise
/// trials that replay each walk many times with a `GPSErrorModel` added.
public struct RadiusAnalysis: Sendable {
    /// A walk to learn from.
    public struct Walk: Sendable {
        public var name: String
        public var trace: Trace

        public init(name: String, trace: Trace) {
            self.name = name
            self.trace = trace
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

    /// Whether the probe's threshold rules hold for `policy` (see `RadiusProbe.supports`).
    public static func supports(_ policy: EnginePolicy) -> Bool { RadiusProbe.supports(policy) }

    /// One walk's results for every point, and the fix each swept radius triggers at.
    struct WalkResult {
        var points: [RadiusReport.TraceResult]
        var sweepFixes: [[Int32]]
        var startTime: Double
    }

    /// The whole report.
    public func run(_ walks: [Walk]) -> RadiusReport {
        var table = ProximityTable(pointCount: tour.points.count)
        var probe = RadiusProbe(tour: tour, policy: policy, radii: sweepRadii)
        let results = walks.map { analyze($0, table: &table, probe: &probe) }
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
                recommendation.reason += "; \(blocked) trace\(blocked == 1 ? "" : "s") left out, where point \(by) never triggered"
            }
            var sweep: [RadiusReport.SweepCell] = []
            for (j, radius) in sweepRadii.enumerated() {
                var triggered = 0
                var delay = 0.0
                for (w, result) in results.enumerated() {
                    let fix = Int(result.sweepFixes[p][j])
                    guard fix >= 0 else { continue }
                    triggered += 1
                    delay += (walks[w].trace.times[fix] - result.startTime) - (result.points[p].closestApproachT ?? 0)
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
            sweepRadii: sweepRadii, noise: noise)
    }

    /// One walk: the engine's timeline for what happened, the probe for the rest.
    func analyze(_ walk: Walk, table: inout ProximityTable, probe: inout RadiusProbe) -> WalkResult {
        let trace = walk.trace
        let count = tour.points.count
        let start = trace.count > 0 ? trace.times[0] : 0
        let end = trace.count > 0 ? trace.times[trace.count - 1] - start : 0

        // What happened: the real engine.
        let timeline = Simulation.run(tour: tour, trace: trace, policy: policy)
        var triggerT = [Double?](repeating: nil, count: count)
        var triggerLocation = [LatLng?](repeating: nil, count: count)
        var firstEntry = [Double?](repeating: nil, count: count)
        var entries = [Int](repeating: 0, count: count)
        var inside = [Double?](repeating: nil, count: count)
        var seconds = [Double](repeating: 0, count: count)
        for event in timeline.events {
            guard let order = event.point, order >= 1, order <= count else { continue }
            let p = order - 1
            switch event.kind {
            case .pointTriggered:
                triggerT[p] = event.t
                triggerLocation[p] = event.location
            case .pointEntered:
                entries[p] += 1
                if firstEntry[p] == nil { firstEntry[p] = event.t }
                inside[p] = event.t
            case .pointExited:
                if let since = inside[p] { seconds[p] += event.t - since }
                inside[p] = nil
            default: break
            }
        }
        for p in 0..<count { if let since = inside[p] { seconds[p] += end - since } }

        // What would have happened: distances once, then every radius by thresholds.
        table.fill(trace: trace, frames: probe.frames, grid: nil, cutoff: .infinity, minAccuracy: policy.minAccuracyMeters)
        var outcome = RadiusProbe.PointOutcome()
        var points: [RadiusReport.TraceResult] = []
        var sweepFixes: [[Int32]] = []
        var firstUntriggered: Int?
        for p in tour.points.indices {
            probe.probe(point: p, trace: trace, start: start, table: table, into: &outcome)
            let point = tour.points[p]
            let entriesOfPoint = table.points[p]
            let frame = probe.frames[p]
            let closest = Self.exactMinimum(entriesOfPoint, trace: trace, frame: frame, window: 1, positions: 0..<entriesOfPoint.count) { _ in true }
            var minTrigger: Double?
            var clear: Double?
            if !outcome.blocked {
                let window = max(1, policy.confirmFixes)
                let from = entriesOfPoint.firstPosition(atOrAfter: outcome.fromFix)
                minTrigger = Self.exactMinimum(entriesOfPoint, trace: trace, frame: frame, window: window, positions: from..<entriesOfPoint.count) { q in
                    let fix = Int(entriesOfPoint.fix[q])
                    return probe.hasRoom(before: p, fix: fix, t: trace.times[fix] - start)
                }?.distance
                if p > 0 {
                    let previousEnd = probe.audioEnd[p - 1]
                    clear = Self.exactMinimum(entriesOfPoint, trace: trace, frame: frame, window: window, positions: 0..<entriesOfPoint.count) { q in
                        trace.times[Int(entriesOfPoint.fix[q])] - start < previousEnd
                    }?.distance
                }
            }
            let closestMeters = closest?.distance ?? .infinity
            points.append(RadiusReport.TraceResult(
                trace: walk.name, closestApproachMeters: closestMeters,
                closestApproachT: closest.map { trace.times[$0.fix] - start }, firstEntryT: firstEntry[p], secondsInside: seconds[p],
                entries: entries[p], triggered: triggerT[p] != nil, triggerT: triggerT[p], marginMeters: point.radiusMeters - closestMeters,
                minTriggerRadiusMeters: minTrigger, clearRadiusMeters: clear, blockedBy: outcome.blocked ? firstUntriggered : nil,
                closestApproachLocation: closest.map { trace.location($0.fix) }, triggerLocation: triggerLocation[p]))
            sweepFixes.append(outcome.fixes)
            if outcome.baselineFix < 0 && firstUntriggered == nil { firstUntriggered = point.order }
        }
        return WalkResult(points: points, sweepFixes: sweepFixes, startTime: start)
    }

    /// The smallest exact window distance over `positions` accepted by `accept` (the earliest on ties):
    /// fast estimates first, the haversine only near the minimum.
    static func exactMinimum(
        _ entries: ProximityTable.Entries, trace: Trace, frame: PointFrame, window: Int, positions: Range<Int>, accept: (Int) -> Bool
    ) -> (distance: Double, fix: Int)? {
        var fastMinimum = Double.infinity
        var candidates: [(q: Int, s: Double)] = []
        for q in positions {
            guard let s = windowDistance(entries, q, window), s <= fastMinimum + 2 * PointFrame.band(fastMinimum), accept(q) else { continue }
            if s < fastMinimum { fastMinimum = s }
            candidates.append((q, s))
        }
        var best: (distance: Double, fix: Int)?
        let limit = fastMinimum + 2 * PointFrame.band(fastMinimum)
        for candidate in candidates where candidate.s <= limit {
            var s = 0.0
            for m in (candidate.q - window + 1)...candidate.q {
                let fix = Int(entries.fix[m])
                s = max(s, frame.exactDistance(lat: trace.latitudes[fix], lng: trace.longitudes[fix]))
            }
            if best == nil || s < best!.distance { best = (s, Int(entries.fix[candidate.q])) }
        }
        return best
    }

    static func windowDistance(_ entries: ProximityTable.Entries, _ q: Int, _ window: Int) -> Double? {
        if window == 1 { return entries.distance[q] }
        guard q >= window - 1, Int(entries.ordinal[q]) - Int(entries.ordinal[q - window + 1]) == window - 1 else { return nil }
        var s = entries.distance[q]
        for m in (q - window + 1)..<q { s = max(s, entries.distance[m]) }
        return s
    }

    /// Noise trials: each walk replayed `settings.runs` times with the error model added; per point and
    /// swept radius, on how many replays the point triggers. Each replay's randomness is its own stream
    /// (seed, walk, run), so results do not depend on the order replays are made in.
    public func noiseTrials(_ walks: [Walk], settings: RadiusReport.NoiseSettings) -> [[Int]] {
        var counts = Array(repeating: Array(repeating: 0, count: sweepRadii.count), count: tour.points.count)
        let cutoff = max(sweepRadii.last ?? 0, tour.points.map(\.radiusMeters).max() ?? 0)
        let grid = ProximityGrid(locations: tour.points.map(\.location), cutoff: cutoff)
        var table = ProximityTable(pointCount: tour.points.count)
        var probe = RadiusProbe(tour: tour, policy: policy, radii: sweepRadii)
        var outcome = RadiusProbe.PointOutcome()
        var noisy = Trace()
        for (w, walk) in walks.enumerated() {
            for run in 0..<settings.runs {
                var random = SplitMix64.stream(seed: settings.seed, UInt64(w), UInt64(run))
                settings.model.apply(to: walk.trace, rng: &random, into: &noisy)
                table.fill(trace: noisy, frames: probe.frames, grid: grid, cutoff: cutoff, minAccuracy: policy.minAccuracyMeters)
                probe.run(trace: noisy, table: table, into: &outcome) { p, outcome in
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
