/// The analytics events the phone app would send for a walk, in the body shape of `POST /analytics/events`.
///
/// `tour_started`, `point_triggered` and `tour_completed` become `{"name", "tourId", "pointId"?, "language",
/// "createdAt", "timestamp", "offline": true, "properties": {"offline": true, …}}`, with times on the
/// trace's clock. `createdAt` is the field; the deployed backend's DTO reads `timestamp` and a
/// top-level `offline`, so both are written (the same instant). A `point_refired` (the iOS app's re-entry)
/// is sent as another `point_triggered`, as the app's `handlePointTriggered` tracks it again.
public enum AnalyticsBatch {
    /// The batch body for `timeline`.
    public static func body(timeline: Timeline, tourID: String, language: String, pointIDs: [Int: String]) -> JSONValue {
        var events: [JSONValue] = []
        for event in timeline.events {
            let name: String
            switch event.kind {
            case .tourStarted: name = "tour_started"
            case .pointTriggered, .pointRefired: name = "point_triggered"
            case .tourCompleted: name = "tour_completed"
            default: continue
            }
            let time = ISO8601Time.format(timeline.startTime + event.t)
            var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("tourId", .string(tourID))]
            var properties: [(key: String, value: JSONValue)] = [("offline", .bool(true)), ("source", .string("walkscape"))]
            if event.kind == .pointTriggered || event.kind == .pointRefired, let point = event.point {
                if let id = pointIDs[point] { members.append(("pointId", .string(id))) }
                properties.append(("order", .integer(point)))
            }
            members += [
                ("language", .string(language)), ("createdAt", .string(time)), ("timestamp", .string(time)),
                ("offline", .bool(true)), ("properties", .object(properties)),
            ]
            events.append(.object(members))
        }
        return .object([("events", .array(events))])
    }
}
