import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeTours

/// `walkscape check`: compare timelines with golden files, one case or a whole suite.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a walk's timeline with a golden file (or run a suite of such cases).",
        discussion: CheckHelp.discussion)

    @Argument(help: "The tour directory or its tour.json (not with --suite).")
    var tour: String?

    @Option(help: ArgumentHelp("The GPS trace to replay: \(TraceFileHelp.formats).", valueName: "FILE"))
    var trace: String?

    @Option(help: ArgumentHelp("The golden JSON Lines timeline.", valueName: "GOLDEN"))
    var expect: String?

    @Option(help: ArgumentHelp("The app's analytics events from a walk of --trace: compared with the prediction.", valueName: "EVENTS"))
    var observed: String?

    @Option(help: ArgumentHelp("With --observed: judge the walks of this phone (its anonymousId) in a file of several phones' events.", valueName: "ID"))
    var device: String?

    @Option(help: ArgumentHelp("A suite file listing cases.", valueName: "FILE"))
    var suite: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report here (with --suite or a single case).", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Largest accepted difference in event times, seconds.", valueName: "SECONDS"))
    var tolerance: Double = 0.5

    @Flag(help: "Write the golden file(s) from the current timeline(s) instead of comparing.")
    var update = false

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (single case).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Every point must play in at least this share of the phases (0-1; single case; a suite case says \"minShare\").", valueName: "SHARE"))
    var minShare: Double?

    @Option(help: ArgumentHelp("Phases of the fix delivery a share is measured over, for cases that set none (1-360, default 15); with --observed, each observation must fall inside the spread of the N predictions.", valueName: "N"))
    var phases: Int?

    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var lifecycle: LifecycleOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        try checked { () throws(ValueProblem) in try ValueRanges.checkPhases(phases) }
        if let minShare {
            guard minShare >= 0, minShare <= 1 else { throw ValidationError("--min-share must be a share from 0 to 1, got \(formatShortNumber(minShare)).") }
            if suite != nil { throw ValidationError("--min-share is for a single case; in a suite, a case says \"minShare\".") }
        }
        if device != nil && observed == nil { throw ValidationError("--device picks a phone's walks in the --observed file; add --observed EVENTS.") }
        if observed != nil {
            guard tour != nil, trace != nil, expect == nil, suite == nil, !update else {
                throw ValidationError("--observed needs TOUR and --trace (not --expect, --suite or --update).")
            }
        } else if suite != nil {
            if tour != nil || trace != nil || expect != nil {
                throw ValidationError("--suite runs the cases of its file; do not also give TOUR, --trace or --expect.")
            }
        } else if tour == nil || trace == nil || expect == nil {
            throw ValidationError("Give TOUR, --trace and --expect, or --suite FILE.")
        }
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0.") }
    }

    func run() throws {
        let console = CommandContext.console
        if let observed {
            return try ObservedCheck(
                tour: tour!, trace: trace!, observed: observed, language: language, profile: policyOptions.engineProfile, policy: try lifecycle.options().applied(to: policyOptions.policy, profile: policyOptions.engineProfile),
                walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection,
                tolerance: tolerance, phases: phases, junit: junit, device: device
            ).run(console: console)
        }
        let cases: [CheckCase]
        if let suite {
            do {
                cases = try CheckSuite.read(suite) { console.error($0) }
            } catch {
                console.error(error.description)
                throw CommandExit(.usage)
            }
        } else {
            cases = [CheckCase(
                name: (expect! as NSString).lastPathComponent, tour: tour!, trace: trace!, language: language, golden: expect!,
                policy: try lifecycle.options().applied(to: policyOptions.policy, profile: policyOptions.engineProfile), walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection, tolerance: tolerance,
                minShare: minShare, phases: phases)]
        }
        try CheckSuiteRun.run(
            cases, update: update, defaultPhases: phases ?? 15, junit: junit, suiteName: suite ?? "walkscape check", fromSuite: suite != nil, console: console)
    }
}
