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
        discussion: """
            A golden file is a JSON Lines timeline as `walkscape simulate` prints it. Events must match one \
            for one (event, point, next/missed) with times within --tolerance seconds; on a mismatch the \
            first divergence is shown, expected against actual. --update writes the golden file instead.

            A suite file lists many cases (paths relative to the suite file):
              {"cases": [{"name": "torino clean", "tour": "../../tours/torino-portici",
                          "trace": "../traces/torino-portici-clean.gpx", "lang": "it",
                          "golden": "torino-portici-clean.jsonl",
                          "options": {"profile": "prd", "queueDepth": 1, "minAccuracy": 25,
                                      "confirmFixes": 1, "skipMissed": false, "walkSpeed": 1.2},
                          "tolerance": 0.5}]}
            "profile" picks the rules (docs/profiles.md); the other options override its values.

            --observed EVENTS compares the phone app's own analytics from a walk of --trace (fed to it with \
            `walkscape feed`) with what walkscape predicts for --profile: per point, triggered or not and \
            when after tour_started, and the completion, within --tolerance seconds. EVENTS is the \
            POST /analytics/events body, `walkscape collect`'s JSON Lines or a CSV export (docs/live.md).

            Exit status: 0 all match, 1 a mismatch (or a case that cannot run), 2 usage error or unreadable suite.

            Examples:
              walkscape check tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-brisk.gpx \\
                  --expect fixtures/golden/torino-portici-brisk.jsonl
              walkscape check --suite fixtures/golden/suite.json --junit build/junit.xml
              walkscape check --suite fixtures/golden/suite.json --update
              walkscape check tours/torino-portici --trace walk.gpx --profile ios-app \\
                  --observed events.jsonl --tolerance 5
            """)

    @Argument(help: "The tour directory or its tour.json (not with --suite).")
    var tour: String?

    @Option(help: ArgumentHelp("The GPS trace to replay: \(TraceFileHelp.formats).", valueName: "FILE"))
    var trace: String?

    @Option(help: ArgumentHelp("The golden JSON Lines timeline.", valueName: "GOLDEN"))
    var expect: String?

    @Option(help: ArgumentHelp("The app's analytics events from a walk of --trace: compared with the prediction.", valueName: "EVENTS"))
    var observed: String?

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
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        if let phases, !ValueRanges.phases.contains(phases) { throw ValidationError("--phases must be a whole number from 1 to 360, got \(phases).") }
        if let minShare {
            guard minShare >= 0, minShare <= 1 else { throw ValidationError("--min-share must be a share from 0 to 1, got \(formatShortNumber(minShare)).") }
            if suite != nil { throw ValidationError("--min-share is for a single case; in a suite, a case says \"minShare\".") }
        }
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
                tour: tour!, trace: trace!, observed: observed, language: language, profile: policyOptions.engineProfile, policy: policyOptions.policy,
                walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection,
                tolerance: tolerance, phases: phases, junit: junit
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
                policy: policyOptions.policy, walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection, tolerance: tolerance,
                minShare: minShare, phases: phases)]
        }
        let runner = CheckRunner(update: update, defaultPhases: phases ?? 15)
        var results: [CheckResult] = []
        for item in cases {
            let result = runner.run(item)
            results.append(result)
            for warning in result.warnings { console.error(warning) }
            switch result.outcome {
            case .passed: console.line("ok      \(result.name)")
            case .updated: console.line("updated \(result.name) (\(TerminalText.sanitize(item.golden)))")
            case let .failed(message):
                console.line("FAIL    \(result.name)")
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { console.line("        " + line) }
            case let .broken(message):
                console.line("ERROR   \(result.name)")
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { console.line("        " + line) }
            }
        }
        let failed = results.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let broken = results.filter { if case .broken = $0.outcome { return true } else { return false } }.count
        if let junit {
            do {
                try AtomicFileWriter.write(Array(JUnitReport.xml(results, suiteName: suite ?? "walkscape check").utf8), to: junit)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        let updated = results.filter { $0.outcome == .updated }.count
        let cannotRun = broken == 0 ? "" : ", \(broken) could not run (a tour, trace or golden file missing or unreadable: fix the suite)"
        if updated > 0 {
            console.line("\(updated) golden file\(updated == 1 ? "" : "s") written, \(failed) failed\(cannotRun)")
        } else {
            console.line("\(results.count - failed - broken) passed, \(failed) failed\(cannotRun)")
        }
        // A case that could not run is a broken suite (2), told apart from a timeline that changed (1).
        if broken > 0 { throw CommandExit(.usage) }
        if failed > 0 { throw CommandExit(.failure) }
    }
}
