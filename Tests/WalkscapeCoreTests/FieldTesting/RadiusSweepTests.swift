import Testing
import WalkscapeTestSupport
import WalkscapeCore

@Suite struct RadiusSweepTests {
    @Test func aSweepListsItsRadiiWithTheEndIncluded() throws {
        try expectEqual(RadiusSweep.radii("50:80:10"), [50, 60, 70, 80])
        try expectEqual(RadiusSweep.radii("50:85:10"), [50, 60, 70, 80])
        try expectEqual(RadiusSweep.radii("100:100:5"), [100])
        try expectEqual(RadiusSweep.radii(RadiusSweep.defaultNoise).count, 26)
    }

    @Test func aBadSweepIsRefusedBeforeAnyRadiusIsMade() {
        for text in ["50:300", "a:b:c", "0:10:1", "50:40:5", "50:300:0", "1:20000:10", "1:9999:0.000001", "nan:1:1", "1:inf:1"] {
            #expect(throws: ValueProblem.self, "\(text)") { try RadiusSweep.radii(text) }
        }
        do {
            _ = try RadiusSweep.radii("1:9999:0.001")
        } catch {
            expectEqual(error.message, "--sweep would try 9998001 radii; at most 1000 (use a larger STEP).")
        }
    }

    @Test func onlyTakesPointOrdersSeparatedByCommas() throws {
        try expectEqual(RadiusSweep.orders("3, 5,3"), [3, 5])
        for text in ["", "0", "3,,5", "x", "-1", "2000000000"] {
            #expect(throws: ValueProblem.self, "\(text)") { try RadiusSweep.orders(text) }
        }
    }
}
