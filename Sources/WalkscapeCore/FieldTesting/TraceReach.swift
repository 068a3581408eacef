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
        return farWarning(meters: closest.meters, time: trace.times[closest.fix])
    }
}

extension TraceReach {
    /// `closestApproach` over fixes that arrive in batches (a stream replay): the same skips, the same
    /// strict comparisons and the same stop, so the same answer; it keeps the closest fix's time, not its index.
    public struct Approach: Sendable {
        private let targets: [LatLng]
        private let centre: LatLng
        private let spread: Double
        private let stopWithin: Double
        private var best = (meters: Double.infinity, time: Double.nan)
        private var seen = false
        private var stopped = false

        /// The closest approach to `targets`, stopping at the first fix within `stopWithin` metres.
        public init(to targets: [LatLng], stopWithin: Double = 0) {
            self.targets = targets
            self.stopWithin = stopWithin
            var centre = targets.first ?? LatLng(lat: 0, lng: 0)
            if targets.count > 1 {
                centre = LatLng(lat: targets.map(\.lat).reduce(0, +) / Double(targets.count), lng: targets.map(\.lng).reduce(0, +) / Double(targets.count))
            }
            self.centre = centre
            spread = targets.map { Geodesy.distance(centre, $0) }.max() ?? 0
        }

        /// Measures the next fixes.
        public mutating func feed(_ batch: Trace) {
            guard !targets.isEmpty, !stopped else { return }
            for i in 0..<batch.count {
                seen = true
                let fix = batch.location(i)
                if Geodesy.distance(fix, centre) - spread >= best.meters { continue }
                for target in targets {
                    let d = Geodesy.distance(fix, target)
                    if d < best.meters { best = (d, batch.times[i]) }
                }
                if best.meters <= stopWithin {
                    stopped = true
                    return
                }
            }
        }

        /// The closest distance in metres and that fix's time; nil when there were no fixes or no targets.
        public var closest: (meters: Double, time: Double)? { seen && !targets.isEmpty ? best : nil }
    }

    /// `farWarning` for fixes measured by an `Approach` made with `stopWithin: farMeters`.
    public static func farWarning(_ approach: Approach) -> String? {
        guard let closest = approach.closest, closest.meters > farMeters else { return nil }
        return farWarning(meters: closest.meters, time: closest.time)
    }

    static func farWarning(meters: Double, time: Double) -> String {
        "the trace never comes within \(formatShortNumber(farMeters / 1000)) km of the tour's points or route: its closest fix (\(ISO8601Time.format(time))) is \(kilometres(meters)) away; is it a walk of another tour?"
    }

    /// `farWarning` for live positions (`LiveReach`) whose first fix is far from the tour.
    static func liveFarWarning(meters: Double, time: Double) -> String {
        "the positions are not within \(formatShortNumber(farMeters / 1000)) km of the tour's points or route: the first fix (\(ISO8601Time.format(time))) is \(kilometres(meters)) away; is the receiver somewhere else?"
    }

    /// `farWarning` for live positions (`LiveReach`) that go far from the tour after fixes near it.
    static func liveLeftWarning(meters: Double, time: Double) -> String {
        "the positions left the tour: the fix at \(ISO8601Time.format(time)) is \(kilometres(meters)) from its points and route (more than \(formatShortNumber(farMeters / 1000)) km); did the receiver jump?"
    }

    /// "16367 km", "3.2 km".
    private static func kilometres(_ meters: Double) -> String {
        meters < 100_000 ? formatFixed(meters / 1000, 1) + " km" : formatFixed(meters / 1000, 0) + " km"
    }
}
