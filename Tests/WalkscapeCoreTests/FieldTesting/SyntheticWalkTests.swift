import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct SyntheticWalkTests {
    static let path = [RadiusAnalysisTests.at(east: 0, north: 0), RadiusAnalysisTests.at(east: 600, north: 0), RadiusAnalysisTests.at(east: 600, north: 400)]

    @Test func aCleanWalkFollowsThePathAtTheMeanSpeedAndEndsAtItsEnd() {
        let walk = SyntheticWalk(path: Self.path, meanSpeed: 1.25, interval: 1)
        let trace = walk.generate(seed: 3)
        let length = Geodesy.pathLength(Self.path)
        expectEqual(trace.location(0), Self.path[0])
        expectTrue(Geodesy.distance(trace.location(trace.count - 1), Self.path[2]) < 1e-6)
        let duration = trace.times.last! - trace.times.first!
        expectTrue(abs(length / duration - 1.25) < 0.05)
        // Every fix is on the path, consecutive fixes a second apart (the last one may be closer).
        for i in 0..<trace.count { expectTrue(Geodesy.distance(from: trace.location(i), toPath: Self.path) < 0.01) }
        for i in 1..<(trace.count - 1) { expectEqual(trace.times[i] - trace.times[i - 1], 1) }
        // Speeds stay within ±25 % of the mean.
        for i in 1..<(trace.count - 1) {
            let speed = Geodesy.distance(trace.location(i - 1), trace.location(i))
            expectTrue(speed > 1.25 * 0.75 - 1e-6 && speed < 1.25 * 1.25 + 1e-6)
        }
    }

    @Test func pausesLastTheirSecondsAtTheirPlace() {
        let pauses = SyntheticWalk.pauses(along: Self.path, at: [(RadiusAnalysisTests.at(east: 300, north: 20), 45), (RadiusAnalysisTests.at(east: 610, north: 200), 30)])
        expectTrue(abs(pauses[0].alongMeters - 300) < 0.01)
        expectTrue(abs(pauses[1].alongMeters - 800) < 0.01)
        let plain = SyntheticWalk(path: Self.path, meanSpeed: 1.2, speedVariation: 0).generate(seed: 1)
        let paused = SyntheticWalk(path: Self.path, pauses: pauses, meanSpeed: 1.2, speedVariation: 0).generate(seed: 1)
        let extra = (paused.times.last! - paused.times.first!) - (plain.times.last! - plain.times.first!)
        expectTrue(abs(extra - 75) < 1e-6)
        // Standing 45 s then 30 s, arriving between fixes: 45 and 30 fixes at the same place, so 44 and 29
        // pairs of equal neighbours (one more each when an arrival falls exactly on a fix).
        let standing = (1..<paused.count).filter { paused.location($0) == paused.location($0 - 1) }.count
        expectTrue(standing >= 73 && standing <= 75)
    }

    @Test func theSameSeedGivesTheSameWalkAndNoiseDoesNotMoveTheWalker() {
        let errors = GPSErrorModel(sigmaMeters: 8, jumpsPerHour: 30, dropoutsPerHour: 20)
        let a = SyntheticWalk(path: Self.path, errors: errors).generate(seed: 11)
        let b = SyntheticWalk(path: Self.path, errors: errors).generate(seed: 11)
        let c = SyntheticWalk(path: Self.path, errors: errors).generate(seed: 12)
        expectEqual(a, b)
        expectTrue(a != c)
        // The clean walk under the noise is the same walk: same duration.
        let clean = SyntheticWalk(path: Self.path).generate(seed: 11)
        expectEqual(a.times.last, clean.times.last)
    }

    @Test func theErrorModelHasTheAskedSpreadJumpsAndDropouts() {
        // A walker standing still for 20 hours at one fix a second: the drift's spread per axis is σ.
        var trace = Trace()
        trace.startSegment()
        for t in 0..<72_000 { trace.append(time: Double(t), lat: 45, lng: 7) }
        var random = SplitMix64(seed: 8)
        let model = GPSErrorModel(sigmaMeters: 10, jumpsPerHour: 6, dropoutsPerHour: 3)
        let noisy = model.apply(to: trace, rng: &random)
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let north = (0..<noisy.count).map { (noisy.latitudes[$0] - 45) * k }
        let big = north.filter { abs($0) > 60 }.count
        let quiet = north.filter { abs($0) <= 60 }
        let sd = (quiet.map { $0 * $0 }.reduce(0, +) / Double(quiet.count)).squareRoot()
        expectTrue(abs(sd - 10) < 1.5)
        // About 120 jumps of 1–8 s, about 60 dropouts of 5–60 s.
        expectTrue(big > 100 && big < 700)
        let dropped = trace.count - noisy.count
        expectTrue(dropped > 60 * 20 && dropped < 60 * 45)
        expectTrue(noisy.accuracies.allSatisfy { $0 >= 15 })
    }

    /// The description synth writes: length, what the path follows, pace, pauses and errors as given.
    @Test func theDescriptionSaysHowTheWalkWasMade() {
        let path = [LatLng(lat: 45, lng: 7), Geodesy.destination(from: LatLng(lat: 45, lng: 7), bearing: 0, distance: 1234)]
        let walk = SyntheticWalk(path: path, meanSpeed: 1.4, interval: 2, errors: GPSErrorModel(sigmaMeters: 6, jumpsPerHour: 1.5, dropoutsPerHour: 0))
        expectEqual(walk.description(followsRoute: true, pauseLanguage: "it", fixes: 882), "walkscape synth: 1234 m along the tour's route line at 1.4 m/s, a fix every 2 s, pausing at each point for its it audio; GPS drift 6 m, 1.5 jumps/h, 0 dropouts/h; 882 fixes")
        expectEqual(walk.description(followsRoute: false, pauseLanguage: nil, fixes: 3), "walkscape synth: 1234 m along the tour's points in order at 1.4 m/s, a fix every 2 s; GPS drift 6 m, 1.5 jumps/h, 0 dropouts/h; 3 fixes")
    }
}
