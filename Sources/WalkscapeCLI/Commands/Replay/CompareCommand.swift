import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReports
import WalkscapeReplay
import WalkscapeTours

/// `walkscape compare TOUR --trace FILE --profile A --profile B`: what each phone would do with one walk.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay one trace under several profiles and show, per point, where they disagree.",
        discussion: """
            For each point: when it triggered and when its audio first started under each profile, and which \
            profiles differ from the first one given (a trigger or start time more than --tolerance apart, a point never \
            triggered, or re-fires). Then, per profile, how the tour ended, how many fixes the phone \
            delivered, and re-fired points (the iOS app restarts the narration on re-entering the current \
            point's region: flagged as a likely app bug). For app builds, what changes from the first build \
            given to each later one on the walk (what the walker hears, when the tour completes, which \
            analytics events are sent), each with the reference app's lines; with several --trace or \
            --phases, how often each difference occurs.

            Profiles: \(EngineProfile.names) (docs/profiles.md). Without --profile: prd, the newest iOS and \
            Android builds, ideal.

            Examples:
              walkscape compare tours/torino-portici --trace walk.gpx \\
                  --profile prd --profile ios-app
              walkscape compare tours/torino-portici --trace walk.gpx \\
                  --profile android-app@5c84126 --profile android-app
              walkscape compare tours/torino-portici --trace walk.gpx --json
              walkscape compare --list-profiles
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String?

    @Option(help: ArgumentHelp("A GPS trace (repeat for several walks): \(TraceFileHelp.formats).", valueName: "FILE"))
    var trace: [String] = []

    @Flag(help: "List the profiles, what each models and the reference app's commit it was read from, and exit.")
    var listProfiles = false

    @Option(name: .customLong("profile"), help: ArgumentHelp("A profile to compare (repeat; at least two; default all).", valueName: "NAME"))
    var profiles: [String] = []

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Walking speed in m/s used to time a trace that has no timestamps.", valueName: "M/S"))
    var walkSpeed: Double = 1.2

    @Option(help: ArgumentHelp("Trigger and start times closer than this agree, seconds (default 0.5, as check).", valueName: "SECONDS"))
    var tolerance: Double = 0.5

    @Flag(help: "Print one JSON document instead of the table.")
    var json = false

    @Option(help: ArgumentHelp(
        "Measure every profile's distances on the sphere or the WGS84 ellipsoid: \(DistanceModel.names) (default: each profile's own).",
        valueName: "MODEL"))
    var distance: DistanceModel?

    @Option(help: ArgumentHelp(
        "Also replay the walk under N evenly spaced phases of each profile's fix delivery (Android's 7.5 s grid, iOS's distance-filter start) and show how often each point plays and how far its start moves (1-360).",
        valueName: "N"))
    var phases: Int?

    @OptionGroup var traceSelection: TraceSelectionOptions
    @OptionGroup var lifecycle: LifecycleOptions

    func validate() throws {
        if listProfiles { return }
        guard tour != nil, !trace.isEmpty else { throw ValidationError("compare needs TOUR and --trace FILE (or --list-profiles).") }
        for warning in try checked({ () throws(ValueProblem) in try EngineProfile.resolveList(profiles) }).warnings { CommandContext.console.error(warning) }
        if profiles.count == 1 { throw ValidationError("compare needs at least two --profile options (or none for all).") }
        guard ValueRanges.walkSpeeds.contains(walkSpeed) else { throw ValidationError("--walk-speed must be a speed in m/s from 0.1 to 10, got \(formatShortNumber(walkSpeed)).") }
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0.") }
        try checked { () throws(ValueProblem) in try ValueRanges.checkPhases(phases) }
        let profileCount = profiles.isEmpty ? EngineProfile.current.count : profiles.count
        try checked { () throws(ValueProblem) in try ValueRanges.checkComparisonReplays(traces: trace.count, profiles: profileCount, phases: phases) }
    }

    func run() throws {
        let console = CommandContext.console
        if listProfiles {
            for line in EngineProfileList.lines(json: json) { console.write(line) }
            return
        }
        guard let tour else { return }
        let device = try lifecycle.options()
        try ProfileComparisonRun.run(
            ComparisonRequest(
                tour: tour, traces: trace, profiles: profiles.isEmpty ? EngineProfile.current : try EngineProfile.resolveList(profiles).profiles,
                language: language, walkSpeed: walkSpeed, selection: traceSelection.selection, tolerance: tolerance, distance: distance,
                phases: phases, json: json, device: { device.scenario(for: $0) }),
            console: console)
    }
}
