import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeMap

/// The geometry command decoder against the examples of the Mapbox Vector Tile specification 2.1 (section 4.3.5)
/// and against broken streams.
@Suite struct VectorTileGeometryTests {
    func points(_ pairs: [(Int32, Int32)]) -> [TilePoint] { pairs.map { TilePoint(x: $0.0, y: $0.1) } }

    @Test func zigzagDecodesSmallAndExtremeValues() {
        expectEqual(VectorTileGeometry.zigzag(0), 0)
        expectEqual(VectorTileGeometry.zigzag(1), -1)
        expectEqual(VectorTileGeometry.zigzag(2), 1)
        expectEqual(VectorTileGeometry.zigzag(3), -2)
        expectEqual(VectorTileGeometry.zigzag(UInt32.max), -2_147_483_648)
        expectEqual(VectorTileGeometry.zigzag(UInt32.max - 1), 2_147_483_647)
    }

    @Test func specificationPoint() throws {
        try expectEqual(VectorTileGeometry.decode([9, 50, 34], kind: .point), [points([(25, 17)])])
    }

    @Test func specificationMultiPoint() throws {
        try expectEqual(VectorTileGeometry.decode([17, 10, 14, 3, 9], kind: .point), [points([(5, 7)]), points([(3, 2)])])
    }

    @Test func specificationLineString() throws {
        try expectEqual(VectorTileGeometry.decode([9, 4, 4, 18, 0, 16, 16, 0], kind: .lineString), [points([(2, 2), (2, 10), (10, 10)])])
    }

    @Test func specificationMultiLineString() throws {
        let decoded = try VectorTileGeometry.decode([9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8], kind: .lineString)
        expectEqual(decoded, [points([(2, 2), (2, 10), (10, 10)]), points([(1, 1), (3, 5)])])
    }

    @Test func specificationPolygonIsClosed() throws {
        let decoded = try VectorTileGeometry.decode([9, 6, 12, 18, 10, 12, 24, 44, 15], kind: .polygon)
        expectEqual(decoded, [points([(3, 6), (8, 12), (20, 34), (3, 6)])])
    }

    @Test func specificationMultiPolygonWithHole() throws {
        let stream: [UInt32] = [
            9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15,
            9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15,
            9, 4, 13, 26, 0, 8, 8, 0, 0, 7, 15,
        ]
        let decoded = try VectorTileGeometry.decode(stream, kind: .polygon)
        expectEqual(decoded, [
            points([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]),
            points([(11, 11), (20, 11), (20, 20), (11, 20), (11, 11)]),
            points([(13, 13), (13, 17), (17, 17), (17, 13), (13, 13)]),
        ])
    }

    @Test func brokenStreamsAreRefused() {
        #expect(throws: VectorTileGeometry.DecodingError.lineToBeforeMoveTo(at: 0)) {
            try VectorTileGeometry.decode([18, 0, 16], kind: .lineString)
        }
        #expect(throws: VectorTileGeometry.DecodingError.missingParameters(at: 0)) {
            try VectorTileGeometry.decode([9, 4], kind: .lineString)
        }
        #expect(throws: VectorTileGeometry.DecodingError.unknownCommand(id: 3, at: 3)) {
            try VectorTileGeometry.decode([9, 4, 4, 3], kind: .lineString)
        }
        #expect(throws: VectorTileGeometry.DecodingError.commandNotAllowed(id: 7, kind: .lineString, at: 3)) {
            try VectorTileGeometry.decode([9, 4, 4, 15], kind: .lineString)
        }
        // A count of 2^29 − 1 LineTo pairs in a 3-integer stream: refused before anything is allocated.
        #expect(throws: VectorTileGeometry.DecodingError.missingParameters(at: 3)) {
            try VectorTileGeometry.decode([9, 4, 4, UInt32.max & ~7 | 2, 1, 1], kind: .lineString)
        }
    }

    @Test func coordinatesBeyond32BitsAreRefused() {
        // Two MoveTo points of +2^31 − 1 each: the second overflows Int32.
        let big: UInt32 = UInt32.max - 1
        #expect(throws: VectorTileGeometry.DecodingError.coordinateOutOfRange(at: 3)) {
            try VectorTileGeometry.decode([17, big, 0, big, 0], kind: .point)
        }
    }
}
