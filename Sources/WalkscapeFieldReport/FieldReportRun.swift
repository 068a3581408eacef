import WalkscapeCore
import WalkscapeReplay
import WalkscapeSystem
import WalkscapeTours

/// `walkscape report`: each trace read and simulated, the radii advised from them, and the page written,
/// with one line saying what it holds.
public enum FieldReportRun {
    /// Makes the report `request` asks for; problems go to `console` and end in a thrown `CommandExit`.
    public static func run(_ request: FieldReportRequest, console: Console) throws {
        let replay = try Replay.loadTour(request.tour, language: request.language, console: console)
        let policy = request.policy
        var walks: [FieldReportInputs.SimulatedWalk] = []
        var radiiWalks: [RadiusAnalysis.RecordedWalk] = []
        var notes: [String] = []
        var fixesRead = 0
        for path in request.traces {
            let loaded = try Replay.loadTrace(path, walkSpeed: request.options.walkSpeed, fixesBefore: fixesRead, console: console)
            fixesRead += loaded.trace.count
            notes += loaded.summary.warnings.map { "\(path): \($0)" }
            if let far = Replay.farWarning(replay, loaded.trace) {
                console.error("\(path): warning: \(far)")
                notes.append("\(path): \(far)")
            }
            walks.append(FieldReportInputs.SimulatedWalk(
                file: path, trace: loaded.trace, summary: loaded.summary, timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: policy)))
            let n = request.phases ?? 1  // as `radii --phases N`: each trace once a phase of the fix delivery, named TRACE@k/N
            radiiWalks += PhaseSpread.fractions(n).enumerated().map { k, phase in
                RadiusAnalysis.RecordedWalk(name: n > 1 ? "\(path)@\(k)/\(n)" : path, trace: loaded.trace, phase: phase)
            }
        }
        // The same analysis as `radii` with the same options: its sweep and noise trials too.
        var radii = RadiusAnalysis(
            tour: replay.engineTour, path: SyntheticWalk.path(for: replay.tour), policy: policy, sweepRadii: request.trials.sweepRadii,
            noise: request.trials.noise
        ).run(radiiWalks)
        radii.profile = request.profile.rawValue
        let inputs = FieldReportInputs(
            tour: replay, tourArgument: request.tour, walks: walks, policy: policy, profile: request.profile.rawValue,
            options: options(request, policy, language: replay.language),
            command: commandLine(request), walkscapeVersion: WalkscapeVersion.current, radii: radii,
            basemap: TourBasemap.basemap(replay.tour, at: replay.location), notes: replay.warnings + notes)
        let written: FieldReport.Written
        do { written = try FieldReport.write(inputs, to: request.output) } catch {
            console.error(TerminalText.sanitize(error.message))
            throw CommandExit(.usage)
        }
        console.line("\(TerminalText.sanitize(request.output)): \(written.points) points, \(written.walks) walk\(written.walks == 1 ? "" : "s"), "
            + "\(written.narrations) narrations heard; \(written.bytes) bytes (recordings \(written.audioBytes) bytes)")
    }

    /// The options that shaped the figures, for the page's provenance.
    static func options(_ request: FieldReportRequest, _ policy: EnginePolicy, language: String) -> [String: ReportData.OptionValue] {
        var options: [String: ReportData.OptionValue] = [
            "lang": .string(language), "queueDepth": .number(Double(policy.queueDepth)),
            "confirmFixes": .number(Double(policy.confirmFixes)), "skipMissed": .bool(policy.skipMissed),
            "distance": .string(policy.distanceModel.rawValue),
        ]
        if let minAccuracy = policy.minAccuracyMeters { options["minAccuracy"] = .number(minAccuracy) }
        if let phases = request.phases { options["phases"] = .number(Double(phases)) }
        if let sweep = request.trials.sweep { options["sweep"] = .string(sweep) }
        if let noise = request.trials.noise {
            options["noise"] = .number(noise.model.sigmaMeters)
            options["runs"] = .number(Double(noise.runs))
            options["seed"] = .string("\(noise.seed)")
            options["jumps"] = .number(noise.model.jumpsPerHour)
            options["dropouts"] = .number(noise.model.dropoutsPerHour)
        }
        return options
    }

    /// The command line that makes this report again, quoted for a POSIX shell.
    static func commandLine(_ request: FieldReportRequest) -> String {
        let o = request.options
        var words = ["walkscape", "report", request.tour, "--trace"] + request.traces
        if o.profile != EngineProfile.prd.rawValue { words += ["--profile", o.profile] }
        if let phases = request.phases { words += ["--phases", "\(phases)"] }
        if let sweep = request.trials.sweep { words += ["--sweep", sweep] }
        if let noise = request.trials.noise {
            words += ["--noise", formatShortNumber(noise.model.sigmaMeters), "--runs", "\(noise.runs)", "--seed", "\(noise.seed)"]
            words += ["--jumps", formatShortNumber(noise.model.jumpsPerHour), "--dropouts", formatShortNumber(noise.model.dropoutsPerHour)]
        }
        if let language = request.language { words += ["--lang", language] }
        if let queueDepth = o.queueDepth { words += ["--queue-depth", "\(queueDepth)"] }
        if let minAccuracy = o.minAccuracy { words += ["--min-accuracy", formatShortNumber(minAccuracy)] }
        if let confirmFixes = o.confirmFixes { words += ["--confirm-fixes", "\(confirmFixes)"] }
        if o.skipMissed { words.append("--skip-missed") }
        if let distance = o.distance { words += ["--distance", distance.rawValue] }
        if o.walkSpeed != 1.2 { words += ["--walk-speed", formatShortNumber(o.walkSpeed)] }
        return (words + ["--output", request.output]).map(TourIntegrity.shellQuoted).joined(separator: " ")
    }
}
