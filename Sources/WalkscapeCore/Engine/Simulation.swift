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
