import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// The widths the player measures every cell with: the fast path for the blocks a screen is made of agrees
/// with the look-up of Unicode properties, scalar by scalar.
@Suite struct DisplayWidthTests {
    @Test func theFastPathAgreesWithTheLookUp() {
        let ranges: [ClosedRange<UInt32>] = [0x0...0x2FF, 0x2500...0x259F, 0x2800...0x28FF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                expectEqual(DisplayWidth.of(scalar), DisplayWidth.looked(up: scalar), "U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        expectEqual(DisplayWidth.of("\u{AD}" as Unicode.Scalar), 0)
        expectTrue(DisplayWidth.of("⣿" as Character) == 1 && DisplayWidth.of("━" as Character) == 1 && DisplayWidth.of("é" as Character) == 1)
        expectTrue(DisplayWidth.of("漢" as Character) == 2 && DisplayWidth.of("\u{301}" as Unicode.Scalar) == 0)
    }
}
