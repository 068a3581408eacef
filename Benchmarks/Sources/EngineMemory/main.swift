import BenchmarkFixtures
import Foundation
import WalkscapeCore

// Peak memory of one simulation: resident set size before building the trace, after building it (the fix
// array), and after the simulation, from getrusage's high-water mark.
func peakKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

let fixes = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
let baseline = peakKilobytes()
let tour = SyntheticWalk.tour(points: 50)
let trace = SyntheticWalk.trace(fixes: fixes, points: 50)
let withTrace = peakKilobytes()
let start = Date()
let timeline = Simulation.run(tour: tour, trace: trace)
let seconds = Date().timeIntervalSince(start)
let afterRun = peakKilobytes()
print("fixes: \(fixes), events: \(timeline.events.count)")
print("peak RSS: baseline \(baseline / 1024) MB, with the fix array \(withTrace / 1024) MB, after the simulation \(afterRun / 1024) MB")
print("fix array: \((withTrace - baseline) / 1024) MB; the simulation added \((afterRun - withTrace) / 1024) MB")
print(String(format: "one run: %.3f s, %.1f million fixes/s", seconds, Double(fixes) / seconds / 1e6))
