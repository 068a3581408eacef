/// Where a policy's distance model decided a walk differently from the other model: the same walk replayed
/// with the sphere and the WGS84 ellipsoid swapped, point by point. The first point that differs is the
/// decision (the fix that triggered or flagged it under one model, with its distance on both); the points
/// after it usually differ as a consequence (an app waiting for a missed point).
public struct DistanceFlips: Sendable, Equatable {
    /// The first point whose outcome differs, with the deciding fix.
    public struct Decision: Sendable, Equatable {
        public var order: Int
        /// The deciding fix: the first trigger or flag of the point under either model.
        public var t: Double
        public var location: LatLng
        public var sphereMeters: Double
        public var wgs84Meters: Double
        public var radiusMeters: Double
        /// The point's first trigger under the policy's own model and under the other one.
        public var triggerT: Double?
        public var otherTriggerT: Double?
    }

    /// The policy's own model and the one swapped in.
    public var model: DistanceModel
    public var other: DistanceModel
    /// The first differing point, nil when both models give the same outcomes.
    public var decision: Decision?
    /// Every point whose outcome differs (orders), the decision's first.
    public var differing: [Int]

    /// Compares `run` with the same walk under the other distance model.
    public init(run: ProfileComparison.Run, tour: EngineTour, trace: Trace) {
        model = run.policy.distanceModel
        other = model == .sphere ? .wgs84 : .sphere
        var policy = run.policy
        policy.distanceModel = other
        let orders = tour.points.map(\.order)
        let twin = Simulation.run(tour: tour, trace: trace, policy: policy)
        let otherOutcomes = ProfileComparison.outcomes(twin.events, orders: orders)
        differing = orders.indices.filter { !run.outcomes[$0].agrees(with: otherOutcomes[$0]) }.map { orders[$0] }
        decision = nil
        guard let first = differing.first, let index = orders.firstIndex(of: first) else { return }
        func decidingEvent(_ events: [EngineEvent]) -> EngineEvent? {
            events.first { $0.point == first && $0.location != nil && ($0.kind == .pointTriggered || $0.kind == .pointQueued) }
        }
        let candidates = [decidingEvent(run.timeline.events), decidingEvent(twin.events)].compactMap { $0 }
        guard let event = candidates.min(by: { $0.t < $1.t }), let location = event.location else { return }
        let point = tour.points[index]
        decision = Decision(
            order: first, t: event.t, location: location,
            sphereMeters: DistanceModel.sphere.distance(location, point.location),
            wgs84Meters: DistanceModel.wgs84.distance(location, point.location), radiusMeters: point.radiusMeters,
            triggerT: run.outcomes[index].triggerT, otherTriggerT: otherOutcomes[index].triggerT)
    }
}
