/// Replays a trace through the engine driver batch by batch, as its fixes are read: the stream form of
/// `Simulation.run`, for traces too long to hold (`TraceReplayStream`).
///
/// It is the one fold of fixes over an `EngineDriver` (the phone's fix-delivery filter inside it); `Simulation.run`
/// feeds it a whole trace as one batch. Fed the fixes of a trace in the same order, in batches of any size, it
/// gives the same `Timeline`; `TraceReplayStreamTests` holds batches of every size to the whole trace.
public struct SimulationStream: Sendable {
    private var driver: EngineDriver
    private var events: [EngineEvent] = []
    private let usesAccuracy: Bool
    private var fixes = 0

    /// A walk of `tour` under `policy`, started (`tour_started` is the first event). `phase` moves the phone's
    /// delivery grid as in `Simulation.run`.
    public init(tour: EngineTour, policy: EnginePolicy = .standard, phase: Double = 0) {
        driver = EngineDriver(tour: tour, policy: policy, phase: phase)
        usesAccuracy = policy.minAccuracyMeters != nil
        events.reserveCapacity(tour.points.count * 8 + 4)
        driver.start(into: &events)
    }

    /// Walks the next fixes, in time order after those fed before.
    public mutating func feed(_ batch: Trace) {
        let latitudes = batch.latitudes
        let longitudes = batch.longitudes
        let times = batch.times
        for i in 0..<batch.count {
            // Accuracy matters only behind the accuracy gate: without one the engine never reads it.
            let accuracy = usesAccuracy ? batch.effectiveAccuracy(i) : .nan
            driver.receive(Fix(time: times[i], location: LatLng(lat: latitudes[i], lng: longitudes[i]), accuracy: accuracy), into: &events)
        }
        fixes += batch.count
    }

    /// Ends the trace and returns the walk's timeline.
    public mutating func finish() -> Timeline {
        driver.end(into: &events)
        var timeline = Timeline(
            events: events, startTime: driver.origin ?? 0, fixes: fixes, ignoredFixes: driver.state.ignoredFixes,
            withheldFixes: driver.withheldFixes)
        timeline.lockedFixes = driver.lockedFixes
        return timeline
    }
}
