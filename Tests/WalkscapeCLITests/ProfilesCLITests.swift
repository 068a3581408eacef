import Foundation
import WalkscapeTestSupport
import Testing
import WalkscapeCore

/// `--profile` on the replay commands and `walkscape compare`, on the crafted traces of
/// fixtures/traces-profiles (tools/profiles/make_profile_traces.py).
@Suite struct ProfilesCLITests {
    static let tour = "tours/torino-portici"
    static func trace(_ name: String) -> String { "fixtures/traces-profiles/torino-\(name).gpx" }

    @Test func compareTextForPeople() throws {
        let result = try CLI.run(["compare", Self.tour, "--trace", Self.trace("leave-then-next"), "--profile", "prd", "--profile", "ios-app@5c84126", "--profile", "android-app@5c84126"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "compare-leave-then-next.txt"), "\(result.stdout)")
    }

    @Test func compareEveryProfileByDefault() throws {
        // Without --profile: prd, the newest iOS and Android builds, ideal.
        let result = try CLI.run(["compare", Self.tour, "--trace", Self.trace("edge-jitter")])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "compare-edge-jitter-all.txt"), "\(result.stdout)")
        expectTrue(result.stdout.contains("prd  ios-app@efba3ee  android-app@efba3ee  ideal") || result.stdout.contains("ios-app@efba3ee"))
    }

    /// The check: the pinned Android build against the newest on the sample walks, over phases:
    /// the completion fix and every other difference, each with its lines, and how often each occurs.
    @Test func compareTheAndroidBuildsOnTheSampleWalks() throws {
        let walks = ["clean", "brisk", "missed"].flatMap { ["--trace", "fixtures/traces/torino-portici-\($0).gpx"] }
        let result = try CLI.run(["compare", Self.tour] + walks + ["--profile", "android-app@5c84126", "--profile", "android-app", "--phases", "5"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "compare-android-builds.txt"), "\(result.stdout)")
        expectContains(result.stdout, "- the tour completes when the last narration ends, not the second-to-last (released in 1.1.3-beta, versionCode 11) (shown above)")
        let json = try JSONParser().parse(try CLI.run(["compare", Self.tour] + walks + ["--profile", "android-app@5c84126", "--profile", "android-app@1.1.12", "--json"]).stdout)
        expectTrue(json["walks"]?.arrayElements?.count == 3)
        let first = json["walks"]?.arrayElements?[0]["buildDifferences"]?.arrayElements?[0]
        expectTrue(first?["builds"] == .array([.string("android-app@5c84126"), .string("android-app@efba3ee")]))
        let keys = first?["differences"]?.arrayElements?.compactMap { $0["key"]?.stringValue } ?? []
        expectTrue(keys.contains("completion") && keys.contains("tour_completed event"), "\(keys)")
        let frequency = json["buildDifferenceFrequency"]?.arrayElements?[0]["differences"]?.arrayElements ?? []
        expectTrue(frequency.first { $0["key"] == .string("tour_started event") }?["walks"] == .integer(3))
    }

    @Test func compareJSONNamesTheDisagreements() throws {
        let result = try CLI.run(["compare", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "prd", "--profile", "android-app@5c84126", "--json"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "compare-brief-pass.json"), "\(result.stdout)")
        let json = try JSONParser().parse(result.stdout)
        let points = json["points"]?.arrayElements ?? []
        expectEqual(points.count, 7)
        // Point 2 is grazed for 4 s: walkscape triggers it, the Android app (a fix every 7.5 s) never does.
        let two = points[1]
        expectEqual(two["agree"], .bool(false))
        expectTrue(two["results"]?.arrayElements?[0]["triggered"] == .bool(true))
        expectTrue(two["results"]?.arrayElements?[1]["triggered"] == .bool(false))
        expectTrue(json["profiles"]?.arrayElements?[1]["missed"] == .array((2...7).map { .integer($0) }))
    }

    @Test func compareNeedsTwoKnownProfiles() throws {
        let one = try CLI.run(["compare", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "prd"])
        expectEqual(one.status, 2)
        expectContains(one.stderr, "at least two --profile")
        let unknown = try CLI.run(["compare", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "prd", "--profile", "nokia"])
        expectEqual(unknown.status, 2)
        expectContains(
            unknown.stderr,
            "--profile must be one of prd, ios-app@5c84126, ios-app@1.4, ios-app@1.5, ios-app@efba3ee, android-app@5c84126, android-app@1.1.3-beta, "
                + "android-app@1.1.4-beta, android-app@1.1.8, android-app@1.1.9, android-app@1.1.10, android-app@1.1.11, android-app@efba3ee, ideal "
                + "(ios-app and android-app: the newest; an app version, a commit or a day works too, e.g. android-app@1.1.12, android-app@2026-05-01), got nokia.",
            "\(unknown.stderr)")
    }

    /// android-app2 (the deleted `app 2` tree) is an alias of android-app for one release, with a warning.
    @Test func theRemovedAndroidApp2NameWarnsAndUsesAndroidApp() throws {
        let args = ["simulate", Self.tour, "--trace", Self.trace("leave-then-next")]
        let alias = try CLI.run(args + ["--profile", "android-app2"])
        let current = try CLI.run(args + ["--profile", "android-app@5c84126"])
        expectEqual(alias.status, 0)
        expectEqual(alias.stdout, current.stdout)
        expectContains(alias.stderr, "warning: profile android-app2 is removed: the Android 'app 2' tree it modelled was deleted upstream (gigiorda84/walkspace-app commit a11c3bc); using android-app@5c84126 instead", "\(alias.stderr)")
        expectTrue(!current.stderr.contains("android-app2"))
        let twice = try CLI.run(["compare", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "android-app@5c84126", "--profile", "android-app2"])
        expectEqual(twice.status, 2)
        expectContains(twice.stderr, "each --profile may be given once")
    }

    /// Every profile names the reference-app commit it models, in --list-profiles and simulate's JSON.
    @Test func profilesNameTheUpstreamCommitTheyModel() throws {
        let list = try CLI.run(["compare", "--list-profiles"])
        expectEqual(list.status, 0, "\(list.stderr)")
        expectContains(list.stdout, "ios-app@5c84126         1.2 (10)         walkspace-app@5c84126  read      2026-02-06        2026-01-30 – 2026-06-11", "\(list.stdout)")
        expectContains(list.stdout, "android-app@5c84126     1.1.1-beta (9)   walkspace-app@5c84126  read      2026-02-06")
        expectContains(list.stdout, "android-app@1.1.4-beta  1.1.4-beta (12)  walkspace-app@5c84126  inferred  after 2026-02-07  ≥2026-02-07 – 2026-06-29  Google Play production")
        expectContains(list.stdout, "android-app@efba3ee     1.1.12 (25)      walkspace-app@efba3ee  read      after 2026-09-02")
        expectContains(list.stdout, "prd                     walkscape")
        expectContains(list.stdout, "ios-app, ios-app@1.6: ios-app@efba3ee\n")
        expectContains(list.stdout, "android-app2: removed")
        let json = try JSONParser().parse(try CLI.run(["compare", "--list-profiles", "--json"]).stdout)
        let profiles = json["profiles"]?.arrayElements ?? []
        func named(_ name: String) -> JSONValue? { profiles.first { $0["name"] == .string(name) } }
        expectEqual(profiles.count, EngineProfile.catalogue.count)
        expectTrue(named("android-app@efba3ee")?["version"] == .string("1.1.12"))
        expectTrue(named("android-app@efba3ee")?["buildNumber"] == .integer(25))
        expectTrue(named("android-app@5c84126")?["date"] == .string("2026-02-06"))
        expectTrue(named("android-app@5c84126")?["status"] == .string("read"))
        expectTrue(named("android-app@1.1.4-beta")?["status"] == .string("inferred"))
        expectTrue(named("android-app@1.1.4-beta")?["live"]?["last"] == .string("2026-06-29"))
        expectTrue(named("android-app@1.1.4-beta")?["live"]?["firstWritten"] == .bool(false))
        expectTrue(named("prd")?["upstreamCommit"] == .null)
        let simulated = try JSONParser().parse(try CLI.run(["simulate", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "android-app@5c84126", "--format", "json"]).stdout)
        expectEqual(simulated["upstreamCommit"], .string("5c84126"))
        let missing = try CLI.run(["compare", "--trace", Self.trace("brief-pass")])
        expectEqual(missing.status, 2)
    }

    @Test func simulateRecordsTheProfileAndFlagsRefires() throws {
        let result = try CLI.run(["simulate", Self.tour, "--trace", Self.trace("edge-jitter"), "--profile", "ios-app@5c84126", "--format", "json"])
        expectEqual(result.status, 0)
        let json = try JSONParser().parse(result.stdout)
        expectEqual(json["profile"], .string("ios-app@5c84126"))
        expectTrue(json["policy"]?["fixDelivery"]?["minMoveMeters"] == .number("10"))
        expectTrue(json["policy"]?["appCursor"]?["refiresOnReentry"] == .bool(true))
        let refires = json["events"]?.arrayElements?.filter { $0["event"] == .string("point_refired") } ?? []
        expectEqual(refires.count, 6)
        expectTrue(refires.allSatisfy { $0["warning"]?.stringValue?.hasPrefix("likely app bug") == true })
        expectContains(result.stderr, "note: 1479 of 1697 fixes not delivered to the app (10 m distance filter)")
        expectContains(result.stderr, "warning: point 2 fired again 6 times on re-entering its region (likely app bug")
    }

    @Test func explicitOptionsOverrideTheProfile() throws {
        // ideal gates at 25 m and confirms with 2 fixes; --min-accuracy 100 lets the HDOP-12 jump (60 m) through,
        // and --confirm-fixes 1 lets it trigger point 2 early, as prd does.
        let arguments = ["simulate", Self.tour, "--trace", Self.trace("poor-accuracy")]
        let prd = try CLI.run(arguments)
        let ideal = try CLI.run(arguments + ["--profile", "ideal"])
        let overridden = try CLI.run(arguments + ["--profile", "ideal", "--min-accuracy", "100", "--confirm-fixes", "1"])
        func triggerOf2(_ text: String) throws -> String? {
            try TimelineComparison.parse(text).first { $0.event == "point_triggered" && $0.point == 2 }.map { formatFixed($0.t, 1) }
        }
        try expectEqual(triggerOf2(prd.stdout), "236.0")
        try expectEqual(triggerOf2(ideal.stdout), "337.0")
        try expectEqual(triggerOf2(overridden.stdout), "236.0")
        let json = try JSONParser().parse(try CLI.run(arguments + ["--profile", "ideal", "--queue-depth", "0", "--format", "json"]).stdout)
        expectTrue(json["policy"]?["queueDepth"] == .integer(0))
        expectTrue(json["policy"]?["confirmFixes"] == .integer(2))
        expectTrue(json["policy"]?["triggerHysteresis"] == .bool(true))
    }

    @Test func theAppProfilesRejectDeepQueuesAndSkipping() throws {
        let deep = try CLI.run(["simulate", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "ios-app@5c84126", "--queue-depth", "2"])
        expectEqual(deep.status, 2)
        expectContains(deep.stderr, "--profile ios-app@5c84126: the phone app's queue has one slot")
        let skip = try CLI.run(["simulate", Self.tour, "--trace", Self.trace("brief-pass"), "--profile", "android-app@5c84126", "--skip-missed"])
        expectEqual(skip.status, 2)
    }

    static let profileTraces = ["brief-pass", "edge-jitter", "leave-then-next", "poor-accuracy"].map(trace)

    @Test(arguments: ["ios-app@5c84126", "android-app@5c84126"])
    func radiiUnderAnAppProfileReplaysTheEngine(profile: String) throws {
        let result = try CLI.run(["radii", Self.tour, "--trace"] + Self.profileTraces + ["--profile", profile, "--sweep", "100:200:25"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "radii-profile-\(profile).txt"), "\(result.stdout)")
        expectContains(result.stdout, "Exact path: every radius replayed through the engine")
        expectEqual(result.stdout.contains("Re-fires"), (profile == "ios-app@5c84126"))
        let json = try JSONParser().parse(try CLI.run(["radii", Self.tour, "--trace"] + Self.profileTraces + ["--profile", profile, "--json"]).stdout)
        expectEqual(json["profile"], .string(profile))
        expectEqual(json["method"], .string("engine-replay"))
        expectTrue((json["fixesDelivered"]?.intValue ?? 0) < (json["fixes"]?.intValue ?? 0))
        let two = json["points"]?.arrayElements?[1]["traces"]?.arrayElements ?? []
        let jitter = two.first { $0["trace"] == .string(Self.trace("edge-jitter")) }
        expectTrue(jitter?["refires"]?.intValue == (profile == "ios-app@5c84126" ? 6 : 0))
    }

    @Test func radiiWithSkipMissedReplaysTheEngine() throws {
        let result = try CLI.run(["radii", Self.tour, "--trace", Self.trace("brief-pass"), "fixtures/traces/torino-portici-missed.gpx", "--skip-missed", "--sweep", "50:200:50"])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectTrue(matchesGolden(result.stdout, "radii-skip-missed.txt"), "\(result.stdout)")
        expectContains(result.stdout, "the fast probe does not model skipping missed points")
        let prd = try CLI.run(["radii", Self.tour, "--trace", Self.trace("brief-pass"), "--json"])
        try expectEqual(JSONParser().parse(prd.stdout)["method"], .string("probe"))
    }

    /// Issue 47: a build by the day a walk was made. `--profile android-app@2026-05-01` is the build in Google
    /// Play production that day (1.1.4-beta), said on standard error with the documents' words; a day before
    /// the first build modelled, or one that is no day, is refused with one line; the same day, the same bytes.
    @Test func aBuildIsChosenByTheDayAWalkWasMade() throws {
        let args = ["simulate", Self.tour, "--trace", Self.trace("brief-pass")]
        let byDay = try CLI.run(args + ["--profile", "android-app@2026-05-01"])
        let byName = try CLI.run(args + ["--profile", "android-app@1.1.4-beta"])
        expectEqual(byDay.status, 0, "\(byDay.stderr)")
        expectEqual(byDay.stdout, byName.stdout)
        expectTrue(byDay.stderr.hasPrefix("android-app@2026-05-01 is android-app@1.1.4-beta (Android 1.1.4-beta (12)), Google Play production on 2026-05-01 "
            + "as far as the repository's documents say: the live release on the production track on 2026-06-19 (tasks/todo.md@7304abf line 131)"), "\(byDay.stderr)")
        expectContains(byDay.stderr, "its rules are inferred: its commit is not known")
        expectTrue(!byName.stderr.contains("as far as the repository's documents say"))
        expectEqual(try CLI.run(args + ["--profile", "android-app@2026-05-01"]).stderr, byDay.stderr)
        // The builds around the completion fix: 2026-02-06 is 1.1.1-beta (its early completion), 2026-02-07 on the fixed builds.
        let before = try CLI.run(args + ["--profile", "android-app@2026-02-06"])
        expectEqual(before.stdout, try CLI.run(args + ["--profile", "android-app@5c84126"]).stdout)
        // A commit, a full hash, or iOS by day.
        expectEqual(try CLI.run(args + ["--profile", "android-app@efba3ee739f77a44573a13110a67c001293387a5"]).stdout, try CLI.run(args + ["--profile", "android-app"]).stdout)
        expectContains(try CLI.run(args + ["--profile", "ios-app@2026-10-01"]).stderr, "ios-app@2026-10-01 is ios-app@1.5 (iOS 1.5 (14)), App Store on 2026-10-01")
        let early = try CLI.run(args + ["--profile", "android-app@2026-01-15"])
        expectEqual(early.status, 2)
        expectTrue(early.stderr.hasPrefix("Error: --profile android-app@2026-01-15: the first Android build walkscape models, 1.1.1-beta (9), is from 2026-02-05; "
            + "no earlier build is modelled (name one to use it anyway, e.g. android-app@5c84126).\n"), "\(early.stderr)")
        let notADay = try CLI.run(args + ["--profile", "android-app@2026-02-30"])
        expectEqual(notADay.status, 2)
        expectContains(notADay.stderr, "Error: --profile android-app@2026-02-30: 2026-02-30 is not a day; expected YYYY-MM-DD, such as android-app@2026-05-01.")
    }

    /// Issue 47: three or more builds of one app are compared step by step, each with the next one given: the
    /// completion fix shows between 1.1.1-beta and 1.1.3-beta, the events between 1.1.8 and 1.1.9, and nothing
    /// from 1.1.3-beta to 1.1.8 on a walk.
    @Test func consecutiveBuildsAreComparedStepByStep() throws {
        let result = try CLI.run([
            "compare", Self.tour, "--trace", Self.trace("last-flagged"), "--profile", "android-app@5c84126", "--profile", "android-app@1.1.3-beta",
            "--profile", "android-app@1.1.8", "--profile", "android-app@1.1.9",
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let steps = result.stdout.split(separator: "\n").filter { $0.hasPrefix("What changes from") || $0.hasPrefix("Every change from") }.map(String.init)
        expectEqual(steps, [
            "What changes from android-app@5c84126 to android-app@1.1.3-beta on this walk (3 differences):",
            "What changes from android-app@1.1.8 to android-app@1.1.9 on this walk (2 differences):",
            "Every change from android-app@5c84126 to android-app@1.1.3-beta in the reference app's files:",
            "Every change from android-app@1.1.3-beta to android-app@1.1.8 in the reference app's files:",
            "Every change from android-app@1.1.8 to android-app@1.1.9 in the reference app's files:",
        ])
        // Two builds, or builds of both apps: the first given with each later one, as before.
        let mixed = try CLI.run(["compare", Self.tour, "--trace", Self.trace("last-flagged"), "--profile", "ios-app@1.2", "--profile", "android-app@5c84126", "--profile", "android-app"])
        expectContains(mixed.stdout, "What changes from ios-app@5c84126 to android-app@efba3ee")
    }
}
