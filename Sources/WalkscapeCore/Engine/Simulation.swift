/// Replays a whole trace through the trigger engine at full speed: the headless form of a walk, a fold of
/// the trace's fixes over one `EngineDriver`.
public enum Simulation {
    /// The timeline of `trace` walked against `tour` under `policy`: `tour_started`, every event in time
    /// order, and the end of the tour.
    public static func run(tour: EngineTour, trace: Trace, policy: EnginePolicy = .standard) -> Timeline {
        var driver = EngineDriver(tour: tour, policy: policy)
        var events: [EngineEvent] = []
        events.reserveCapacity(tour.points.count * 8 + 4)
        driver.start(into: &events)
        let latitudes = trace.latitudes
        let longitudes = trace.longitudes
        let times = trace.times
        // Accuracy matters only behind the accuracy gate: without one the engine never reads it.
        let usesAccuracy = policy.minAccuracyMeters != nil
        for i in 0..<trace.count {
            let accuracy = usesAccuracy ? trace.effectiveAccuracy(i) : .nan
            driver.receive(Fix(time: times[i], location: LatLng(lat: latitudes[i], lng: longitudes[i]), accuracy: accuracy), into: &events)
        }
        driver.end(into: &events)
        return Timeline(
            events: events, startTime: driver.origin ?? 0, fixes: trace.count, ignoredFixes: driver.state.ignoredFixes,
            withheldFixes: driver.withheldFixes)
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

    public init(events: [EngineEvent], startTime: Double, fixes: Int, ignoredFixes: Int, withheldFixes: Int) {
        self.events = events
        self.startTime = startTime
        self.fixes = fixes
        self.ignoredFixes = ignoredFixes
        self.withheldFixes = withheldFixes
    }
}
