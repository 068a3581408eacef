import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours
import WalkscapeTraces

/// `check TOUR --trace WALK --observed EVENTS`: the app's own analytics from a walk fed by `feed` against
/// walkscape's prediction for the profile, point by point.
public struct ObservedCheck {
    public var tour: String
    public var trace: String
    public var observed: String
    public var language: String?
    /// The profile predicted, its policy (options applied) and the walking speed for an untimed trace.
    public var profile: EngineProfile
    public var policy: EnginePolicy
    public var walkSpeed: Double
    public var selection: TraceSelection
    public var tolerance: Double
    /// `--phases N`: predict under N phases of the fix delivery (nil: one prediction, phase 0).
    public var phases: Int? = nil
    public var junit: String?
    /// `--device ID`: judge that phone's walks (each on its own) in a file that holds several phones' events.
    public var device: String?
    /// The clock the checks' seconds (JUnit's `time`) are measured on.
    public var clock: any MonotonicClock = SystemClock.shared

    public init(
        tour: String, trace: String, observed: String, language: String?, profile: EngineProfile, policy: EnginePolicy, walkSpeed: Double,
        selection: TraceSelection, tolerance: Double, phases: Int?, junit: String?, device: String? = nil
    ) {
        self.device = device
        self.tour = tour
        self.trace = trace
        self.observed = observed
        self.language = language
        self.profile = profile
        self.policy = policy
        self.walkSpeed = walkSpeed
        self.selection = selection
        self.tolerance = tolerance
        self.phases = phases
        self.junit = junit
    }

    public func run(console: Console) throws {
        let replay = try Replay.loadTour(tour, language: language, console: console)
        let loaded = try Replay.loadTrace(trace, walkSpeed: walkSpeed, selection: selection, console: console)
        if let far = Replay.farWarning(replay, loaded.trace) { console.error("\(trace): warning: \(far)") }
        guard let data = FileManager.default.contents(atPath: observed) else {
            console.error("\(observed): cannot be read; expected the app's analytics (a POST /analytics/events body, walkscape collect's JSON Lines or a CSV export)")
            throw CommandExit(.usage)
        }
        let observation: ObservedAnalytics
        do {
            observation = try ObservedAnalytics(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            console.error("\(observed): \(error.message)")
            throw CommandExit(.usage)
        }
        let started = clock.now()
        var batch = AnalyticsBatch(
            tourID: replay.tour.id, language: profile.analyticsLanguage(narration: replay.language), pointIDs: replay.pointIDs, anonymousID: "prediction", app: profile.analyticsApp,
            profile: profile.rawValue)
        batch.lifecycle = profile.lifecycle
        batch.device = policy.device
        // One prediction, or one a phase of the fix delivery (`--phases N`): the observation must fall in their spread.
        let predicted = PhaseSpread.fractions(phases ?? 1).map { fraction in
            let timeline = Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: policy, phase: fraction)
            return try! ObservedAnalytics(parsing: JSONWriter(pretty: false).write(batch.body(timeline: timeline, pointCount: replay.engineTour.points.count))).events
        }
        // The file may hold several phones' walks (`collect` appends them all): judged each on its own.
        var walks = ObservedWalk.walks(observation.events)
        func agreement(_ events: [ObservedAnalytics.Event]) -> AnalyticsAgreement {
            AnalyticsAgreement(predictedPhases: predicted, observed: events, tourID: replay.tour.id, pointIDs: replay.pointIDs, tolerance: tolerance)
        }
        var judged: [(label: String?, agreement: AnalyticsAgreement)]
        if let device {
            let all = walks
            walks = walks.filter { $0.device == device }
            guard !walks.isEmpty else {
                console.error("\(observed): no events from device \(TerminalText.sanitize(device)); it holds \(ObservedWalk.describe(all))")
                throw CommandExit(.usage)
            }
            judged = walks.map { ($0.name, agreement($0.events)) }
        } else if walks.count <= 1 {
            judged = [(nil, agreement(observation.events))]
        } else {
            // The walk that matches the trace: the one prediction and observation agree on.
            let candidates = walks.map { ($0, agreement($0.events)) }
            let matching = candidates.filter { !$0.1.rows.isEmpty && $0.1.disagreements == 0 }
            guard matching.count == 1, let match = matching.first else {
                console.error("\(observed): holds \(ObservedWalk.describe(walks)); \(matching.isEmpty ? "none" : "\(matching.count)") of them match\(matching.count == 1 ? "es" : "") the prediction for \(trace): give --device ID to judge one phone's walks")
                throw CommandExit(.usage)
            }
            console.line("\(observed) holds \(ObservedWalk.describe(walks)); judged \(match.0.name), the walk that matches the trace (--device ID judges another)")
            judged = [(match.0.name, match.1)]
        }
        let seconds = clock.now() - started
        console.line("\(replay.tour.id): \(observed) against the \(profile.rawValue) prediction for \(trace)"
            + (phases.map { " under \($0) phases" } ?? "") + " (tolerance \(formatShortNumber(tolerance)) s)")
        var results: [CheckResult] = []
        var failed = 0
        var checks = 0
        for (label, agreement) in judged {
            if let label, judged.count > 1 || device != nil { console.line("\(label):") }
            for note in agreement.notes { console.line("  note: " + TerminalText.sanitize(note)) }
            let width = max(8, agreement.rows.map { $0.predictedText.count + 1 }.max() ?? 0)
            for row in agreement.rows {
                let p = row.predictedText
                let o = row.observed.map(AnalyticsAgreement.clock) ?? "—"
                let status = row.disagreement == nil ? "ok  " : "FAIL"
                console.line("  \(status)  \(TerminalText.sanitize(row.label).padding(toLength: 24, withPad: " ", startingAt: 0)) predicted \(p.padding(toLength: width, withPad: " ", startingAt: 0)) observed \(o)")
                if let disagreement = row.disagreement { console.line("          " + disagreement) }
                let name = (judged.count > 1 ? (label ?? "") + ": " : "") + row.label
                results.append(CheckResult(name: name, outcome: row.disagreement.map { .failed($0) } ?? .passed, seconds: seconds / Double(max(1, agreement.rows.count))))
            }
            failed += agreement.disagreements + (agreement.rows.isEmpty ? 1 : 0)
            checks += max(1, agreement.rows.count)
            if agreement.rows.isEmpty {
                results.append(CheckResult(name: (label.map { $0 + ": " } ?? "") + "observed events", outcome: .failed(agreement.notes.joined(separator: "\n")), seconds: seconds))
            }
        }
        if let junit {
            do {
                try AtomicFileWriter.write(Array(JUnitReport.xml(results, suiteName: "walkscape check --observed \(observed)").utf8), to: junit)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        console.line(failed == 0 ? "the app did what walkscape predicted (\(checks) checks)" : "\(failed) disagreement\(failed == 1 ? "" : "s") of \(checks) checks")
        if failed > 0 { throw CommandExit(.failure) }
    }
}
