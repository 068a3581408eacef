/// The service's `period` (`getDateFilter`, efba3ee L20-32, 5c84126 L15-27): events whose `createdAt` is at
/// most 7, 30 or 90 days before now, or all of them. The controller's default is `'30d'`
/// (`period || '30d'`, admin-analytics.controller.ts at 5c84126 L36).
public enum DashboardPeriod: String, CaseIterable, Sendable {
    case days7 = "7d"
    case days30 = "30d"
    case days90 = "90d"
    case all

    public static let standard = DashboardPeriod.days30

    /// "7d, 30d, 90d, all", for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The earliest `createdAt` kept (milliseconds since 1970), nil for every event: `now - N * 24 * 60 * 60 * 1000`
    /// (L24-28), compared with `gte` (L36).
    public func start(now: Int64) -> Int64? {
        switch self {
        case .days7: return now - 7 * 86_400_000
        case .days30: return now - 30 * 86_400_000
        case .days90: return now - 90 * 86_400_000
        case .all: return nil
        }
    }
}
