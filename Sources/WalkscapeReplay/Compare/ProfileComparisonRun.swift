import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTraces

/// `walkscape compare`: each walk replayed under every profile, the point-by-point table, and for app builds
/// what changes between them (with the upstream lines), and with several walks or `--phases` how often.
public enum ProfileComparisonRun {
    /// Runs `request`, writing the report to `console`; loading problems end in a thrown `CommandExit`.
    public static func run(_ request: ComparisonRequest, console: Console) throws {
        let policies = request.policies
        let pairs = request.buildPairs
        let phaseCount = request.phases ?? 1
        var frequencies = pairs.map { a, b in
            BuildDifferenceReport.Frequency(builds: [request.profiles[a].rawValue, request.profiles[b].rawValue], walks: request.traces.count, phases: phaseCount)
        }
        var documents: [JSONValue] = []
        // The work is counted before any of it is done: one walk is read once and kept; several are counted
        // first (read and dropped: a run holds one walk at a time), unless even their worst case fits.
        var first: Replay.Inputs?
        var fixes = 0
        let counted = ComparisonWorkload.mightExceed(
            traces: request.traces.count, profiles: request.profiles.count, phases: request.phases, fixLimit: RawTrace.defaultFixLimit)
        if request.traces.count == 1 {
            first = try Replay.load(
                tour: request.tour, trace: request.traces[0], language: request.language, walkSpeed: request.walkSpeed,
                selection: request.selection, console: console)
            fixes = first?.trace.trace.count ?? 0
        } else if counted {
            for trace in request.traces {
                // A trace that cannot be read is said in its turn below.
                fixes += (try? TraceFileReader.readForReplay(path: trace, walkSpeed: request.walkSpeed, selection: request.selection))?.trace.count ?? 0
            }
        }
        do throws(ValueProblem) {
            try ComparisonWorkload(fixes: fixes, traces: request.traces.count, profiles: request.profiles.count, phases: request.phases).check()
        } catch {
            console.error("compare: " + error.message)
            throw CommandExit(.usage)
        }
        for (n, trace) in request.traces.enumerated() {
            let inputs = try first ?? Replay.load(
                tour: request.tour, trace: trace, language: request.language, walkSpeed: request.walkSpeed, selection: request.selection,
                console: console)
            let tour = inputs.tour
            let comparison = ProfileComparison(
                tour: tour.engineTour, trace: inputs.trace.trace, policies: zip(request.profiles, policies).map { ($0.rawValue, $1) },
                tolerance: request.tolerance)
            let spreads = request.phases.map { count in
                comparison.runs.map { PhaseSpread.run(tour: tour.engineTour, trace: inputs.trace.trace, policy: $0.policy, phases: count) }
            }
            let flips = comparison.runs.map { DistanceFlips(run: $0, tour: tour.engineTour, trace: inputs.trace.trace) }
            let report = ProfileComparisonReport(
                comparison: comparison, tourID: tour.tour.id, tourTitle: tour.title, language: tour.language, pointIDs: tour.pointIDs,
                pointTitles: tour.pointTitles(), trace: trace, tolerance: request.tolerance, flips: flips, spreads: spreads, phases: request.phases)
            var walkLines = report.lines()
            var walkDifferences: [JSONValue] = []
            for (k, (a, b)) in pairs.enumerated() {
                // Phase 0 is the walk the table shows: its timelines are reused, not replayed again.
                let runs = PhaseSpread.fractions(phaseCount).enumerated().map { k, phase in
                    BuildComparison(
                        tour: tour.engineTour, trace: inputs.trace.trace, profiles: [request.profiles[a], request.profiles[b]],
                        policies: [policies[a], policies[b]], phase: phase, tolerance: request.tolerance, tourID: tour.tour.id,
                        language: tour.language, pointIDs: tour.pointIDs,
                        timelines: k == 0 ? [comparison.runs[a].timeline, comparison.runs[b].timeline] : nil)
                }
                frequencies[k].add(walk: runs)
                walkLines += BuildDifferenceReport.lines(runs[0], titles: tour.pointTitles())
                walkDifferences.append(BuildDifferenceReport.json(runs[0]))
            }
            if request.json {
                var document = report.json()
                if !pairs.isEmpty, var members = document.objectMembers {
                    members.append(("buildDifferences", .array(walkDifferences)))
                    document = .object(members)
                }
                documents.append(document)
            } else {
                if n > 0 { console.line("") }
                for line in walkLines { console.line(line) }
            }
        }
        let summarise = request.traces.count > 1 || request.phases != nil
        if request.json {
            var members: [(key: String, value: JSONValue)] = []
            if request.traces.count == 1, let members1 = documents.first?.objectMembers { members = members1 } else { members = [("walks", .array(documents))] }
            if summarise && !pairs.isEmpty { members.append(("buildDifferenceFrequency", .array(frequencies.map { $0.json() }))) }
            let changes = zip(pairs, frequencies).map { pair, frequency in
                BuildDifferenceReport.changesJSON(request.profiles[pair.0], request.profiles[pair.1], shown: frequency.keys)
            }
            if !pairs.isEmpty { members.append(("buildChanges", .array(changes))) }
            console.write(JSONWriter().write(.object(members)) + "\n")
        } else {
            if summarise { for frequency in frequencies { for line in frequency.lines() { console.line(line) } } }
            for (pair, frequency) in zip(pairs, frequencies) {
                for line in BuildDifferenceReport.changeLines(request.profiles[pair.0], request.profiles[pair.1], shown: frequency.keys) { console.line(line) }
            }
        }
    }
}
