extension RadiusAnalysis {
    /// One walk, every radius answered by the engine (`EngineRadiusReplay`): the path for policies the probe
    /// cannot model. The same results as `analyze` gives where both apply (`RadiusAnalysisReplayTests`).
    ///
    /// The closest approach, clear radius and critical radii come from the fixes the engine evaluates
    /// (delivered by the phone, kept by the accuracy gate), with exact distances under the policy's model; the smallest
    /// triggering radius is bisected over the critical radii; each swept radius is one replay.
    func analyzeByReplay(_ walk: RecordedWalk) -> WalkResult {
        let trace = walk.trace
        let all = FixColumns(trace)
        let start = trace.count > 0 ? trace.times[0] : 0
        let observed = observe(trace, phase: walk.phase)
        let replay = EngineRadiusReplay(tour: tour, policy: policy)
        let prepared = EngineRadiusReplay.DeliveredFixes(all, rules: policy.fixDelivery, distance: policy.distanceModel, phase: walk.phase)
        let gate = policy.minAccuracyMeters ?? .infinity
        let evaluated = (0..<all.count).filter { prepared.delivered[$0] && !(all.accuracies[$0] > gate) }
        let window = max(1, policy.confirmFixes)
        var points: [RadiusReport.TraceResult] = []
        var sweepTimes: [[Double]] = []
        var firstUntriggered: Int?
        for (p, point) in tour.points.enumerated() {
            let frame = PointFrame(point.location)
            let distances = policy.distanceModel == .sphere
                ? evaluated.map { frame.exactDistance(lat: all.latitudes[$0], lng: all.longitudes[$0]) }
                : evaluated.map { policy.distanceModel.distance(all.location($0), point.location) }
            // Without skipping, a point behind one that never triggered cannot trigger with any radius.
            let blocked = !policy.skipMissed && firstUntriggered != nil
            // Only where the strict sequence could reach the point counts against its radius: from the moment the
            // point before it triggered (a loop tour's last point beside the start is not reachable while the
            // walk sets off). A point the walk never reached keeps every fix for its closest approach.
            // With skipMissed any point ahead of the cursor can trigger: every fix counts, as it always did.
            let reachableFrom = p > 0 && !blocked && !policy.skipMissed ? (observed.triggerT[p - 1] ?? .infinity) : -.infinity
            let reachable = { (q: Int) in all.times[evaluated[q]] - start >= reachableFrom }
            var nearest: Int?
            for q in distances.indices where reachable(q) && (nearest == nil || distances[q] < distances[nearest!]) { nearest = q }
            // Windows of `window` evaluated fixes that end before the previous point's audio ended.
            var clearRadius: Double?
            if p > 0, !blocked, observed.triggerT[p - 1] != nil, let previousEnd = observed.audioEnd[p - 1], distances.count >= window {
                for q in (window - 1)..<distances.count {
                    guard all.times[evaluated[q]] - start < previousEnd else { break }
                    guard reachable(q) else { continue }
                    let s = distances[(q - window + 1)...q].max()!
                    if clearRadius == nil || s < clearRadius! { clearRadius = s }
                }
            }
            var minTrigger: Double?
            var sweep = [Double](repeating: .nan, count: sweepRadii.count)
            if !blocked {
                let candidates = EngineRadiusReplay.criticalRadii(distances: distances, hysteresis: policy.triggerHysteresis)
                minTrigger = replay.minimumTriggerRadius(point: p, walk: prepared, candidates: candidates)
                for (j, radius) in sweepRadii.enumerated() { sweep[j] = replay.triggerTime(point: p, radius: radius, walk: prepared) ?? .nan }
            }
            let closestMeters = nearest.map { distances[$0] } ?? .infinity
            points.append(RadiusReport.TraceResult(
                trace: walk.name, closestApproachMeters: closestMeters,
                closestApproachT: nearest.map { all.times[evaluated[$0]] - start }, firstEntryT: observed.firstEntry[p],
                secondsInside: observed.seconds[p], entries: observed.entries[p], triggered: observed.triggerT[p] != nil,
                triggerT: observed.triggerT[p], marginMeters: point.radiusMeters - closestMeters,
                minTriggerRadiusMeters: minTrigger, clearRadiusMeters: clearRadius,
                blockedBy: blocked ? firstUntriggered : nil,
                closestApproachLocation: nearest.map { all.location(evaluated[$0]) }, triggerLocation: observed.triggerLocation[p],
                refires: observed.refires[p]))
            sweepTimes.append(sweep)
            if observed.triggerT[p] == nil && firstUntriggered == nil { firstUntriggered = point.order }
        }
        return WalkResult(points: points, sweepTimes: sweepTimes, fixesDelivered: prepared.delivered.filter { $0 }.count)
    }

    /// Noise trials with every radius answered by the engine: per point and swept radius, on how many noisy
    /// replays (the same replays `noiseTrials` makes) the point triggers.
    func noiseTrialsByReplay(_ walks: [RecordedWalk], settings: RadiusReport.NoiseSettings) -> [[Int]] {
        var counts = Array(repeating: Array(repeating: 0, count: sweepRadii.count), count: tour.points.count)
        let replay = EngineRadiusReplay(tour: tour, policy: policy)
        var noisy = FixColumns()
        var kept: [Int32] = []
        for (w, walk) in walks.enumerated() {
            let source = FixColumns(walk.trace)
            for run in 0..<settings.runs {
                var random = SplitMix64.stream(seed: settings.seed, UInt64(w), UInt64(run))
                settings.model.perturb(source, rng: &random, into: &noisy, kept: &kept)
                let prepared = EngineRadiusReplay.DeliveredFixes(noisy, rules: policy.fixDelivery, distance: policy.distanceModel, phase: walk.phase)
                let baseline = replay.triggerTimes(walk: prepared)
                for p in tour.points.indices {
                    // Without skipping, points behind one that never triggered cannot trigger.
                    if !policy.skipMissed && p > 0 && baseline[p - 1] == nil { break }
                    for (j, radius) in sweepRadii.enumerated() where replay.triggerTime(point: p, radius: radius, walk: prepared) != nil {
                        counts[p][j] += 1
                    }
                }
            }
        }
        return counts
    }
}
