import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeMap

/// The tile decoder on tiles built here: properties of every value kind, gzip, and each way a tile is refused.
@Suite struct VectorTileDecoderTests {
    /// A one-layer tile named `name` with one line feature tagged name=Mannerheimintie, highway=primary.
    func sampleTile(version: UInt32 = 2, tags: [UInt32] = [0, 0, 1, 1], geometry: [UInt32] = [9, 4, 4, 18, 0, 16, 16, 0]) -> VectorTile_Tile {
        var feature = VectorTile_Tile.Feature()
        feature.type = .linestring
        feature.tags = tags
        feature.geometry = geometry
        var layer = VectorTile_Tile.Layer()
        layer.name = "lines"
        layer.version = version
        layer.keys = ["name", "highway", "lanes", "oneway"]
        var v0 = VectorTile_Tile.Value()
        v0.stringValue = "Mannerheimintie"
        var v1 = VectorTile_Tile.Value()
        v1.stringValue = "primary"
        var v2 = VectorTile_Tile.Value()
        v2.sintValue = -3
        var v3 = VectorTile_Tile.Value()
        v3.boolValue = true
        layer.values = [v0, v1, v2, v3]
        layer.features = [feature]
        var tile = VectorTile_Tile()
        tile.layers = [layer]
        return tile
    }

    func bytes(_ tile: VectorTile_Tile) throws -> [UInt8] { try tile.serializedBytes() }

    func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-tile-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(atPath: input.path + ".gz")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-9", input.path]
        try process.run()
        process.waitUntilExit()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: input.path + ".gz")))
    }

    @Test func decodesPropertiesAndGeometry() throws {
        let layers = try VectorTileDecoder.decode(try bytes(sampleTile(tags: [0, 0, 1, 1, 2, 2, 3, 3])))
        expectEqual(layers.count, 1)
        expectEqual(layers[0].name, "lines")
        expectEqual(layers[0].extent, 4096)
        let feature = try #require(layers[0].features.first)
        expectEqual(feature.kind, .lineString)
        expectEqual(feature.properties, ["name": .string("Mannerheimintie"), "highway": .string("primary"), "lanes": .sint(-3), "oneway": .bool(true)])
        expectEqual(feature.parts, [[TilePoint(x: 2, y: 2), TilePoint(x: 2, y: 10), TilePoint(x: 10, y: 10)]])
        expectEqual(MapFeatureClass.classify(layer: "lines", kind: feature.kind, properties: feature.properties), .majorRoad)
    }

    @Test func gzipTilesAreInflated() throws {
        let raw = try bytes(sampleTile())
        let packed = try gzip(raw)
        expectEqual(packed[0], 0x1f)
        try expectEqual(VectorTileDecoder.decode(packed), VectorTileDecoder.decode(raw))
    }

    @Test func corruptGzipIsRefused() throws {
        var packed = try gzip(try bytes(sampleTile()))
        packed[12] ^= 0xff
        packed[13] ^= 0xff
        #expect(throws: VectorTileDecoder.DecodingError.self) { try VectorTileDecoder.decode(packed) }
        let truncated = Array(try gzip(try bytes(sampleTile())).prefix(15))
        #expect(throws: VectorTileDecoder.DecodingError.self) { try VectorTileDecoder.decode(truncated) }
    }

    @Test func refusals() throws {
        #expect(throws: VectorTileDecoder.DecodingError.unsupportedVersion(layer: "lines", version: 3)) {
            try VectorTileDecoder.decode(try bytes(sampleTile(version: 3)))
        }
        #expect(throws: VectorTileDecoder.DecodingError.tagOutOfRange(layer: "lines", feature: 0)) {
            try VectorTileDecoder.decode(try bytes(sampleTile(tags: [0, 9])))
        }
        #expect(throws: VectorTileDecoder.DecodingError.oddTags(layer: "lines", feature: 0)) {
            try VectorTileDecoder.decode(try bytes(sampleTile(tags: [0])))
        }
        #expect(throws: VectorTileDecoder.DecodingError.geometry(layer: "lines", feature: 0, .lineToBeforeMoveTo(at: 0))) {
            try VectorTileDecoder.decode(try bytes(sampleTile(geometry: [18, 0, 0])))
        }
        // Not protobuf at all: a JSON document.
        let json = Array("{\"type\":\"FeatureCollection\"}".utf8)
        #expect(throws: VectorTileDecoder.DecodingError.self) { try VectorTileDecoder.decode(json) }
        let error = try #require(throws: VectorTileDecoder.DecodingError.self) { try VectorTileDecoder.decode(json) }
        expectTrue(error.description.hasPrefix("not a vector tile"))
    }

    @Test func emptyInputIsAnEmptyTile() throws {
        try expectEqual(VectorTileDecoder.decode([]), [])
    }

    @Test func classifiesOpenMapTilesAndGDALLayers() {
        func c(_ layer: String, _ kind: TileGeometryKind, _ props: [String: String]) -> MapFeatureClass? {
            MapFeatureClass.classify(layer: layer, kind: kind, properties: props.mapValues { .string($0) })
        }
        expectEqual(c("transportation", .lineString, ["class": "primary"]), .majorRoad)
        expectEqual(c("transportation", .lineString, ["class": "path", "subclass": "footway"]), .footway)
        expectEqual(c("transportation", .lineString, ["class": "rail"]), .railway)
        expectTrue(c("transportation_name", .lineString, ["class": "primary", "name": "x"]) == nil)
        expectEqual(c("water", .polygon, ["class": "sea"]), .water)
        expectEqual(c("landcover", .polygon, ["class": "grass"]), .park)
        expectTrue(c("landcover", .polygon, ["class": "farmland"]) == nil)
        expectEqual(c("park", .polygon, [:]), .park)
        expectEqual(c("building", .polygon, [:]), .building)
        expectEqual(c("lines", .lineString, ["highway": "residential"]), .street)
        expectEqual(c("lines", .lineString, ["highway": "steps"]), .footway)
        expectEqual(c("lines", .lineString, ["railway": "tram"]), .railway)
        expectEqual(c("lines", .lineString, ["natural": "coastline"]), .waterway)
        expectEqual(c("multipolygons", .polygon, ["building": "yes"]), .building)
        expectEqual(c("multipolygons", .polygon, ["leisure": "park"]), .park)
        expectEqual(c("multipolygons", .polygon, ["natural": "water"]), .water)
        expectTrue(c("multipolygons", .polygon, ["amenity": "parking"]) == nil)
        expectTrue(c("points", .point, ["highway": "bus_stop"]) == nil)
    }
}
