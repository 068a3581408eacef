import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours
import WalkscapeTraces

/// Runs check cases: simulates, then compares with (or writes) the golden timeline.
public struct CheckRunner {
    public var update: Bool
    /// Phases for cases that require a share (`minShare`) without naming how many.
    public var defaultPhases = 15
    /// The clock a case's seconds (JUnit's `time`) are measured on.
    public var clock: any MonotonicClock

    public init(update: Bool, defaultPhases: Int = 15, clock: any MonotonicClock = SystemClock.shared) {
        self.update = update
        self.defaultPhases = defaultPhases
        self.clock = clock
    }

    public func run(_ item: CheckCase) -> CheckResult {
        let started = clock.now()
        var warnings: [String] = []
        let outcome = outcome(item, warnings: &warnings)
        let seconds = clock.now() - started
        return CheckResult(name: item.name, outcome: outcome, seconds: seconds, warnings: warnings)
    }

    private func outcome(_ item: CheckCase, warnings: inout [String]) -> CheckResult.Outcome {
        let tour: ReplayTour
        do {
            tour = try ReplayTour.load(item.tour, language: item.language)
        } catch {
            let message = error.problems.map { TerminalText.sanitize($0.description) }.joined(separator: "\n")
            return error.unreadable ? .broken(message) : .failed(message)
        }
        // A trace in time order is replayed as it is read, in constant memory; others are read whole.
        let timeline: Timeline
        // A case with `minShare` replays its trace under every phase (`PhaseSpread`), so it reads it whole.
        var wholeTrace: Trace?
        do throws(TraceReadError) {
            if Replay.streamingAllowed, item.minShare == nil, let streamed = try TraceReplayStream.simulate(
                path: item.trace, walkSpeed: item.walkSpeed, selection: item.selection, tour: tour.engineTour, policy: item.policy,
                reachTargets: tour.reachTargets)
            {
                timeline = streamed.timeline
                if let far = streamed.farWarning { warnings.append("\(TerminalText.sanitize(item.trace)): warning: \(far)") }
            } else {
                let loaded = try TraceFileReader.readForReplay(path: item.trace, walkSpeed: item.walkSpeed, selection: item.selection)
                timeline = Simulation.run(tour: tour.engineTour, trace: loaded.trace, policy: item.policy)
                if let far = tour.farWarning(loaded.trace) { warnings.append("\(TerminalText.sanitize(item.trace)): warning: \(far)") }
                wholeTrace = loaded.trace
            }
        } catch {
            let message = TerminalText.sanitize(error.description)
            return error.isUnreadable ? .broken(message) : .failed(message)
        }
        let text = TimelineWriter(pointIDs: tour.pointIDs).jsonLines(timeline)
        let provenance = CheckRunner.provenance(item, tour: tour)
        if update {
            do {
                try AtomicFileWriter.write(Array((text + provenance.line).utf8), to: item.golden)
                return .updated
            } catch {
                return .failed(error.message)
            }
        }
        guard let data = FileManager.default.contents(atPath: item.golden) else {
            return .broken("\(TerminalText.sanitize(item.golden)): cannot be read; create it with --update")
        }
        let expected: [TimelineComparison.Entry]
        let actual: [TimelineComparison.Entry]
        let goldenText = String(decoding: data, as: UTF8.self)
        do {
            expected = try TimelineComparison.parse(goldenText)
            actual = try TimelineComparison.parse(text)
        } catch {
            return .failed("\(TerminalText.sanitize(item.golden)): \(error)")
        }
        guard let divergence = TimelineComparison(tolerance: item.tolerance).firstDivergence(expected: expected, actual: actual) else {
            guard let wholeTrace else { return .passed }  // no minShare: nothing more to check
            return shareOutcome(item, tour: tour, trace: wholeTrace)
        }
        var message = CheckRunner.describe(divergence, golden: TerminalText.sanitize(item.golden), expected: expected)
        if let then = GoldenProvenance.find(in: goldenText) {
            message += "\n" + then.explain(against: provenance).map { "  why: " + $0 }.joined(separator: "\n")
        }
        return .failed(message)
    }

    /// The case's `minShare` check over its phases: passed, or the points that play too rarely.
    private func shareOutcome(_ item: CheckCase, tour: ReplayTour, trace: Trace) -> CheckResult.Outcome {
        guard let minShare = item.minShare else { return .passed }
        let phases = item.phases ?? defaultPhases
        let spread = PhaseSpread.run(tour: tour.engineTour, trace: trace, policy: item.policy, phases: phases)
        let rare = spread.points.filter { spread.share($0) + 1e-12 < minShare }
        guard !rare.isEmpty else { return .passed }
        var lines = ["\(rare.count) point\(rare.count == 1 ? "" : "s") play in fewer than \(formatShortNumber(minShare * 100)) % of \(phases) phases of the fix delivery (minShare \(formatShortNumber(minShare))):"]
        for point in rare {
            lines.append("  point \(point.order): plays in \(point.plays) of \(phases) phases (\(formatFixed(spread.share(point) * 100, 0)) %)")
        }
        return .failed(lines.joined(separator: "\n"))
    }

    /// What makes this case's timeline: the walkscape version, the tour's fingerprint, the language and the
    /// options (policy, walking speed, part of the trace).
    public static func provenance(_ item: CheckCase, tour: ReplayTour) -> GoldenProvenance {
        var options = PolicyJSON.document(item.policy).objectMembers ?? []
        options.append(("walkSpeed", .number(formatShortNumber(item.walkSpeed))))
        if let track = item.selection.track { options.append(("track", .integer(track))) }
        if let segment = item.selection.segment { options.append(("segment", .integer(segment))) }
        return GoldenProvenance(walkscape: WalkscapeVersion.current, tour: tour.tour.id, tourSHA256: tour.fingerprint(), language: tour.language, options: .object(options))
    }

    /// A readable account of where the timeline left the golden one.
    public static func describe(_ d: TimelineComparison.Divergence, golden: String, expected: [TimelineComparison.Entry]) -> String {
        var lines = ["timeline differs from \(golden) at event \(d.index + 1)\(d.expected.map { " (golden line \($0.line))" } ?? ""): \(d.reason)"]
        if d.index > 0, d.index - 1 < expected.count { lines.append("  last match: \(expected[d.index - 1].text)") }
        lines.append("  expected:   \(d.expected?.text ?? "(nothing)")")
        lines.append("  actual:     \(d.actual?.text ?? "(nothing)")")
        lines.append("  (run with --update to accept the new timeline)")
        return lines.joined(separator: "\n")
    }
}
