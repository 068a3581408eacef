import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours
import WalkscapeTraces

/// Loads what a replay needs (tour, language, trace), reporting problems on the console and turning them
/// into exit statuses: 2 when something cannot be read at all, 1 when it is broken.
public enum Replay {
    public struct Inputs {
        public var tour: ReplayTour
        public var trace: LoadedTrace
        public var tracePath: String
    }

    /// The tour and trace, or a `CommandExit` after the reasons were written to standard error. `allowMissing`
    /// is the command's `--allow-missing` (nil: a command without that option).
    public static func load(
        tour argument: String, trace path: String, language: String?, languageIsPreference: Bool = false, allowMissing: Bool? = nil,
        walkSpeed: Double, selection: TraceSelection = TraceSelection(), console: Console, progress: ((Double) -> Void)? = nil
    ) throws -> Inputs {
        let tour = try loadTour(
            argument, language: language, languageIsPreference: languageIsPreference, allowMissing: allowMissing ?? false,
            offersAllowMissing: allowMissing != nil, console: console)
        var trace = try loadTrace(path, walkSpeed: walkSpeed, selection: selection, console: console, progress: progress)
        if let warning = farWarning(tour, trace.trace) {
            console.error("\(path): warning: \(warning)")
            trace.summary.warnings.append(warning)
        }
        return Inputs(tour: tour, trace: trace, tracePath: path)
    }

    /// A walk simulated by `simulate`: the tour, the trace when it was read whole, the timeline.
    public struct Simulated {
        public var tour: ReplayTour
        /// Nil when the trace was replayed as it was read (`TraceReplayStream`).
        public var trace: LoadedTrace?
        public var timeline: Timeline
    }

    /// The tour and the timeline of the trace walked against it under `policy`, with the same warnings and
    /// errors as `load`. With `streaming`, a trace in time order is replayed as it is read, in constant
    /// memory (`TraceReplayStream`), and `trace` is nil; otherwise (and when the trace cannot be streamed) it is
    /// read whole. `WALKSCAPE_TRACE_STREAM=0` turns streaming off (to compare both, or to measure the memory).
    public static func simulate(
        tour argument: String, trace path: String, language: String?, allowMissing: Bool = false, walkSpeed: Double,
        selection: TraceSelection, policy: EnginePolicy, streaming: Bool, console: Console
    ) throws -> Simulated {
        let tour = try loadTour(argument, language: language, allowMissing: allowMissing, offersAllowMissing: true, console: console)
        if streaming && streamingAllowed {
            let streamed: TraceReplayStream.Outcome?
            do throws(TraceReadError) {
                streamed = try TraceReplayStream.simulate(
                    path: path, walkSpeed: walkSpeed, selection: selection, tour: tour.engineTour, policy: policy,
                    reachTargets: tour.reachTargets)
            } catch {
                console.error(TerminalText.sanitize(error.description))
                throw CommandExit(error.isUnreadable ? .usage : .failure)
            }
            if let streamed {
                for warning in streamed.warnings { console.error("\(path): warning: \(TerminalText.sanitize(warning))") }
                if let warning = streamed.farWarning { console.error("\(path): warning: \(warning)") }
                return Simulated(tour: tour, trace: nil, timeline: streamed.timeline)
            }
        }
        var trace = try loadTrace(path, walkSpeed: walkSpeed, selection: selection, console: console)
        if let warning = farWarning(tour, trace.trace) {
            console.error("\(path): warning: \(warning)")
            trace.summary.warnings.append(warning)
        }
        return Simulated(tour: tour, trace: trace, timeline: Simulation.run(tour: tour.engineTour, trace: trace.trace, policy: policy))
    }

    /// Whether a trace may be replayed as it is read: not when `WALKSCAPE_TRACE_STREAM` is `0`.
    public static var streamingAllowed: Bool {
        ProcessInfo.processInfo.environment["WALKSCAPE_TRACE_STREAM"] != "0"
    }

    /// The warning for a trace that never comes within a kilometre of the tour's points or route, else nil.
    public static func farWarning(_ tour: ReplayTour, _ trace: Trace) -> String? {
        tour.farWarning(trace)
    }

    /// The tour ready for a walk; its warnings (edited files, missing recordings played as silence) go to
    /// standard error, one line each. `offersAllowMissing`: whether the command has `--allow-missing` (the
    /// refusal of a tour with missing files then names it).
    public static func loadTour(
        _ argument: String, language: String?, languageIsPreference: Bool = false, allowMissing: Bool = false,
        offersAllowMissing: Bool = false, console: Console
    ) throws -> ReplayTour {
        do {
            let replay = try ReplayTour.load(argument, language: language, requestedIsPreference: languageIsPreference, allowMissing: allowMissing)
            for warning in replay.warnings { console.error(TerminalText.sanitize(warning)) }
            return replay
        } catch {
            if let missing = error.missingLanguage {
                console.error(TerminalText.sanitize(noLanguage(argument, missing.requested, available: missing.available)))
                throw CommandExit(.usage)
            }
            for problem in error.problems { console.error(TerminalText.sanitize(problem.description)) }
            for warning in error.warnings { console.error(TerminalText.sanitize(warning)) }
            if let incomplete = error.incomplete, let fix = error.fix {
                reportIncomplete(argument, bad: incomplete.bad, of: incomplete.of, fix: fix, offersAllowMissing: offersAllowMissing, console: console)
            } else if !error.unreadable {
                console.error("\(argument): cannot replay this tour; run `walkscape validate \(argument)` for every problem")
            }
            throw CommandExit(error.unreadable ? .usage : .failure)
        }
    }

