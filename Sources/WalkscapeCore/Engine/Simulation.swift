/// Replays a whole trace through the trigger engine at full speed: the headless form of a walk.
public enum Simulation {
    /// The timeline of `trace` walked against `tour` under `policy`: `tour_started`, every event in time
    /// order, and the end of the tour. `phase` moves the phone's delivery grid (`FixDeliveryFilter`).
    public static func run(tour: EngineTour, trace: Trace, policy: EnginePolicy = .standard, phase: Double = 0) -> Timeline {
        var state = EngineState(tour: tour, policy: policy)
        var events: [EngineEvent] = []
        events.reserveCapacity(tour.points.count * 8 + 4)
        TriggerEngine.reduce(&state, .start, into: &events)
        guard trace.count > 0 else {
            TriggerEngine.reduce(&state, .traceEnded, into: &events)
            return Timeline(events: events, startTime: 0, fixes: 0, ignoredFixes: 0, withheldFixes: 0)
        }
        let start = trace.times[0]
        let latitudes = trace.latitudes
        let longitudes = trace.longitudes
        let times = trace.times
        let usesAccuracy = policy.minAccuracyMeters != nil
        var delivery = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel, phase: phase)
        for i in 0..<trace.count {
            let accuracy = usesAccuracy ? trace.effectiveAccuracy(i) : .nan
            let action = delivery.action(t: times[i] - start, location: LatLng(lat: latitudes[i], lng: longitudes[i]), accuracy: accuracy)
            TriggerEngine.reduce(&state, action, into: &events)
        }
        TriggerEngine.reduce(&state, .traceEnded, into: &events)
        return Timeline(events: events, startTime: start, fixes: trace.count, ignoredFixes: state.ignoredFixes, withheldFixes: delivery.withheld)
    }
}

/// The events of one simulated walk, with what is needed to put them back on the trace's clock.
public struct Timeline: Sendable, Equatable {
    public var events: [EngineEvent]
    /// The first fix's time in seconds since 1970 (events' `t` counts from here).
    public var startTime: Double
    public var fixes: Int
    /// Fixes the accuracy gate ignored.
    public var ignoredFixes: Int
    /// Fixes the phone would not have delivered to the app (`EnginePolicy.fixDelivery`).
    public var withheldFixes: Int
}
