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
        discussion: """
            For each point and trace: the closest approach (metres, time), first entry, time inside, number of \
            entries, whether and when it triggered (the real engine, with the policy options), the margin \
            (radius - closest approach). Over all traces: the smallest radius that triggers on every trace and \
            the largest that stays clear of where walkers were before the previous point's audio ended, and \
            an advised radius between them, or why none works; overlapping consecutive regions; points the \
            route passes twice. Radii are tried one point at a time, the others keeping the tour's radius.

            --sweep FROM:TO:STEP: per point and radius, the share of traces triggering and the mean trigger \
            delay. --noise SIGMA: each trace replayed --runs times with GPS errors added (drift of SIGMA \
            metres, --jumps and --dropouts an hour), the trigger probability per radius (the sweep's radii, \
            50:300:10 by default). Deterministic for a --seed. See docs/fieldtesting.md.

            --profile NAME and the policy options replay as that phone would (docs/profiles.md). The fast \
            probe models the queue depth, --min-accuracy, --confirm-fixes and the phones' fix delivery; for \
            the app cursor (ios-app, android-app), hysteresis (ideal) and --skip-missed every \
            radius is replayed through the engine instead: the same answers, slower, and said in the report.

            Examples:
              walkscape radii tours/torino-portici --trace walk1.gpx walk2.gpx
              walkscape radii tours/torino-portici --trace walks/*.gpx \\
                  --sweep 50:300:10 --svg radii.svg
              walkscape radii tours/torino-portici --trace walk.gpx --noise 8 \\
                  --runs 50 --seed 3 --json
              walkscape radii tours/torino-portici --trace walk.gpx --map
              walkscape radii tours/torino-portici --trace walk.gpx --profile ios-app
              walkscape radii tours/torino-portici --trace walks/*.gpx --apply --dry-run
              walkscape radii tours/torino-portici --trace walks/*.gpx --apply --only 3,5

            --apply writes the advised radii into tour.json: only the triggerRadiusMeters values change, every \
            other byte stays (an atomic rewrite, read back before it replaces the file). Radii interact (a \
            point's radius moves where walkers are while its audio plays), so the advice is applied and the \
            walks analysed again until it settles: a second `radii` run advises keeping what was written. \
            Points where no radius works are left as they are and named (exit status 1). --only 3,5 changes \
            only those points; --dry-run prints the before -> after table and writes nothing.

            A trace that cannot be read, or never comes within 1 km of the tour's points or route (a walk of \
            somewhere else: simulate's warning), is left out with a warning and the advice comes from the \
            rest; with none left nothing is advised (exit status 1, or 2 when the first trace left out \
            cannot be read at all). --strict refuses any such trace instead.
            """)

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

    /// The radii of the noise trials when no sweep is given.
    static let defaultNoiseSweep = "50:300:10"

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
            if let only { _ = try Self.orders(only) }
        }
        if let sweep { _ = try Self.radii(sweep) }
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

    /// The radii of `FROM:TO:STEP`, ascending.
    static func radii(_ text: String) throws -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2], from.isFinite, to.isFinite, step.isFinite else {
            throw ValidationError("--sweep must be FROM:TO:STEP in metres, like 50:300:10, got \(text).")
        }
        guard from > 0, to >= from, step > 0 else { throw ValidationError("--sweep needs 0 < FROM ≤ TO and STEP > 0, got \(text).") }
        guard to <= 10_000 else { throw ValidationError("--sweep radii must stay at or below 10000 m, got \(text).") }
        // Counted as a Double first: a tiny STEP gives more radii than an Int holds.
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps < 1000 else { throw ValidationError("--sweep would try \(formatShortNumber(steps + 1)) radii; at most 1000 (use a larger STEP).") }
        let count = Int(steps) + 1
        return (0..<count).map { from + Double($0) * step }
    }

    /// The point orders of `--only 3,5`.
    static func orders(_ text: String) throws -> Set<Int> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 1 && $0! <= ValueRanges.maxCount }) else {
            throw ValidationError("--only must be point orders separated by commas, like 3,5, got \(text).")
        }
        return Set(parts.compactMap { $0 })
    }

    func run() throws {
        let console = CommandContext.console
        let replay = try Replay.loadTour(tour, language: language, console: console)
        var walks: [RadiusAnalysis.Walk] = []
        var leftOut = 0
        // How a run with every trace left out ends: as the first one left out would have (2: not readable at all).
        var noneLeft: CommandExit?
        for path in traces {
            let loaded: LoadedTrace
            do {
                loaded = try Replay.loadTrace(path, walkSpeed: policyOptions.walkSpeed, selection: traceSelection.selection, console: console)
            } catch let exit as CommandExit {
                if strict { throw exit }
                console.error("\(TerminalText.sanitize(path)): warning: left out of the advice: it cannot be read (above).")
                leftOut += 1
                noneLeft = noneLeft ?? exit
                continue
            }
            if let far = Replay.farWarning(replay, loaded.trace) {
                if strict {
                    console.error("\(path): error: \(far) Radii are not advised from a walk somewhere else.")
                    throw CommandExit(.failure)
                }
                console.error("\(path): warning: \(far) Left out of the advice: radii are not advised from a walk somewhere else.")
                leftOut += 1
                noneLeft = noneLeft ?? CommandExit(.failure)
                continue
            }
            if let phases, phases > 1 {
                for (k, fraction) in PhaseSpread.fractions(phases).enumerated() {
                    walks.append(RadiusAnalysis.Walk(name: "\(path)@\(k)/\(phases)", trace: loaded.trace, phase: fraction))
                }
            } else {
                walks.append(RadiusAnalysis.Walk(name: path, trace: loaded.trace))
            }
        }
        guard !walks.isEmpty else {
            console.error("\(tour): no radius advised: every trace was left out (above); give walks of this tour.")
            throw noneLeft ?? CommandExit(.failure)
        }
        if leftOut > 0 {
            let used = traces.count - leftOut
            console.error("radii: advised from \(used) of \(traces.count) traces (\(leftOut) left out above; --strict refuses them).")
        }
        if apply {
            try RadiusApplication.run(
                tour: tour, replay: replay, walks: walks, policy: policyOptions.policy, only: try only.map(Self.orders),
                dryRun: dryRun, json: json, console: console)
            return
        }
        var sweepRadii = try sweep.map(Self.radii) ?? []
        if noise != nil && sweepRadii.isEmpty { sweepRadii = try Self.radii(Self.defaultNoiseSweep) }
        let settings = noise.map {
            RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: $0, jumpsPerHour: jumps, dropoutsPerHour: dropouts), runs: runs, seed: seed)
        }
        let policy = policyOptions.policy
        let analysis = RadiusAnalysis(
            tour: replay.engineTour, path: SyntheticWalk.path(for: replay.tour), policy: policy, sweepRadii: sweepRadii, noise: settings)
        var report = analysis.run(walks)
        report.profile = policyOptions.engineProfile.rawValue
        let writer = RadiusReportWriter(pointTitles: replay.pointTitles())
        if json {
            console.write(writer.json(report, meta: [
                ("tour", .string(replay.tour.id)), ("tourVersion", .integer(replay.tour.version)), ("language", .string(replay.language)),
                ("policy", PolicyJSON.document(policy)),
            ]))
        } else if csv {
            console.write(sweepRadii.isEmpty ? writer.csv(report) : writer.sweepCSV(report))
        } else {
            console.write(writer.text(report))
        }
        if map {
            console.write(FieldMapText.render(FieldPicture(report: report, tour: replay, walks: walks), underlay: TourBasemap.basemap(replay.tour, at: replay.location).map { MapUnderlay(basemap: $0, route: TourBasemap.route(replay.tour)) }))
        }
        if let svg {
            let picture = FieldPicture(report: report, tour: replay, walks: walks)
            do {
                try AtomicFileWriter.write(Array(FieldMapSVG.render(picture, basemap: TourBasemap.basemap(replay.tour, at: replay.location)).utf8), to: svg)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
    }
}
