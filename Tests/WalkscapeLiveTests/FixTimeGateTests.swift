import Testing
import WalkscapeTestSupport
import WalkscapeCore
import WalkscapeLive

/// `FixTimeGate`: which live fixes reach the walk by their times (issue 27 item 19: a fix dated 2096 silenced
/// a live walk).
@Suite struct FixTimeGateTests {
    static let start = 1_778_317_200.0  // 2026-05-09T09:00:00Z
    static let year2096 = 3_987_392_400.0  // 2096-05-09T09:00:00Z

    func fix(_ time: Double) -> Fix { Fix(time: time, location: LatLng(lat: 48.86, lng: 2.34)) }

    /// The fixes let through for `times`, the end included, and the warnings.
    func run(_ times: [Double], gate: inout FixTimeGate) -> (times: [Double], warnings: [String]) {
        var taken: [Double] = []
        var warnings: [String] = []
        for time in times {
            let outcome = gate.pass(fix(time))
            taken += outcome.fixes.map(\.time)
            warnings += outcome.warnings
        }
        let last = gate.finish()
        return (taken + last.fixes.map(\.time), warnings + last.warnings)
    }

    @Test func aFirstFixDated2096IsDroppedWithAWarningAndTheWalkGoesOn() {
        var gate = FixTimeGate()
        let walk = (0..<10).map { Self.start + 3 * Double($0) }
        let (taken, warnings) = run([Self.year2096] + walk, gate: &gate)
        expectEqual(taken, walk)
        expectTrue(gate.far == 1 && gate.older == 0)
        expectEqual(warnings, [
            "dropped a fix dated 2096-05-09T09:00:00Z: 70 years from the other fixes' time (more than 12 h apart is not one walk); the walk goes on",
        ])
    }

    @Test func aFixDated2096MidWalkOrSecondIsDroppedAndTheWalkGoesOn() {
        let walk = (0..<10).map { Self.start + 3 * Double($0) }
        for at in [1, 5] {
            var gate = FixTimeGate()
            var times = walk
            times.insert(Self.year2096, at: at)
            let (taken, warnings) = run(times, gate: &gate)
            expectEqual(taken, walk, "2096 at \(at)")
            expectEqual(gate.far, 1, "2096 at \(at)")
            expectTrue(warnings.count == 1 && warnings[0].hasPrefix("dropped a fix dated 2096-05-09T09:00:00Z: 70 years"), "\(warnings)")
        }
    }

    @Test func olderFixesAreCountedRepeatedTimesSkippedAndALoneFixTakenAtTheEnd() {
        var gate = FixTimeGate()
        let t = Self.start
        let (taken, warnings) = run([t, t + 1, t + 1, t + 0.5, t + 2, t - 100, t + 3], gate: &gate)
        expectEqual(taken, [t, t + 1, t + 2, t + 3])
        expectTrue(gate.older == 2 && gate.far == 0 && warnings.isEmpty)
        var lone = FixTimeGate()
        expectEqual(run([t], gate: &lone).times, [t])
    }

    @Test func aGapOfADayIsTakenOnceTenFixesInARowAgreeOverTenSeconds() {
        var gate = FixTimeGate()
        let t = Self.start
        let day = t + 86_400
        let later = (0..<12).map { day + Double($0) }
        let (taken, warnings) = run([t, t + 1] + later, gate: &gate)
        expectEqual(taken, [t, t + 1] + later)
        expectEqual(gate.far, 0)
        expectEqual(warnings, ["the fixes' time moved 24 h ahead (11 fixes in a row agree); the walk goes on from 2026-05-10T09:00:00Z"])
        // Ten in a row within 4.5 s of their own time are not yet enough: the walk's own time, when it comes back, drops them.
        var quick = FixTimeGate()
        let burst = (0..<10).map { day + 0.5 * Double($0) }
        let back = run([t, t + 1] + burst + [t + 2, t + 3], gate: &quick)
        expectEqual(back.times, [t, t + 1, t + 2, t + 3])
        expectEqual(quick.far, 10)
        // Two far fixes and then the walk again: both dropped.
        var twice = FixTimeGate()
        let again = run([t, t + 1, day, day + 1, t + 2, t + 3], gate: &twice)
        expectEqual(again.times, [t, t + 1, t + 2, t + 3])
        expectTrue(twice.far == 2 && again.warnings.count == 1)
    }

    /// Issue 46, item 3: three consecutive fixes dated 2099 a third of the way into a walk (gpsd TPVs) took the
    /// walk's clock 73 years ahead and the 1,448 real fixes after them were dropped. The walk around them wins:
    /// the three are dropped and counted, every real fix is taken.
    @Test func threeFixesDated2099MidWalkAreOutnumberedByTheWalk() {
        var gate = FixTimeGate()
        let walk = (0..<2_172).map { Self.start + Double($0) }
        let bad = (0..<3).map { 4_080_000_000 + Double($0) }  // 2099-04-16
        let (taken, warnings) = run(Array(walk[..<724]) + bad + Array(walk[724...]), gate: &gate)
        expectEqual(taken, walk)
        expectEqual(gate.far, 3)
        expectEqual(warnings.count, 1)
        expectTrue(warnings.first?.hasPrefix("dropped 3 fixes dated from 2099-04-16T") == true, "\(warnings)")
    }

    /// Issue 46: outlier runs anywhere in a live stream, seeded. A walk of 1,800 fixes a second with up to six
    /// runs of 1 to 9 fixes each, every run dated on its own far away (years ahead or behind, whole GPS week
    /// cycles back, hours ahead), never two runs back to back: every fix of the walk is handed on, in order,
    /// and every outlier is dropped and counted, with one warning a run.
    @Test(arguments: 1...40)
    func outlierRunsShorterThanTheConfirmationAreAlwaysDropped(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let walk = (0..<1_800).map { Self.start + Double($0) }
        var stream: [Double] = []
        var outliers = 0
        var runs = 0
        var cut = Set<Int>()
        for _ in 0..<Int(rng.next() % 7) { cut.insert(2 + Int(rng.next() % UInt64(walk.count - 4))) }
        for (i, time) in walk.enumerated() {
            if cut.contains(i) {
                let length = 1 + Int(rng.next() % UInt64(FixTimeGate.confirmations - 1))
                let day = 86_400.0
                let offsets: [Double] = [73 * 365 * day, -1024 * 7 * day, 13 * 3_600, 40 * 365 * day, -5 * 365 * day]
                let base = time + offsets[Int(rng.next() % UInt64(offsets.count))]
                stream += (0..<length).map { base + Double($0) }
                outliers += length
                runs += 1
            }
            stream.append(time)
        }
        var gate = FixTimeGate()
        let (taken, warnings) = run(stream, gate: &gate)
        expectEqual(taken, walk, "seed \(seed)")
        expectEqual(gate.far, outliers, "seed \(seed)")
        expectEqual(warnings.count, runs, "seed \(seed): \(warnings)")
    }
}
