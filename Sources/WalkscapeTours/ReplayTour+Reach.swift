import WalkscapeCore

extension ReplayTour {
    /// What a trace or a live position is measured against to tell a walk of this tour from one somewhere
    /// else: the points' locations and the route's vertices (`TraceReach`).
    public var reachTargets: [LatLng] { engineTour.points.map(\.location) + (tour.route?.points ?? []) }

    /// The warning for a trace that never comes within `TraceReach.farMeters` of the tour (the one rule of
    /// `simulate`, `play`, `check` and `radii`), else nil.
    public func farWarning(_ trace: Trace) -> String? {
        let targets = reachTargets
        return TraceReach.farWarning(trace, points: targets, route: [])
    }
}
