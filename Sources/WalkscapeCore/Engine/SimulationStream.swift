/// Replays a trace through the trigger engine batch by batch, as its fixes are read: the stream form of
/// `Simulation.run`, for traces too long to hold (`TraceReplayStream`).
///
/// Fed the fixes of a trace in the same order, in batches of any size, it makes exactly the actions
/// `Simulation.run` makes (the same `FixDeliveryFilter`, the same times since the first fix) and so the same
/// `Timeline`; `SimulationStreamTests` holds the two together.
public struct SimulationStream: Sendable {
    private var state: EngineState
    private var events: [EngineEvent] = []
    private var delivery: FixDeliveryFilter
    private let usesAccuracy: Bool
    private var start: Double?
    private var fixes = 0

    /// A walk of `tour` under `policy`, started (`tour_started` is the first event).
    public init(tour: EngineTour, policy: EnginePolicy = .standard) {
        state = EngineState(tour: tour, policy: policy)
        delivery = FixDeliveryFilter(policy.fixDelivery)
        usesAccuracy = policy.minAccuracyMeters != nil
        events.reserveCapacity(tour.points.count * 8 + 4)
        TriggerEngine.reduce(&state, .start, into: &events)
    }

    /// Walks the next fixes, in time order after those fed before.
    public mutating func feed(_ batch: Trace) {
        guard batch.count > 0 else { return }
        let start = self.start ?? batch.times[0]
        self.start = start
        for i in 0..<batch.count {
            let accuracy = usesAccuracy ? batch.effectiveAccuracy(i) : .nan
            let action = delivery.action(t: batch.times[i] - start, location: batch.location(i), accuracy: accuracy)
            TriggerEngine.reduce(&state, action, into: &events)
        }
        fixes += batch.count
    }

    /// Ends the trace and returns the walk's timeline.
    public mutating func finish() -> Timeline {
        TriggerEngine.reduce(&state, .traceEnded, into: &events)
        return Timeline(events: events, startTime: start ?? 0, fixes: fixes, ignoredFixes: state.ignoredFixes, withheldFixes: delivery.withheld)
    }
}
