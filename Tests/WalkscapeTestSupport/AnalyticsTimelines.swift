import WalkscapeCore

/// Engine timelines the analytics tests of several targets share (the core's batches, the backend's checks).
public enum AnalyticsTimelines {
    /// Two points; point 2 re-fires after the tour completed, once cut by another re-fire, once played out.
    public static var refiring: Timeline {
        let events = [
            EngineEvent(t: 0, kind: .tourStarted),
            EngineEvent(t: 0, kind: .pointTriggered, point: 1), EngineEvent(t: 0, kind: .audioStarted, point: 1),
            EngineEvent(t: 60, kind: .audioFinished, point: 1),
            EngineEvent(t: 70, kind: .pointTriggered, point: 2), EngineEvent(t: 70, kind: .audioStarted, point: 2),
            EngineEvent(t: 130, kind: .audioFinished, point: 2), EngineEvent(t: 130, kind: .tourCompleted, point: 2),
            EngineEvent(t: 140, kind: .pointRefired, point: 2), EngineEvent(t: 140, kind: .audioStarted, point: 2),
            EngineEvent(t: 150, kind: .pointRefired, point: 2), EngineEvent(t: 150, kind: .audioFinished, point: 2),
            EngineEvent(t: 150, kind: .audioStarted, point: 2),
            EngineEvent(t: 210, kind: .audioFinished, point: 2),
        ]
        return Timeline(events: events, startTime: 1_700_000_000, fixes: 10, ignoredFixes: 0, withheldFixes: 0)
    }

    /// Two points; point 1 plays, then the walk ends with point 2 never reached (`tour_incomplete` at 200 s).
    public static var incomplete: Timeline {
        Timeline(events: [
            EngineEvent(t: 0, kind: .tourStarted), EngineEvent(t: 0, kind: .pointTriggered, point: 1),
            EngineEvent(t: 0, kind: .audioStarted, point: 1), EngineEvent(t: 200, kind: .tourIncomplete, next: 2, missed: [2]),
        ], startTime: 1_778_317_200, fixes: 3, ignoredFixes: 0, withheldFixes: 0)
    }
}
