import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// Noise trials: deterministic for a seed, and statistically sane on points whose answer is obvious.
@Suite struct NoiseTrialTests {
    /// A 2 km walk due east; point 1 on the route at 500 m, point 2 at 1200 m but 200 m north of it.
    static func setUp() -> (EngineTour, [RadiusAnalysis.RecordedWalk]) {
        let start = RadiusAnalysisTests.at(east: 0, north: 0)
        let end = RadiusAnalysisTests.at(east: 2000, north: 0)
        let tour = EngineTour(points: [
            EngineTour.Point(order: 1, id: "on", location: RadiusAnalysisTests.at(east: 500, north: 0), radiusMeters: 150, audioSeconds: 30),
            EngineTour.Point(order: 2, id: "off", location: RadiusAnalysisTests.at(east: 1200, north: 200), radiusMeters: 100, audioSeconds: 30),
        ])
        let walks = (0..<3).map { w in
            RadiusAnalysis.RecordedWalk(name: "w\(w)", trace: SyntheticWalk(path: [start, end], meanSpeed: 1.3).generate(seed: UInt64(w)))
        }
        return (tour, walks)
    }

    static let settings = RadiusReport.NoiseSettings(model: GPSErrorModel(sigmaMeters: 10, jumpsPerHour: 4, dropoutsPerHour: 4), runs: 100, seed: 42)

    @Test func aWideRegionOnTheRouteAlwaysTriggersAndOneOffTheRouteAlmostNever() {
        let (tour, walks) = Self.setUp()
        let analysis = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy(), sweepRadii: [100, 300])
        let counts = analysis.noiseTrials(walks, settings: Self.settings)
        let runs = Double(walks.count * Self.settings.runs)
        expectTrue(Double(counts[0][1]) / runs >= 0.99)  // 300 m around a point on the route
        expectTrue(Double(counts[1][0]) / runs <= 0.03)  // 100 m around a point 200 m off the route
    }

    @Test func theSameSeedGivesTheSameCountsAndAnotherSeedOthers() {
        let (tour, walks) = Self.setUp()
        // Radii around 200 m for the point 200 m off the route: noise makes it a coin toss.
        let analysis = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy(), sweepRadii: [190, 200, 210])
        let a = analysis.noiseTrials(walks, settings: Self.settings)
        let b = analysis.noiseTrials(walks, settings: Self.settings)
        var other = Self.settings
        other.seed = 43
        let c = analysis.noiseTrials(walks, settings: other)
        expectEqual(a, b)
        expectTrue(a != c)
        expectTrue(a[1][1] > 0 && a[1][1] < walks.count * Self.settings.runs)
    }

    @Test func noiseTrialCountsAreTheEnginesOnTheSameNoisyTraces() {
        let (tour, walks) = Self.setUp()
        let radii = [120.0, 190, 200, 210, 300]
        var settings = Self.settings
        settings.runs = 8
        let counts = RadiusAnalysis(tour: tour, path: [], policy: EnginePolicy(), sweepRadii: radii).noiseTrials(walks, settings: settings)
        var expected = Array(repeating: Array(repeating: 0, count: radii.count), count: 2)
        for (w, walk) in walks.enumerated() {
            for run in 0..<settings.runs {
                let noisy = RadiusAnalysis.noisyTrace(walk.trace, walk: w, run: run, settings: settings)
                for p in 0..<2 {
                    for (j, radius) in radii.enumerated()
                    where FieldFixtures.engineTriggerFixes(FieldFixtures.tour(tour, radius: radius, at: p), noisy, EnginePolicy())[p] >= 0 {
                        expected[p][j] += 1
                    }
                }
            }
        }
        expectEqual(counts, expected)
    }
}
