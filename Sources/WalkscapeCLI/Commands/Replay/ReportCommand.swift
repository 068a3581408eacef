import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
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
            the tour has it (not re-encoded) with its subtitles, the `radii` advice (with --sweep and --noise, \
            its sweep and noise trials; with --phases, each phase's walk on the map), and how the report was \
            made (the command, walkscape's version, the traces' SHA-256). The same inputs give the same bytes. \
            See docs/report.md.

            Examples:
              walkscape report tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-clean.gpx --output report.html
              walkscape report tours/torino-portici --trace walks/*.gpx --profile ios-app \\
                  --phases 15 --lang en --output report.html
              walkscape report tours/torino-portici --trace walks/*.gpx --sweep 50:300:10 \\
                  --noise 8 --runs 20 --output report.html
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
        "For the radii advice and the map: replay each trace under N evenly spaced phases of the profile's fix delivery (1-360).", valueName: "N"))
    var phases: Int?

    @OptionGroup var trialOptions: RadiusTrialOptions
    @OptionGroup var policyOptions: PolicyOptions

    /// Why the options cannot make a report (one line), nil when they can; checked before anything is read.
    var problem: String? {
        if traces.isEmpty { return "Error: give at least one --trace FILE." }
        do { try ValueRanges.checkPhases(phases) } catch { return "Error: " + error.message }
        do { _ = try trialOptions.trials(traces: traces.count, phases: phases) } catch { return "Error: " + error.message }
        do { try FieldReport.checkDestination(output) } catch { return TerminalText.sanitize(error.message) }
        return nil
    }

    func run() throws {
        let console = CommandContext.console
        if let problem {
            console.error(problem)
            throw CommandExit(.usage)
        }
        let o = policyOptions
        try FieldReportRun.run(
            FieldReportRequest(
                tour: tour, traces: traces, output: output, language: language, phases: phases, profile: o.engineProfile, policy: o.policy,
                trials: try trialOptions.trials(traces: traces.count, phases: phases),
                options: .init(
                    profile: o.profile, queueDepth: o.queueDepth, minAccuracy: o.minAccuracy, confirmFixes: o.confirmFixes, skipMissed: o.skipMissed,
                    distance: o.distance, walkSpeed: o.walkSpeed)),
            console: console)
    }
}
