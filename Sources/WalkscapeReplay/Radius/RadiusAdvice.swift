import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTUI
import WalkscapeTours
import WalkscapeTraces

/// `walkscape radii`: the recorded walks read (those that cannot be used left out, or refused with
/// `strict`), then the radius report printed, drawn and written, or the advice applied to tour.json.
public enum RadiusAdvice {
    /// Runs `request`; results go to `console`'s standard output, problems to its standard error and then
    /// a thrown `CommandExit`.
    public static func run(_ request: RadiusAdviceRequest, console: Console) throws {
        let replay = try Replay.loadTour(request.tour, language: request.language, console: console)
        let walks = try gather(request, replay: replay, console: console)
        if let apply = request.apply {
            try RadiusApplication.run(
                tour: request.tour, replay: replay, walks: walks, policy: request.policy, only: apply.only, dryRun: apply.dryRun,
                json: request.format == .json, console: console)
            return
        }
        let analysis = RadiusAnalysis(
            tour: replay.engineTour, path: SyntheticWalk.path(for: replay.tour), policy: request.policy, sweepRadii: request.sweepRadii,
            noise: request.noise)
        var report = analysis.run(walks)
        report.profile = request.profile.rawValue
        let writer = RadiusReportWriter(pointTitles: replay.pointTitles())
        switch request.format {
        case .json:
            console.write(writer.json(report, meta: [
                ("tour", .string(replay.tour.id)), ("tourVersion", .integer(replay.tour.version)), ("language", .string(replay.language)),
                ("policy", PolicyJSON.document(request.policy)),
            ]))
        case .csv: console.write(request.sweepRadii.isEmpty ? writer.csv(report) : writer.sweepCSV(report))
        case .text: console.write(writer.text(report))
        }
        if let folder = request.keepReplays, let noise = request.noise {
            do {
                let names = try NoiseReplayArchive.write(walks, settings: noise, to: folder)
                let shown = names.count <= 2 ? names.joined(separator: ", ") : "\(names[0]) … \(names[names.count - 1])"
                console.error("kept \(names.count) noisy replay\(names.count == 1 ? "" : "s") as GPX in \(TerminalText.sanitize(folder)) (\(TerminalText.sanitize(shown)))")
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        let picture = FieldPicture(report: report, tour: replay, walks: walks)
        if request.map {
            let underlay = TourBasemap.basemap(replay.tour, at: replay.location).map { MapUnderlay(basemap: $0, route: TourBasemap.route(replay.tour)) }
            console.write(FieldMapText.render(picture, underlay: underlay))
        }
        if let svg = request.svg {
            do {
                try AtomicFileWriter.write(Array(FieldMapSVG.render(picture, basemap: TourBasemap.basemap(replay.tour, at: replay.location)).utf8), to: svg)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
    }

    /// The walks the advice comes from: each trace read (under each phase with `phases`); a trace that
    /// cannot be read or never comes near the tour is left out with a warning, or refused with `strict`.
    public static func gather(_ request: RadiusAdviceRequest, replay: ReplayTour, console: Console) throws -> [RadiusAnalysis.RecordedWalk] {
        var walks: [RadiusAnalysis.RecordedWalk] = []
        var leftOut = 0
        // How a run with every trace left out ends: as the first one left out would have (2: not readable at all).
        var noneLeft: CommandExit?
        var fixesRead = 0
        for path in request.traces {
            let loaded: LoadedTrace
            do {
                loaded = try Replay.loadTrace(path, walkSpeed: request.walkSpeed, selection: request.selection, fixesBefore: fixesRead, console: console)
                fixesRead += loaded.trace.count
            } catch let exit as CommandExit {
                if request.strict { throw exit }
                console.error("\(TerminalText.sanitize(path)): warning: left out of the advice: it cannot be read (above).")
                leftOut += 1
                noneLeft = noneLeft ?? exit
                continue
            }
            if let far = Replay.farWarning(replay, loaded.trace) {
                if request.strict {
                    console.error("\(path): error: \(far) Radii are not advised from a walk somewhere else.")
                    throw CommandExit(.failure)
                }
                console.error("\(path): warning: \(far) Left out of the advice: radii are not advised from a walk somewhere else.")
                leftOut += 1
                noneLeft = noneLeft ?? CommandExit(.failure)
                continue
            }
            if let phases = request.phases, phases > 1 {
                for (k, fraction) in PhaseSpread.fractions(phases).enumerated() {
                    walks.append(RadiusAnalysis.RecordedWalk(name: "\(path)@\(k)/\(phases)", trace: loaded.trace, phase: fraction))
                }
            } else {
                walks.append(RadiusAnalysis.RecordedWalk(name: path, trace: loaded.trace))
            }
        }
        guard !walks.isEmpty else {
            console.error("\(request.tour): no radius advised: every trace was left out (above); give walks of this tour.")
            throw noneLeft ?? CommandExit(.failure)
        }
        if leftOut > 0 {
            let used = request.traces.count - leftOut
            console.error("radii: advised from \(used) of \(request.traces.count) traces (\(leftOut) left out above; --strict refuses them).")
        }
        return walks
    }
}
