import Foundation
import WalkscapeCore
import WalkscapeTours
import WalkscapeTraces

/// `radii --noise … --keep-replays DIR`: every noisy replay the trials probed, written as a GPX walk a tester
/// can open, draw or replay (`simulate`, `radii`), the same fixes the trials used (`RadiusAnalysis.noisyTrace`:
/// each replay's randomness is its own stream of seed, walk and run).
public enum NoiseReplayArchive {
    /// The most replays kept: one file each.
    public static let maxFiles = 1_000

    /// Refuses, before anything is replayed, `--keep-replays` without noise trials, or trials that would write
    /// more than `maxFiles` files.
    public static func check(noise: Double?, runs: Int, traces: Int, phases: Int?) throws(ValueProblem) {
        guard noise != nil else { throw ValueProblem("--keep-replays keeps the noise trials' replays; add --noise SIGMA") }
        let files = runs * traces * max(1, phases ?? 1)
        guard files <= maxFiles else {
            throw ValueProblem("--keep-replays writes one GPX file a noisy replay: --runs \(runs) × \(traces) trace\(traces == 1 ? "" : "s")\(phases.map { " × \($0) phases" } ?? "") would be \(files) files; at most \(maxFiles): lower --runs")
        }
    }

    /// The file name of replay `run` (from 0) of `walk`: the trace's name without its folder and extension, its
    /// phase (`@3-of-15`) when it has one, and the run from 1 (`walk-run007.gpx`).
    public static func fileName(walk: String, run: Int, runs: Int) -> String {
        var stem = walk
        var phase = ""
        if let at = stem.lastIndex(of: "@") {
            phase = "@" + stem[stem.index(after: at)...].replacing("/", with: "-of-")
            stem = String(stem[..<at])
        }
        stem = String(stem.split(separator: "/").last ?? "walk")
        for suffix in [".gz", ".gpx", ".nmea", ".geojson", ".json", ".kml"] where stem.lowercased().hasSuffix(suffix) { stem.removeLast(suffix.count) }
        let digits = String(runs).count
        let number = String(run + 1)
        return stem + phase + "-run" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".gpx"
    }

    /// Writes every replay of `walks` under `settings` into `directory` (made when missing), each file whole or
    /// not at all. Returns the names written, in walk then run order.
    public static func write(
        _ walks: [RadiusAnalysis.RecordedWalk], settings: RadiusReport.NoiseSettings, to directory: String
    ) throws(AtomicFileWriter.WriteError) -> [String] {
        // The bound holds for every caller, not only the command line's (`check`).
        guard walks.count * settings.runs <= maxFiles else {
            throw AtomicFileWriter.WriteError(message: "\(directory): \(walks.count * settings.runs) replays to keep; at most \(maxFiles) files are written: lower --runs")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileWriter.WriteError(message: "\(directory): cannot make the folder for the replays: \((error as NSError).localizedDescription)")
        }
        var names: [String] = []
        for (w, walk) in walks.enumerated() {
            for run in 0..<settings.runs {
                let noisy = RadiusAnalysis.noisyTrace(walk.trace, walk: w, run: run, settings: settings)
                let name = fileName(walk: walk.name, run: run, runs: settings.runs)
                let model = settings.model
                let description = "noisy replay \(run + 1) of \(settings.runs) of \(walk.name): GPS drift \(formatShortNumber(model.sigmaMeters)) m, "
                    + "\(formatShortNumber(model.jumpsPerHour)) jumps/h, \(formatShortNumber(model.dropoutsPerHour)) dropouts/h, seed \(settings.seed)"
                try AtomicFileWriter.write(Array(TraceWriter.gpx(noisy, name: name, description: description).utf8), to: directory + "/" + name)
                names.append(name)
            }
        }
        return names
    }
}
