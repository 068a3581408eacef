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

    @Option(help: ArgumentHelp("Radii to try, in metres.", valueName: "FROM:TO:STEP"))
    var sweep: String?

    @Option(help: ArgumentHelp("Noise trials: GPS drift in metres per axis.", valueName: "SIGMA"))
    var noise: Double?

    @Option(help: ArgumentHelp("Noise trials: replays of each trace.", valueName: "N"))
    var runs: Int = 20

    @Option(help: ArgumentHelp("Noise trials: random seed.", valueName: "S"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Noise trials: GPS jumps an hour.", valueName: "RATE"))
    var jumps: Double = 4

    @Option(help: ArgumentHelp("Noise trials: GPS dropouts an hour.", valueName: "RATE"))
    var dropouts: Double = 4

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

    @Flag(help: "Refuse (exit 1) when a trace cannot be read or never comes near the tour, instead of leaving it out with a warning.")
    var strict = false

    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("Give at least one --trace FILE.") }
        guard !(json && csv) else { throw ValidationError("--json and --csv are exclusive; pick one.") }
        if let phases, !ValueRanges.phases.contains(phases) { throw ValidationError("--phases must be a whole number from 1 to 360, got \(phases).") }
        if !apply {
            if only != nil { throw ValidationError("--only chooses the points --apply changes; add --apply.") }
            if dryRun { throw ValidationError("--dry-run shows what --apply would write; add --apply.") }
        } else {
            if csv || sweep != nil || noise != nil || svg != nil || map {
                throw ValidationError("--apply writes the plain report's advice; drop --csv, --sweep, --noise, --svg and --map (run them without --apply).")
            }
            if let only { _ = try checked { () throws(ValueProblem) in try RadiusSweep.orders(only) } }
        }
        if let sweep { _ = try checked { () throws(ValueProblem) in try RadiusSweep.radii(sweep) } }
        if let noise {
            guard noise >= 0, noise <= 10_000, noise.isFinite else { throw ValidationError("--noise must be metres, 0 or more, got \(formatShortNumber(noise)).") }
            guard runs >= 1, runs <= 100_000 else { throw ValidationError("--runs must be between 1 and 100000, got \(runs).") }
            guard jumps >= 0, jumps <= 3600, jumps.isFinite else { throw ValidationError("--jumps must be a rate an hour between 0 and 3600, got \(formatShortNumber(jumps)).") }
            guard dropouts >= 0, dropouts <= 3600, dropouts.isFinite else { throw ValidationError("--dropouts must be a rate an hour between 0 and 3600, got \(formatShortNumber(dropouts)).") }
            // Each trace is replayed --runs times under each phase: counted before any is made.
            let replays = runs * traces.count * max(1, phases ?? 1)
            guard replays <= ValueRanges.maxNoiseReplays else {
                throw ValidationError("--runs \(runs) × \(traces.count) trace\(traces.count == 1 ? "" : "s")\(phases.map { " × \($0) phases" } ?? "") would make \(replays) noisy replays; at most \(ValueRanges.maxNoiseReplays): lower --runs\(phases == nil ? "" : " or --phases").")
            }
        }
    }

    func run() throws {
        var sweepRadii = try sweep.map { try RadiusSweep.radii($0) } ?? []
        if noise != nil && sweepRadii.isEmpty { sweepRadii = try RadiusSweep.radii(RadiusSweep.defaultNoise) }
        try RadiusAdvice.run(
            RadiusAdviceRequest(
                tour: tour, language: language, traces: traces, walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection,
                phases: phases, strict: strict, profile: policyOptions.engineProfile, policy: policyOptions.policy, sweepRadii: sweepRadii,
                noise: noise.map {
                    RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: $0, jumpsPerHour: jumps, dropoutsPerHour: dropouts), runs: runs, seed: seed)
                },
                format: json ? .json : csv ? .csv : .text, map: map, svg: svg,
                apply: apply ? (try only.map { try RadiusSweep.orders($0) }, dryRun) : nil),
            console: CommandContext.console)
    }
}
