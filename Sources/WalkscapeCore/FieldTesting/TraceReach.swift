/// How close a trace comes to a tour: the nearest any fix gets to one of the tour's points or a vertex of
/// its route, to tell a walk of this tour from a trace of somewhere else.
public enum TraceReach {
    /// A trace whose every fix is farther than this from the tour's points and route is not a walk of it.
    public static let farMeters = 1000.0

    /// The closest approach of `trace` to `targets`: the distance in metres and the fix; nil when either is
    /// empty. Stops at the first fix within `stopWithin` metres (the answer is then that fix).
    ///
    /// A fix is skipped when the triangle inequality (its distance to the targets' centre less their spread)
    /// shows it cannot come closer than the best so far, so a trace far away costs about one distance a fix.
    public static func closestApproach(_ trace: Trace, to targets: [LatLng], stopWithin: Double = 0) -> (meters: Double, fix: Int)? {
        guard trace.count > 0, let first = targets.first else { return nil }
        var centre = first
        if targets.count > 1 {
            centre = LatLng(lat: targets.map(\.lat).reduce(0, +) / Double(targets.count), lng: targets.map(\.lng).reduce(0, +) / Double(targets.count))
        }
        let spread = targets.map { Geodesy.distance(centre, $0) }.max() ?? 0
        var best = (meters: Double.infinity, fix: 0)
        for i in 0..<trace.count {
            let fix = trace.location(i)
            if Geodesy.distance(fix, centre) - spread >= best.meters { continue }
            for target in targets {
                let d = Geodesy.distance(fix, target)
                if d < best.meters { best = (d, i) }
            }
            if best.meters <= stopWithin { break }
        }
        return best
    }

    /// The warning for a trace that never comes within `farMeters` of the tour's `points` or `route`, naming
    /// how close it gets; nil when it does come near (or there is nothing to measure).
    public static func farWarning(_ trace: Trace, points: [LatLng], route: [LatLng]) -> String? {
        guard let closest = closestApproach(trace, to: points + route, stopWithin: farMeters), closest.meters > farMeters else { return nil }
        let distance = closest.meters < 100_000 ? formatFixed(closest.meters / 1000, 1) + " km" : formatFixed(closest.meters / 1000, 0) + " km"
        return "the trace never comes within \(formatShortNumber(farMeters / 1000)) km of the tour's points or route: its closest fix (\(ISO8601Time.format(trace.times[closest.fix]))) is \(distance) away; is it a walk of another tour?"
    }
}
