/// How a phone's location service hands fixes to the app: a distance filter and, on Android, an update
/// interval with a fastest rate. `FixDeliveryFilter` applies these rules to a trace's fixes.
public struct FixDelivery: Sendable, Equatable {
    /// A fix is delivered only this far (metres) from the last delivered one (iOS `distanceFilter`, Android
    /// `setMinUpdateDistanceMeters`); 0 for no filter.
    public var minMoveMeters: Double
    /// The location is computed once per interval (seconds), on a grid from the first fix: the first trace
    /// fix at or after each tick (Android's `LocationRequest` interval). Nil: at every fix.
    public var intervalSeconds: Double?
    /// Two deliveries are never closer than this (seconds; Android's `setMinUpdateIntervalMillis`).
    public var fastestIntervalSeconds: Double?

    public init(minMoveMeters: Double = 0, intervalSeconds: Double? = nil, fastestIntervalSeconds: Double? = nil) {
        self.minMoveMeters = minMoveMeters
        self.intervalSeconds = intervalSeconds
        self.fastestIntervalSeconds = fastestIntervalSeconds
    }

    /// The rules in words, for notes: "10 m distance filter", "every 7.5 s (3 s fastest), 5 m minimum move".
    public var summary: String {
        var parts: [String] = []
        if let interval = intervalSeconds {
            var part = "every \(formatShortNumber(interval)) s"
            if let fastest = fastestIntervalSeconds { part += " (\(formatShortNumber(fastest)) s fastest)" }
            parts.append(part)
        } else if let fastest = fastestIntervalSeconds {
            parts.append("at most every \(formatShortNumber(fastest)) s")
        }
        if minMoveMeters > 0 {
            parts.append(intervalSeconds == nil ? "\(formatShortNumber(minMoveMeters)) m distance filter" : "\(formatShortNumber(minMoveMeters)) m minimum move")
        }
        return parts.isEmpty ? "every fix" : parts.joined(separator: ", ")
    }
}
