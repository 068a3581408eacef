import Benchmark
import BenchmarkFixtures
import WalkscapeCore

// The engine alone: a 1,000,000-fix trace walked against a 50-point tour, inputs built before timing.
// Fixes per second = 1,000,000 ÷ the reported time per iteration.
let tour = SyntheticWalk.tour(points: 50)
let trace = SyntheticWalk.trace(fixes: 1_000_000, points: 50)

benchmark("engine: 1,000,000 fixes × 50 points (default policy)") {
    let timeline = Simulation.run(tour: tour, trace: trace)
    precondition(timeline.events.count > 100)
}

benchmark("engine: 1,000,000 fixes × 50 points (accuracy gate, 2 confirming fixes, skip missed)") {
    let timeline = Simulation.run(tour: tour, trace: trace, policy: EnginePolicy(minAccuracyMeters: 25, confirmFixes: 2, skipMissed: true))
    precondition(timeline.events.count > 100)
}

benchmark("engine: 1,000,000 fixes × 50 points (default policy, WGS84 distances)") {
    let timeline = Simulation.run(tour: tour, trace: trace, policy: EnginePolicy(distanceModel: .wgs84))
    precondition(timeline.events.count > 100)
}

benchmark("engine: 1,000,000 fixes × 50 points (ios-app profile: 10 m filter, app cursor, WGS84)") {
    let timeline = Simulation.run(tour: tour, trace: trace, policy: EngineProfile.iosApp.policy)
    precondition(timeline.events.count > 10)
}

benchmark("timeline: JSON Lines of the 1,000,000-fix walk") {
    let timeline = Simulation.run(tour: tour, trace: trace)
    precondition(!TimelineWriter().jsonLines(timeline).isEmpty)
}

Benchmark.main()
