import SwiftProtobuf
import WalkscapeCore

/// Decodes Mapbox Vector Tiles (specification 2.1): the protobuf message through swift-protobuf (code generated
/// from `Proto/vector_tile.proto`), gzip- or zlib-compressed tiles inflated first, each feature's tags resolved
/// against its layer's keys and values, and its geometry decoded by `VectorTileGeometry`. Pure: bytes in,
/// layers out.
public enum VectorTileDecoder {
    /// Why a tile is refused; `description` is one line without the tile's name (the caller adds it).
    public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        case compressed(String)
        case protobuf(String)
        case unsupportedVersion(layer: String, version: Int)
        case badExtent(layer: String, extent: Int)
        case tagOutOfRange(layer: String, feature: Int)
        case oddTags(layer: String, feature: Int)
        case geometry(layer: String, feature: Int, VectorTileGeometry.DecodingError)
        case emptyValue(layer: String, index: Int)
        /// The map's budget (`Budget`) is spent: the tiles read so far and this one hold more than it allows.
        case overBudget(String)

        public var description: String {
            switch self {
            case .compressed(let why): return "the compressed tile does not inflate: \(why)"
            case .protobuf(let why): return "not a vector tile (protobuf: \(why))"
            case .unsupportedVersion(let layer, let version):
                return "layer \(quoted(layer)) has version \(version); walkscape reads vector tile versions 1 and 2"
            case .badExtent(let layer, let extent): return "layer \(quoted(layer)) has extent \(extent); expected 1 to 65536"
            case .tagOutOfRange(let layer, let feature):
                return "feature \(feature) of layer \(quoted(layer)) names a key or value the layer does not have"
            case .oddTags(let layer, let feature): return "feature \(feature) of layer \(quoted(layer)) has an odd number of tags"
            case .geometry(let layer, let feature, let why): return "feature \(feature) of layer \(quoted(layer)): \(why)"
            case .emptyValue(let layer, let index): return "value \(index) of layer \(quoted(layer)) holds none of the seven kinds"
            case .overBudget(let why): return why
            }
        }

