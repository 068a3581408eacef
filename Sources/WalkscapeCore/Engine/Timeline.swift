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
    /// Fixes the app did not get because the screen was locked (`EnginePolicy.device`).
    public var lockedFixes = 0

    public init(events: [EngineEvent], startTime: Double, fixes: Int, ignoredFixes: Int, withheldFixes: Int) {
        self.events = events
        self.startTime = startTime
        self.fixes = fixes
        self.ignoredFixes = ignoredFixes
        self.withheldFixes = withheldFixes
    }
}
