import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeFieldReport
import WalkscapeTours

/// `walkscape report TOUR --trace FILE... --output report.html`: the field report, one self-contained page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the field report: one self-contained HTML page with the map, timelines, narrations and radii advice.",
        discussion: """
            Replays each trace against the tour (the timeline `simulate` prints) and writes one HTML file that \
            needs no network: the map (route, regions with their current and advised radii, each walk, where \
            each point triggered, the tour's offline map when it has one), a timeline per walk (narrations, \
            queue waits, missed points, completion, distance to the next point), every point's recording as \
            the tour has it (not re-encoded) with its subtitles, the `radii` advice, and how the report was \
            made (the command, walkscape's version, the traces' SHA-256). The same inputs give the same bytes. \
            See docs/report.md.

            Examples:
              walkscape report tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-clean.gpx --output report.html
              walkscape report tours/torino-portici --trace walks/*.gpx --profile ios-app \\
                  --phases 15 --lang en --output report.html
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(name: .customLong("trace"), parsing: .upToNextOption, help: ArgumentHelp("Recorded GPS traces: \(TraceFileHelp.formats).", valueName: "FILE"))
    var traces: [String] = []

    @Option(help: ArgumentHelp("The page to write (written whole or not at all).", valueName: "FILE"))
    var output: String

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp(
        "For the radii advice: replay each trace under N evenly spaced phases of the profile's fix delivery (1-360).", valueName: "N"))
    var phases: Int?

    @OptionGroup var policyOptions: PolicyOptions

    /// Why the options cannot make a report (one line), nil when they can; checked before anything is read.
    var problem: String? {
        if traces.isEmpty { return "Error: give at least one --trace FILE." }
        if let phases, !ValueRanges.phases.contains(phases) { return "Error: --phases must be a whole number from 1 to 360, got \(phases)." }
        do { try FieldReport.checkDestination(output) } catch { return TerminalText.sanitize(error.message) }
        return nil
    }

    func run() throws {
        let console = CommandContext.console
        if let problem {
            console.error(problem)
            throw CommandExit(.usage)
        }
        let replay = try Replay.loadTour(tour, language: language, console: console)
        let policy = policyOptions.policy
        var walks: [FieldReportInputs.Walk] = []
        var radiiWalks: [RadiusAnalysis.Walk] = []
        var notes: [String] = []
        for path in traces {
            let loaded = try Replay.loadTrace(path, walkSpeed: policyOptions.walkSpeed, console: console)
            notes += loaded.summary.warnings.map { "\(path): \($0)" }
            if let far = Replay.farWarning(replay, loaded.trace) {
                console.error("\(path): warning: \(far)")
                notes.append("\(path): \(far)")
            }
            walks.append(FieldReportInputs.Walk(
                file: path, trace: loaded.trace, summary: loaded.summary, timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: policy)))
            let n = phases ?? 1  // as `radii --phases N`: each trace once a phase of the fix delivery, named TRACE@k/N
            radiiWalks += PhaseSpread.fractions(n).enumerated().map { k, phase in
                RadiusAnalysis.Walk(name: n > 1 ? "\(path)@\(k)/\(n)" : path, trace: loaded.trace, phase: phase)
            }
        }
        var radii = RadiusAnalysis(tour: replay.engineTour, path: SyntheticWalk.path(for: replay.tour), policy: policy).run(radiiWalks)
        radii.profile = policyOptions.engineProfile.rawValue
        let inputs = FieldReportInputs(
            tour: replay, tourArgument: tour, walks: walks, policy: policy, profile: policyOptions.engineProfile.rawValue, options: options(policy, language: replay.language),
            command: commandLine, walkscapeVersion: WalkscapeVersion.current, radii: radii,
            basemap: TourBasemap.basemap(replay.tour, at: replay.location), notes: replay.warnings + notes)
        let written: FieldReport.Written
        do { written = try FieldReport.write(inputs, to: output) } catch {
            console.error(TerminalText.sanitize(error.message))
            throw CommandExit(.usage)
        }
        console.line("\(TerminalText.sanitize(output)): \(written.points) points, \(written.walks) walk\(written.walks == 1 ? "" : "s"), "
            + "\(written.narrations) narrations heard; \(written.bytes) bytes (recordings \(written.audioBytes) bytes)")
    }

    /// The options that shaped the figures, for the page's provenance.
    func options(_ policy: EnginePolicy, language: String) -> [String: ReportData.OptionValue] {
        var options: [String: ReportData.OptionValue] = [
            "lang": .string(language), "queueDepth": .number(Double(policy.queueDepth)),
            "confirmFixes": .number(Double(policy.confirmFixes)), "skipMissed": .bool(policy.skipMissed),
            "distance": .string(policy.distanceModel.rawValue),
        ]
        if let minAccuracy = policy.minAccuracyMeters { options["minAccuracy"] = .number(minAccuracy) }
        if let phases { options["phases"] = .number(Double(phases)) }
        return options
    }

    /// The command line that makes this report again, quoted for a POSIX shell.
    var commandLine: String {
        var words = ["walkscape", "report", tour, "--trace"] + traces
        if policyOptions.profile != EngineProfile.prd.rawValue { words += ["--profile", policyOptions.profile] }
        if let phases { words += ["--phases", "\(phases)"] }
        if let language { words += ["--lang", language] }
        if let queueDepth = policyOptions.queueDepth { words += ["--queue-depth", "\(queueDepth)"] }
        if let minAccuracy = policyOptions.minAccuracy { words += ["--min-accuracy", formatShortNumber(minAccuracy)] }
        if let confirmFixes = policyOptions.confirmFixes { words += ["--confirm-fixes", "\(confirmFixes)"] }
        if policyOptions.skipMissed { words.append("--skip-missed") }
        if let distance = policyOptions.distance { words += ["--distance", distance.rawValue] }
        if policyOptions.walkSpeed != 1.2 { words += ["--walk-speed", formatShortNumber(policyOptions.walkSpeed)] }
        return (words + ["--output", output]).map(TourIntegrity.shellQuoted).joined(separator: " ")
    }
}
