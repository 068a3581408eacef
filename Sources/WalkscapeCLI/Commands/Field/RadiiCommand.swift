import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeReplay
import WalkscapeTUI
import WalkscapeTours
import WalkscapeTraces

/// `walkscape radii TOUR --trace FILE...`: which trigger radius each point needs, from recorded walks.
struct RadiiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "radii",
        abstract: "Advise each point's trigger radius from recorded GPS traces: reports, sweeps, noise trials, maps.",
        discussion: RadiiHelp.discussion)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(name: .customLong("trace"), parsing: .upToNextOption, help: ArgumentHelp("Recorded GPS traces: \(TraceFileHelp.formats).", valueName: "FILE"))
    var traces: [String] = []

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(help: "Print CSV: one row a point and trace (one row a point and radius with --sweep or --noise).")
    var csv = false

    @Option(help: ArgumentHelp("Also draw the traces, route and regions as an SVG picture.", valueName: "FILE"))
    var svg: String?

    @Flag(help: "Also print the picture as a terminal map (braille).")
    var map = false

    @OptionGroup var trialOptions: RadiusTrialOptions

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration whose lengths the queue uses (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp(
        "Replay each trace under N evenly spaced phases of the profile's fix delivery (each phase counts as a walk, named TRACE@k/N), so the advice covers the worst phase (1-360).",
        valueName: "N"))
    var phases: Int?

    @Flag(help: "Write the advised radii into tour.json (only triggerRadiusMeters changes) and print a before -> after table.")
    var apply = false

    @Option(help: ArgumentHelp("With --apply: change only these points (orders, comma-separated).", valueName: "N,N..."))
    var only: String?

    @Flag(help: "With --apply: show the change without writing it.")
    var dryRun = false

    @Option(help: ArgumentHelp("With --noise: write every noisy replay into this folder as GPX (at most 1,000).", valueName: "DIR"))
    var keepReplays: String?

    @Flag(help: "Refuse (exit 1) when a trace cannot be read or never comes near the tour, instead of leaving it out with a warning.")
    var strict = false

    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("Give at least one --trace FILE.") }
        guard !(json && csv) else { throw ValidationError("--json and --csv are exclusive; pick one.") }
        try checked { () throws(ValueProblem) in try ValueRanges.checkPhases(phases) }
        if !apply {
            if only != nil { throw ValidationError("--only chooses the points --apply changes; add --apply.") }
            if dryRun { throw ValidationError("--dry-run shows what --apply would write; add --apply.") }
        } else {
            if csv || trialOptions.sweep != nil || trialOptions.noise != nil || svg != nil || map {
                throw ValidationError("--apply writes the plain report's advice; drop --csv, --sweep, --noise, --svg and --map (run them without --apply).")
            }
            if let only { _ = try checked { () throws(ValueProblem) in try RadiusSweep.orders(only) } }
        }
        _ = try checked { () throws(ValueProblem) in try trialOptions.trials(traces: traces.count, phases: phases) }
        if keepReplays != nil { try checked { () throws(ValueProblem) in try NoiseReplayArchive.check(noise: trialOptions.noise, runs: trialOptions.runs, traces: traces.count, phases: phases) } }
    }

    func run() throws {
        let trials = try checked { () throws(ValueProblem) in try trialOptions.trials(traces: traces.count, phases: phases) }
        try RadiusAdvice.run(
            RadiusAdviceRequest(
                tour: tour, language: language, traces: traces, walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection,
                phases: phases, strict: strict, profile: policyOptions.engineProfile, policy: policyOptions.policy, sweepRadii: trials.sweepRadii,
                noise: trials.noise,
                format: json ? .json : csv ? .csv : .text, map: map, svg: svg,
                apply: apply ? (try only.map { try RadiusSweep.orders($0) }, dryRun) : nil, keepReplays: keepReplays),
            console: CommandContext.console)
    }
}
