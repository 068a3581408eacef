/// The app builds modelled: every build of the reference app that reached people as far as its repository's
/// documents say (docs/upstream/walkspace-app-builds-research.md), each with where its rules are read from
/// or, where its own files are not in the index, what they are inferred from and why.
extension EngineProfile {
    /// The iOS app's walk rules, the same in every iOS build modelled: a 10 m distance filter, a one-slot flag
    /// for the next point, re-entering the current point's region restarts its narration.
    static let iosPolicy = EnginePolicy(
        fixDelivery: FixDelivery(minMoveMeters: 10),
        appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: true),
        distanceModel: .wgs84, manualControls: .ios)

    /// The Android app's fix delivery and cursor (`android-app/app`, the module Gradle builds): a fix every
    /// 7.5 s (3 s fastest) after 5 m of movement, a one-slot flag for the next point, each point once;
    /// `early` completes the tour when the second-to-last narration ends.
    static func androidPolicy(completesEarly early: Bool) -> EnginePolicy {
        EnginePolicy(
            fixDelivery: FixDelivery(minMoveMeters: 5, intervalSeconds: 7.5, fastestIntervalSeconds: 3),
            appCursor: AppCursorRules(queueNeedsCurrentRegion: false, refiresOnReentry: false, completesOnReachingLastPoint: early),
            distanceModel: .wgs84, manualControls: .android)
    }

    static let play = "tasks/play-1.1.8-resubmission-status.md@1cddc0c"
    static let fix113 = "the 1.1.3-beta task document (index id 61667897339)"
    static let efbaTodo = "tasks/todo.md@efba3ee"

    /// The top-level `language` this build's events carry on a walk narrated in `narration`: the app's own
    /// language setting, not the narration's. Android reads `userPreferencesManager.preferredLanguage`
    /// (AnalyticsService.kt@5c84126 line 55, the same at 1cddc0c); unset, it is English before 1.1.3-beta
    /// (`Constants.DEFAULT_LANGUAGE`, UserPreferencesManager.kt@5c84126 lines 34–35) and the device's language from
    /// 1.1.3-beta on (en, it or fr, else English: UserPreferencesManager.kt@7304abf lines 18–22, 46–48), which walkscape
    /// takes to be the narration's (the tour's setup sheet offers the app's language first). iOS and walkscape's
    /// own profiles: the narration's.
    public func analyticsLanguage(narration: String) -> String {
        guard let build, build.platform == .android else { return narration }
        if build.buildNumber < 11 { return "en" }
        return ["en", "it", "fr"].contains(narration) ? narration : "en"
    }

    // MARK: iOS

    /// iOS 1.2 (10), commit 5c84126.
    public static let ios5c84126 = EngineProfile(
        name: "ios-app@5c84126",
        build: AppBuild(
            platform: .ios, version: "1.2", buildNumber: 10, commit: "5c84126", date: "2026-02-06",
            versionSource: "project.pbxproj@5c84126 lines 266, 284 (CURRENT_PROJECT_VERSION = 10, MARKETING_VERSION = 1.2)",
            live: AppBuildLive(
                track: "not written",
                evidence: "the only iOS version in the git mirror (project.pbxproj unchanged from 6a0ffe1, 2026-01-30, to 5c84126); where it was installed is not written",
                first: "2026-01-30", last: "2026-06-11")),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.2 (10): 10 m distance filter, next point flagged while the current plays, re-entry restarts the narration (likely bug)")

    /// iOS 1.4 (12), built at ea06df1, whose PlayerView.swift the index does not hold: 1.2's walk rules.
    public static let ios1_4 = EngineProfile(
        name: "ios-app@1.4",
        build: AppBuild(
            platform: .ios, version: "1.4", buildNumber: 12, commit: "5c84126", date: nil, notBefore: "2026-06-12",
            versionSource: "project.pbxproj@ea06df1 (MARKETING_VERSION = 1.4, CURRENT_PROJECT_VERSION = 12); tasks/todo.md@ea06df1 line 10 (2026-06-12)",
            inferredBecause: "its rule files are not in the index at ea06df1, and the index holds no PlayerView.swift between cf8067a (5c84126's) and efba3ee, "
                + "which keeps the same walk code: 1.2's rules (ea06df1 added Sentry and the completion screen's donation buttons, not part of a walk)",
            live: AppBuildLive(
                track: "not written (installed)",
                evidence: "ran on the developer's iPhone 15 (tasks/todo.md@ea06df1 lines 48–51) and in the field: \"old build 1.4+12\" (\(efbaTodo) line 140); its store track is not written",
                first: "2026-06-12", last: "2026-09-01")),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.4 (12): 1.2's walk rules and events (inferred); Sentry, donation buttons on the completion screen")

    /// iOS 1.5 (14): on the App Store, commit unknown: 1.2's walk rules, without 1.6's exit ask.
    public static let ios1_5 = EngineProfile(
        name: "ios-app@1.5",
        build: AppBuild(
            platform: .ios, version: "1.5", buildNumber: 14, commit: "5c84126", date: nil, notBefore: "2026-06-12",
            versionSource: "\(efbaTodo) lines 157–158 (Sentry: release 1.5 (14)); tasks/todo.md@8756ba3 lines 186–187 (version 1.5 approved)",
            inferredBecause: "its commit is not known; PlayerView.swift is the same walk code at 5c84126 and efba3ee, and the exit ask came after 1.5 (14) "
                + "(\(efbaTodo) lines 321–323, 336): 1.2's rules",
            live: AppBuildLive(
                track: "App Store",
                evidence: "\"version 1.5 is already approved\" (tasks/todo.md@8756ba3 lines 186–187); \"3 events / 2 users, release 1.5 (14)\" (\(efbaTodo) lines 157–158, "
                    + "a commit no earlier than 2026-09-02); the day it went live is not written; 1.6 (15) is not confirmed uploaded (tasks/todo.md@8756ba3 lines 189–190)",
                first: "2026-09-02", last: nil, firstWritten: false)),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.5 (14): 1.2's walk rules and events (inferred); the App Store build")

    /// iOS 1.6 (15), built from commit efba3ee: the walk rules and walk events of 1.2, plus the exit ask and
    /// donation sources (not part of a walk).
    public static let iosEfba3ee = EngineProfile(
        name: "ios-app@efba3ee",
        build: AppBuild(
            platform: .ios, version: "1.6", buildNumber: 15, commit: "efba3ee", date: nil, notBefore: "2026-09-02",
            versionSource: "project.pbxproj@8756ba3 (MARKETING_VERSION = 1.6, CURRENT_PROJECT_VERSION = 15); tasks/todo.md@8756ba3 line 340 (built from efba3ee); the commit is undated, its tasks/todo.md line 201 cites a crash last seen 2026-09-02",
            live: AppBuildLive(
                track: "not confirmed published",
                evidence: "\"Upload 1.6 (15) to TestFlight / App Store\" is unchecked (tasks/todo.md@8756ba3 lines 189–190)")),
        policy: iosPolicy, analyticsApp: .ios,
        summary: "iOS 1.6 (15): the walk rules and events of 1.2; adds the exit ask and donation sources")

    // MARK: Android

    /// Android 1.1.1-beta (9), commit 5c84126: the tour completes when the second-to-last narration ends.
    public static let android5c84126 = EngineProfile(
        name: "android-app@5c84126",
        build: AppBuild(
            platform: .android, version: "1.1.1-beta", buildNumber: 9, commit: "5c84126", date: "2026-02-06",
            versionSource: "android-app/app/build.gradle.kts@5c84126 lines 38-39",
            live: AppBuildLive(
                track: "testers (not written)",
                evidence: "the version of the git mirror's last commits (build.gradle.kts@5c84126 lines 38–39, bumped at baa383f, 2026-02-05); "
                    + "the field logs behind 1.1.3-beta's fix came from a build before it (\(fix113), lines 5–9)",
                first: "2026-02-05", last: "2026-02-06")),
        policy: androidPolicy(completesEarly: true), analyticsApp: .android5c84126,
        summary: "Android 1.1.1-beta (9): a fix every 7.5 s (3 s fastest) after 5 m, next point flagged while the current plays, each point once, tour completed when the second-to-last narration ends (the field bug)")

    static let bareEvents = "events as at 5c84126 (without properties, no tour_abandoned): the first readable AnalyticsService.kt with durations is 1cddc0c's (2026-06-29)"

    /// Android 1.1.3-beta (11): the completion fix, otherwise 1.1.1-beta's rules.
    public static let android1_1_3 = EngineProfile(
        name: "android-app@1.1.3-beta",
        build: AppBuild(
            platform: .android, version: "1.1.3-beta", buildNumber: 11, commit: "5c84126", date: nil, notBefore: "2026-02-07",
            versionSource: "\(fix113) line 44 (\"Bump version to 1.1.3-beta (versionCode 11)\"); no build.gradle.kts with 11 is in the mirror or the index",
            inferredBecause: "its files are not in the index: the completion fix as its task document describes it (lines 37, 48: check hasMorePoints before "
                + "advancing, as PlayerViewModel.kt@efba3ee lines 117–132 does), 5c84126's LocationManager.kt (the index holds no later one), \(bareEvents)",
            live: AppBuildLive(track: "not written", evidence: "\"build release APK\" (\(fix113), line 44); where it was installed is not written")),
        policy: androidPolicy(completesEarly: false), analyticsApp: .android5c84126,
        summary: "Android 1.1.3-beta (11): 1.1.1-beta's rules with the completion fixed (the tour completes when the last narration ends), inferred")

    /// Android 1.1.4-beta (12): Google Play production up to 29 June 2026; 1.1.3-beta's rules.
    public static let android1_1_4 = EngineProfile(
        name: "android-app@1.1.4-beta",
        build: AppBuild(
            platform: .android, version: "1.1.4-beta", buildNumber: 12, commit: "5c84126", date: nil, notBefore: "2026-02-07",
            versionSource: "tasks/todo.md@7304abf line 131 (\"Live release = vc12 (1.1.4-beta)\"); \(play) line 14",
            inferredBecause: "its commit is not known and no change after 1.1.3-beta is written for it: 1.1.3-beta's rules (the completion fix, 5c84126's "
                + "LocationManager.kt), \(bareEvents)",
            live: AppBuildLive(
                track: "Google Play production",
                evidence: "the live release on the production track on 2026-06-19 (tasks/todo.md@7304abf line 131) and up to 2026-06-29 (\(play) line 14: "
                    + "1.1.5 (17) and 1.1.7 (20) never went live); the day it went live is not written: it is after 5c84126 (2026-02-06), whose build is 1.1.1-beta",
                first: "2026-02-07", last: "2026-06-29", firstWritten: false)),
        policy: androidPolicy(completesEarly: false), analyticsApp: .android5c84126,
        summary: "Android 1.1.4-beta (12): the Google Play production build up to 2026-06-29; 1.1.3-beta's rules, inferred")

    /// Android 1.1.8 (21): submitted for production on 29 June 2026 from a branch the index does not hold.
    public static let android1_1_8 = EngineProfile(
        name: "android-app@1.1.8",
        build: AppBuild(
            platform: .android, version: "1.1.8", buildNumber: 21, commit: "5c84126", date: nil, notBefore: "2026-06-29",
            versionSource: "\(play) line 22 (\"AAB release firmato 1.1.8 / versionCode 21\", from branch commit 8df1de9, line 20)",
            inferredBecause: "its commit 8df1de9 (a branch, not merged) is not in the index, and only location-disclosure screens are written as its changes "
                + "(\(play) lines 18–20): 1.1.4-beta's rules, \(bareEvents)",
            live: AppBuildLive(
                track: "Google Play production (submitted)",
                evidence: "submitted with a full rollout, \"Update in review\" on 2026-06-29 (\(play) lines 25, 28); its approval is not written, nor the days 1.1.9 (22) and 1.1.10 followed it",
                first: "2026-06-30", last: "2026-09-01", firstWritten: false)),
        policy: androidPolicy(completesEarly: false), analyticsApp: .android5c84126,
        summary: "Android 1.1.8 (21): 1.1.4-beta's rules with the location disclosures, inferred")

    static let mainAfter1cddc0c = "its commit is not known; built from main after 1cddc0c (2026-06-29), whose AnalyticsService.kt sends durations, trigger types "
        + "and tour_abandoned, and before efba3ee, whose 1.1.12 bump is build-file only (\(efbaTodo) lines 249–250): 1.1.12's walk rules and events "
        + "without the exit ask and donation sources (not part of a walk)"

    /// Android 1.1.9 (22): reached users; 1.1.12's walk rules and events.
    public static let android1_1_9 = EngineProfile(
        name: "android-app@1.1.9",
        build: AppBuild(
            platform: .android, version: "1.1.9", buildNumber: 22, commit: "efba3ee", date: nil, notBefore: "2026-06-30",
            versionSource: "\(efbaTodo) line 111 (\"release 1.1.9+22\")", inferredBecause: mainAfter1cddc0c,
            live: AppBuildLive(track: "in users' hands", evidence: "\"still live on release 1.1.9+22\" (\(efbaTodo) line 111); the day it went live is not written")),
        policy: androidPolicy(completesEarly: false), analyticsApp: .androidEfba3ee,
        summary: "Android 1.1.9 (22): 1.1.12's walk rules and events (durations, trigger types, tour_abandoned), inferred")

    /// Android 1.1.10 (23): reached users; 1.1.9's rules.
    public static let android1_1_10 = EngineProfile(
        name: "android-app@1.1.10",
        build: AppBuild(
            platform: .android, version: "1.1.10", buildNumber: 23, commit: "efba3ee", date: nil, notBefore: "2026-06-30",
            versionSource: "\(efbaTodo) lines 121, 202 (\"Fixed in 1.1.10\"); versionCode 23 inferred from 1.1.9's 22 and 1.1.11's 24",
            inferredBecause: mainAfter1cddc0c + "; 1.1.10 fixed the Discovery map's crash (\(efbaTodo) lines 117–121)",
            live: AppBuildLive(track: "in users' hands (inferred)", evidence: "\"Fixed in 1.1.10; no recurrence in 70+ days\" (\(efbaTodo) line 202)")),
        policy: androidPolicy(completesEarly: false), analyticsApp: .androidEfba3ee,
        summary: "Android 1.1.10 (23): 1.1.9's rules, inferred")

    /// Android 1.1.11 (24): the build in the repository when Google's target-SDK warning came; "app stays live".
    public static let android1_1_11 = EngineProfile(
        name: "android-app@1.1.11",
        build: AppBuild(
            platform: .android, version: "1.1.11", buildNumber: 24, commit: "efba3ee", date: nil, notBefore: "2026-06-30",
            versionSource: "\(efbaTodo) line 215 (\"1.1.11 / vc24\")", inferredBecause: mainAfter1cddc0c,
            live: AppBuildLive(
                track: "Google Play",
                evidence: "the build in the repository when Google's target-SDK warning came, \"app stays live\" (\(efbaTodo) lines 215–217, a commit no earlier than "
                    + "2026-09-02); 1.1.12 (25) is not confirmed published (tasks/todo.md@8756ba3 line 250 unchecked)",
                first: "2026-09-02", last: nil, firstWritten: false)),
        policy: androidPolicy(completesEarly: false), analyticsApp: .androidEfba3ee,
        summary: "Android 1.1.11 (24): 1.1.9's rules, inferred; live when 1.1.12 was prepared")

    /// Android 1.1.12 (25), commit efba3ee: the completion fixed (1.1.3-beta), events with durations and
    /// trigger types, `tour_abandoned`.
    public static let androidEfba3ee = EngineProfile(
        name: "android-app@efba3ee",
        build: AppBuild(
            platform: .android, version: "1.1.12", buildNumber: 25, commit: "efba3ee", date: nil, notBefore: "2026-09-02",
            versionSource: "tasks/todo.md@efba3ee lines 233, 239 (build.gradle.kts is not in the index at efba3ee); the commit is undated, its tasks/todo.md line 201 cites a crash last seen 2026-09-02",
            live: AppBuildLive(
                track: "not confirmed published",
                evidence: "\"Publish to internal testing → production before Nov 1\" is unchecked (\(efbaTodo) line 246; tasks/todo.md@8756ba3 line 250)")),
        policy: androidPolicy(completesEarly: false), analyticsApp: .androidEfba3ee,
        summary: "Android 1.1.12 (25): as 1.1.1-beta, but the tour completes when the last narration ends; events carry durations and trigger types, tour_abandoned on exit")
}
