/// Replays a whole trace through the trigger engine at full speed: the headless form of a walk, the trace
/// fed to a `SimulationStream` as one batch (the one fold of fixes over an `EngineDriver`).
public enum Simulation {
    /// The timeline of `trace` walked against `tour` under `policy`: `tour_started`, every event in time
    /// order, and the end of the tour. `phase` moves the phone's delivery grid (`FixDeliveryFilter`).
    public static func run(tour: EngineTour, trace: Trace, policy: EnginePolicy = .standard, phase: Double = 0) -> Timeline {
        // The one fold of fixes over an `EngineDriver`: the whole trace as one batch.
        var stream = SimulationStream(tour: tour, policy: policy, phase: phase)
        stream.feed(trace)
        return stream.finish()
    }
}
