/// The versions of the backend's `backend/src/admin/analytics/admin-analytics.service.ts` that walkscape
/// ports: the git mirror's 5c84126 and the file index's newest, efba3ee (docs/dashboard.md).
public enum BackendVersion: String, CaseIterable, Sendable {
    /// 2026-02-06, what the builds 1.1.1-beta (Android) and 1.2 (iOS) talked to: the trigger split from
    /// `tour_started`, donations a plain count, no "incomplete" sessions.
    case v5c84126 = "5c84126"
    /// The newest version the index holds (Android 1.1.12, iOS 1.6): the trigger split from `tour_completed`,
    /// donations by provider and source with amounts, `completionsWithDuration`, "incomplete" sessions.
    case efba3ee

    /// The newest version walkscape ports: `--backend`'s default.
    public static let newest = BackendVersion.efba3ee

    /// The commit's full hash.
    public var commit: String {
        switch self {
        case .v5c84126: return "5c84126190027d490e1cb35c29ce874eaebab8f8"
        case .efba3ee: return "efba3ee739f77a44573a13110a67c001293387a5"
        }
    }

    /// "5c84126, efba3ee", for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The version `ref` names: a prefix of at least 7 hex digits of its commit's hash, any letter case.
    public static func resolve(_ ref: String) -> BackendVersion? {
        let ref = ref.lowercased()
        guard ref.count >= 7 else { return nil }
        return allCases.first { $0.commit.hasPrefix(ref) }
    }
}
