import Foundation
import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The seeded distributions behind synthetic walks and noise trials.
@Suite struct SplitMix64DistributionTests {
    @Test func normalNumbersHaveTheStandardNormalLaw() {
        var random = SplitMix64(seed: 2024)
        let n = 1_000_000
        var sum = 0.0, squares = 0.0, beyond1 = 0, beyond2 = 0, beyond35 = 0
        for _ in 0..<(n / 2) {
            let (a, b) = random.normalPair()
            for x in [a, b] {
                sum += x
                squares += x * x
                if abs(x) > 1 { beyond1 += 1 }
                if abs(x) > 2 { beyond2 += 1 }
                if abs(x) > 3.5 { beyond35 += 1 }  // beyond the ziggurat's base layer (3.44): the tail code
            }
        }
        let mean = sum / Double(n)
        expectTrue(abs(mean) < 0.005)
        expectTrue(abs(squares / Double(n) - mean * mean - 1) < 0.005)
        // P(|X| > 1) = 0.3173, P(|X| > 2) = 0.0455, P(|X| > 3.5) = 4.65e-4; about 5 standard errors allowed.
        expectTrue(abs(Double(beyond1) / Double(n) - 0.31731) < 0.0025)
        expectTrue(abs(Double(beyond2) / Double(n) - 0.04550) < 0.001)
        expectTrue(abs(Double(beyond35) / Double(n) - 0.000465) < 0.0001)
    }

    @Test func streamsAreReproducibleAndIndependentOfOrder() {
        var a = SplitMix64.stream(seed: 7, 3, 5)
        var b = SplitMix64.stream(seed: 7, 3, 5)
        var c = SplitMix64.stream(seed: 7, 5, 3)
        let first = (0..<4).map { _ in a.next() }
        expectEqual(first, (0..<4).map { _ in b.next() })
        expectTrue(first != (0..<4).map { _ in c.next() })
    }

    @Test func uniformAndExponentialHaveTheirMeans() {
        var random = SplitMix64(seed: 1)
        let n = 200_000
        let uniform = (0..<n).map { _ in random.uniform() }
        expectTrue(uniform.allSatisfy { $0 >= 0 && $0 < 1 })
        expectTrue(abs(uniform.reduce(0, +) / Double(n) - 0.5) < 0.003)
        let waits = (0..<n).map { _ in random.exponential(rate: 4) }
        expectTrue(abs(waits.reduce(0, +) / Double(n) - 0.25) < 0.003)
    }
}
