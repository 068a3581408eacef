import Testing
import WalkscapeCore
@testable import WalkscapeRemoteModel
import WalkscapeTestSupport

/// The analytics batches walkscape sends (`AnalyticsBatch`, in the core) against the backend's validation as
/// `collect` applies it (`AnalyticsEventRules`).
@Suite struct AnalyticsBatchValidationTests {
    /// Every profile's batch, complete or abandoned, passes the backend's validation as `collect` applies it
    /// (`AnalyticsEventRules`, the DTO and ValidationPipe at 5c84126, the nearest the index holds for every build).
    @Test func everyBuildsBatchPassesTheBackendsValidation() {
        for profile in EngineProfile.allCases {
            let batch = AnalyticsBatch(tourID: "t", language: "it", pointIDs: [1: "p1", 2: "p2"], anonymousID: "a", app: profile.analyticsApp, profile: profile.rawValue)
            for timeline in [AnalyticsTimelines.refiring, AnalyticsTimelines.incomplete] {
                expectTrue(AnalyticsEventRules.problems(batch.body(timeline: timeline, pointCount: 2)).isEmpty, "\(profile)")
            }
        }
    }
}