        private func quoted(_ s: String) -> String { "\"" + String(s.unicodeScalars.prefix(60).map(Character.init)) + "\"" }
    }

    /// The largest a tile may be once inflated (real tiles stay under 1 MB; this stops a zip bomb).
    public static let maxInflatedBytes = 16 << 20

    /// What the tiles of one map may cost once decoded, spent tile by tile: the points their features hold
    /// (each kept as a position by the map) and the bytes they inflate to (each decoded once). Valid tiles at
    /// the per-tile caps hold millions of points each; this bounds their sum.
    public struct Budget: Sendable, Equatable {
        public var maxPoints: Int
        public var maxInflatedBytes: Int
        /// What the tiles decoded so far took.
        public internal(set) var points = 0
        public internal(set) var inflatedBytes = 0

        public init(maxPoints: Int, maxInflatedBytes: Int) {
            self.maxPoints = maxPoints
            self.maxInflatedBytes = maxInflatedBytes
        }

        /// A tour's map: 2,000,000 points (32 MB of positions; the Helsinki sample's 37 tiles hold 71,395) and
        /// 256 MiB of inflated tiles.
        public static let map = Budget(maxPoints: 2_000_000, maxInflatedBytes: 256 << 20)
    }

    /// The layers of the tile in `bytes` (raw, gzip or zlib).
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> [VectorTileLayer] {
        var budget = Budget(maxPoints: Int.max, maxInflatedBytes: Int.max)
        return try decode(bytes, budget: &budget)
    }

    /// The layers of the tile in `bytes`, its points and inflated bytes taken from `budget` (refused with
    /// `overBudget` once the tile would take more than is left).
    public static func decode(_ bytes: [UInt8], budget: inout Budget) throws(DecodingError) -> [VectorTileLayer] {
        let raw: [UInt8]
        if TileInflater.isCompressed(bytes) {
            do {
                raw = try TileInflater.inflate(bytes, limit: maxInflatedBytes)
            } catch {
                throw .compressed(error.description)
            }
        } else {
            raw = bytes
        }
        guard raw.count <= budget.maxInflatedBytes - budget.inflatedBytes else {
            throw .overBudget("the map's tiles inflate to more than \(MBTilesMeter.size(budget.maxInflatedBytes)) in all; a tour's map is at most that large")
        }
        budget.inflatedBytes += raw.count
        let tile: VectorTile_Tile
        do {
            var options = BinaryDecodingOptions()
            options.messageDepthLimit = 16
            tile = try VectorTile_Tile(serializedBytes: raw, partial: true, options: options)
        } catch {
            throw .protobuf(String(describing: error))
        }
        var layers: [VectorTileLayer] = []
        layers.reserveCapacity(tile.layers.count)
        for layer in tile.layers {
            layers.append(try decode(layer, budget: &budget))
        }
        return layers
    }

    /// One layer, its features' points taken from `budget`.
    static func decode(_ layer: VectorTile_Tile.Layer, budget: inout Budget) throws(DecodingError) -> VectorTileLayer {
        let name = layer.name
        let version = Int(layer.version)
        guard version == 1 || version == 2 else { throw .unsupportedVersion(layer: name, version: version) }
        let extent = Int(layer.extent)
        guard (1...65536).contains(extent) else { throw .badExtent(layer: name, extent: extent) }
        var values: [TileValue] = []
        values.reserveCapacity(layer.values.count)
        for (index, value) in layer.values.enumerated() {
            if value.hasStringValue {
                values.append(.string(value.stringValue))
            } else if value.hasFloatValue {
                values.append(.float(value.floatValue))
            } else if value.hasDoubleValue {
                values.append(.double(value.doubleValue))
            } else if value.hasIntValue {
                values.append(.int(value.intValue))
            } else if value.hasUintValue {
                values.append(.uint(value.uintValue))
            } else if value.hasSintValue {
                values.append(.sint(value.sintValue))
            } else if value.hasBoolValue {
                values.append(.bool(value.boolValue))
            } else {
                throw .emptyValue(layer: name, index: index)
            }
        }
        let keys = layer.keys
        var features: [VectorTileFeature] = []
        features.reserveCapacity(layer.features.count)
        for (index, feature) in layer.features.enumerated() {
            let tags = feature.tags
            guard tags.count % 2 == 0 else { throw .oddTags(layer: name, feature: index) }
            var properties: [String: TileValue] = [:]
            var t = 0
            while t < tags.count {
                let k = Int(tags[t])
                let v = Int(tags[t + 1])
                guard k < keys.count, v < values.count else { throw .tagOutOfRange(layer: name, feature: index) }
                properties[keys[k]] = values[v]
                t += 2
            }
            let kind = TileGeometryKind(rawValue: feature.type.rawValue) ?? .unknown
            let parts: [[TilePoint]]
            let left = budget.maxPoints - budget.points
            let limit = min(VectorTileGeometry.maxPoints, left)
            do {
                parts = try VectorTileGeometry.decode(feature.geometry, kind: kind, limit: limit)
            } catch {
                if case .tooManyPoints = error, limit < VectorTileGeometry.maxPoints { throw overPoints(budget) }
                throw .geometry(layer: name, feature: index, error)
            }
            budget.points += parts.reduce(0) { $0 + $1.count }
            if budget.points > budget.maxPoints { throw overPoints(budget) }
            features.append(VectorTileFeature(id: feature.hasID ? feature.id : nil, kind: kind, parts: parts, properties: properties))
        }
        return VectorTileLayer(name: name, version: version, extent: extent, features: features)
    }

    private static func overPoints(_ budget: Budget) -> DecodingError {
        .overBudget("the map's tiles hold more than \(MBTilesMeter.grouped(budget.maxPoints)) points in all; a tour's map holds at most that many")
    }
}
