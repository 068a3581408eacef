/// One change between two consecutive modelled builds of the same app that the repository's files show, with
/// where it is written: what `compare` lists beside the differences a walk shows (docs/upstream/walkspace-app-builds.md
/// §7 and §8, docs/upstream/walkspace-app-builds-research.md (c)).
public struct AppBuildChange: Sendable, Equatable {
    public var platform: AppBuild.Platform
    /// The canonical names of the consecutive builds (`EngineProfile.catalogue` order): the change is in `to`
    /// and not in `from`.
    public var from: String
    public var to: String
    /// What changed, in one sentence.
    public var text: String
    /// The `BuildDifference.key` a walk shows this change as, nil when no walk can show it.
    public var walkKey: String?
    /// The files and lines, `path@commit:lines` (paths under the platform's app folder).
    public var citation: String

    /// The changes from build `a` to build `b` (same platform, `a` the earlier): those of every step between
    /// them, in the catalogue's order.
    public static func between(_ a: EngineProfile, _ b: EngineProfile) -> [AppBuildChange] {
        guard let x = a.build, let y = b.build, x.platform == y.platform else { return [] }
        let order = EngineProfile.catalogue.filter { $0.build?.platform == x.platform }.map(\.rawValue)
        guard let i = order.firstIndex(of: a.rawValue), let j = order.firstIndex(of: b.rawValue), i < j else { return [] }
        let steps = Set(order[(i + 1)...j])
        return catalogue.filter { $0.platform == x.platform && steps.contains($0.to) }
    }

    /// The changes of one step, from a build to the next one modelled.
    public static func step(into profile: EngineProfile) -> [AppBuildChange] { catalogue.filter { $0.to == profile.rawValue } }

    static let android = "android-app/app/src/main/java/com/bandite/sonicwalkscape"
    static let ios = "mobile-app/ios/SonicWalkscape/SonicWalkscape"

    /// Every change walkscape knows of between the builds it models.
    public static let catalogue: [AppBuildChange] = [
        AppBuildChange(
            platform: .android, from: "android-app@5c84126", to: "android-app@1.1.3-beta",
            text: "the tour completes when the last narration ends, not the second-to-last (released in 1.1.3-beta, versionCode 11)",
            walkKey: "completion", citation: "\(android)/ui/player/PlayerViewModel.kt@5c84126:106–117 → @efba3ee:117–132"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.8", to: "android-app@1.1.9", text: "tour_started carries triggerType \"gps\"", walkKey: "tour_started event",
            citation: "\(android)/ui/player/PlayerViewModel.kt@efba3ee:177–180; services/AnalyticsService.kt@1cddc0c:117–118"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.8", to: "android-app@1.1.9",
            text: "tour_completed carries durationMinutes (whole minutes since the start) and triggerType (\"gps\" once a point fired by GPS)",
            walkKey: "tour_completed event",
            citation: "\(android)/ui/player/PlayerViewModel.kt@efba3ee:67–71, 105–106, 122–125; services/AnalyticsService.kt@1cddc0c:120–127"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.8", to: "android-app@1.1.9",
            text: "tour_abandoned {durationMinutes} is sent when a started tour is closed before it completes (1.1.1-beta never sends it)",
            walkKey: "tour_abandoned event",
            citation: "\(android)/ui/player/PlayerViewModel.kt@efba3ee:453–462; services/AnalyticsService.kt@1cddc0c:128–135"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.11", to: "android-app@efba3ee",
            text: "donation_link_clicked {provider, source, amount?} from the completion screen, the exit ask and the welcome screen; follow_us_clicked and contact_clicked {channel} from the completion screen",
            walkKey: nil,
            citation: "\(android)/ui/player/TourCompletionViewModel.kt@1cddc0c:65–91 and @8756ba3:67; ui/player/PlayerViewModel.kt@efba3ee:440–451; ui/welcome/WelcomeViewModel.kt@efba3ee:40–46"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.11", to: "android-app@efba3ee",
            text: "closing the player asks first (the exit ask with a donation card), once per player session",
            walkKey: nil, citation: "\(android)/ui/player/PlayerScreen.kt@8756ba3:63–82 (the index holds no PlayerScreen.kt at efba3ee)"),
        AppBuildChange(
            platform: .android, from: "android-app@5c84126", to: "android-app@1.1.3-beta",
            text: "the narration language defaults to the device's (en, it, fr) instead of English (1.1.3-beta)",
            walkKey: nil, citation: "\(android)/services/UserPreferencesManager.kt@7304abf:18–22"),
        AppBuildChange(
            platform: .android, from: "android-app@1.1.4-beta", to: "android-app@1.1.8",
            text: "a prominent location disclosure on first launch and at Start Tour (Play policy, 1.1.7 and 1.1.8)",
            walkKey: nil, citation: "tasks/todo.md@7304abf:75–85; \(android)/utils/Constants.kt@7304abf:39"),
        AppBuildChange(
            platform: .ios, from: "ios-app@1.5", to: "ios-app@efba3ee",
            text: "closing the player asks first (the exit ask, once a point has played); \"Not now\" dismisses the player and sends tour_abandoned as before",
            walkKey: nil, citation: "\(ios)/Views/Player/PlayerView.swift@efba3ee:57–60, 218–240"),
        AppBuildChange(
            platform: .ios, from: "ios-app@1.5", to: "ios-app@efba3ee",
            text: "donation_link_clicked carries {provider, source} (completion, connect or exit) instead of no properties",
            walkKey: nil,
            citation: "\(ios)/Services/AnalyticsService.swift@5c84126:185–191 → @8756ba3:185–193; Views/Player/TourCompletionView.swift@efba3ee:121–127"),
    ]
}