    /// `TOUR: the tour has no "de" narration; it has it, en: pass --lang it or --lang en`.
    public static func noLanguage(_ argument: String, _ requested: String, available: [String]) -> String {
        let choices = available.map { "--lang \($0)" }
        let pass = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1] : choices.first ?? "no --lang"
        return "\(argument): the tour has no \"\(requested)\" narration; it has \(available.joined(separator: ", ")): pass \(pass)"
    }

    /// Refuses a tour with files missing (Option B: every file present, in every language), naming each one,
    /// the `walkscape download` command that fetches them and `--allow-missing`, unless `allowMissing`. Files
    /// present but edited (differing from tour.json's size or SHA-256) are previewed, with one warning.
    public static func requireComplete(_ loaded: LoadedTour, _ tour: Tour, argument: String, allowMissing: Bool = false, console: Console) throws {
        let integrity = TourIntegrity.check(tour, at: loaded.location, verifyDigests: true)
        if let warning = integrity.editedWarning(argument: argument) { console.error(TerminalText.sanitize(warning)) }
        guard !integrity.hasEveryFile, !allowMissing else { return }
        for problem in integrity.missing { console.error(TerminalText.sanitize(problem.diagnostic.description)) }
        reportIncomplete(argument, bad: integrity.missing.count, of: integrity.assetCount,
            fix: TourIntegrity.downloadCommand(for: tour, document: loaded.document, at: loaded.location), offersAllowMissing: true, console: console)
        throw CommandExit(.failure)
    }

    /// The refusal of a tour with missing files: what fetches them again, and, for a tour being made, how to
    /// preview it without them and where sizes and digests come from.
    public static func reportIncomplete(_ argument: String, bad: Int, of count: Int, fix: String, offersAllowMissing: Bool = true, console: Console) {
        let files = bad == 1 ? "1 of \(count) files missing" : "\(bad) of \(count) files missing"
        console.error("\(argument): not fully downloaded (\(files)), so it cannot start; download it again with:")
        console.error("  " + fix + (fix.contains("API_URL") ? "   (API_URL: the backend's API, e.g. https://api.example.org/v1)" : ""))
        if offersAllowMissing {
            console.error("  or, for a tour you are making: add --allow-missing to preview it without them (missing recordings play as silence), "
                + "and run `walkscape manifest \(TourIntegrity.shellQuoted(argument))` once the files are in place")
        }
    }

    /// Reads the trace in `path`; `progress` hears the fraction read (see `TraceFileReader.read`).
    ///
    /// `fixesBefore` is the number of fixes a command holding several traces at once (`report`, `radii`) has
    /// read already: one run keeps at most `runFixLimit` (`RawTrace.defaultFixLimit`) in all, so its memory is
    /// bounded by the run, not by each file.
    public static func loadTrace(
        _ path: String, walkSpeed: Double, selection: TraceSelection = TraceSelection(), fixesBefore: Int = 0,
        runFixLimit: Int = RawTrace.defaultFixLimit, console: Console, progress: ((Double) -> Void)? = nil
    ) throws -> LoadedTrace {
        let loaded: LoadedTrace
        let what = "give fewer traces, or split or thin them first (docs/traces.md, \"Limits\")"
        guard fixesBefore < runFixLimit else {
            console.error(TerminalText.sanitize(TraceReadError(
                path: path, message: "not read: the traces before it hold \(fixesBefore) fixes, the most one run keeps in memory (\(runFixLimit) in all); \(what)").description))
            throw CommandExit(.failure)
        }
        do throws(TraceReadError) {
            loaded = try TraceFileReader.readForReplay(path: path, walkSpeed: walkSpeed, selection: selection, fixLimit: runFixLimit - max(0, fixesBefore), progress: progress)
        } catch var error {
            if error.kind == .overFixLimit && fixesBefore > 0 {
                error.message = "more than \(runFixLimit - fixesBefore) fixes, after the \(fixesBefore) of the traces before it: one run keeps at most "
                    + "\(runFixLimit) fixes in memory in all; \(what)"
            }
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(error.isUnreadable ? .usage : .failure)
        }
        for warning in loaded.summary.warnings { console.error("\(path): warning: \(TerminalText.sanitize(warning))") }
        return loaded
    }
}
