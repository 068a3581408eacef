import Foundation
import Testing
import WalkscapeCore
import WalkscapeMap
import WalkscapeTestSupport

/// Every tile of the Helsinki sample tiles decoded by walkscape and by GDAL's MVT driver (`ogrinfo`, an
/// independent reader: C++, its own protobuf parser): the same layers, the same number of features in each,
/// the same coordinates feature by feature (tile units, unclipped; GDAL's y runs upwards) and the same string
/// properties (names, highway classes, buildings…).
@Suite struct VectorTileOracleTests {
    static let mbtiles = repositoryRoot + "/tours/helsinki-keskusta/map/helsinki-center.mbtiles"

    /// One feature as ogrinfo prints it: its layer, its coordinates in order, and its string fields.
    struct OracleFeature: Equatable, CustomStringConvertible {
        var layer: String
        var coordinates: [TilePoint]
        var fields: [String: String]
        var description: String { "\(layer) \(fields) \(coordinates.count) points" }
    }

    static func ogrinfoAvailable() -> Bool {
        (try? ChildProcess.run(["/usr/bin/ogrinfo", "--version"]).status) == 0
    }

    /// Parses `ogrinfo -ro -al -q -oo CLIP=NO tile.pbf` output.
    static func parse(_ output: String) -> [OracleFeature] {
        var features: [OracleFeature] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OGRFeature("), let close = line.firstIndex(of: ")") {
                let layer = String(line[line.index(line.startIndex, offsetBy: 11)..<close])
                features.append(OracleFeature(layer: layer, coordinates: [], fields: [:]))
            } else if line.hasPrefix("  "), !features.isEmpty {
                let body = line.dropFirst(2)
                if let range = body.range(of: " (String) = ") {
                    features[features.count - 1].fields[String(body[..<range.lowerBound])] = String(body[range.upperBound...])
                } else if let open = body.firstIndex(of: "("), body.first?.isUppercase == true {
                    let numbers = body[open...].split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
                    var points: [TilePoint] = []
                    var i = 0
                    while i + 1 < numbers.count {
                        points.append(TilePoint(x: Int32(numbers[i]), y: Int32(numbers[i + 1])))
                        i += 2
                    }
                    features[features.count - 1].coordinates = points
                }
            }
        }
        return features
    }

    @Test(.enabled(if: ogrinfoAvailable(), "ogrinfo (Debian gdal-bin) is not installed"))
    func everyTileAgreesWithGDAL() throws {
        let file = try MBTilesFile(path: Self.mbtiles)
        let ids = try file.tileIDs()
        expectEqual(ids.count, 37)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-mvt-oracle-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var featuresCompared = 0
        var pointsCompared = 0
        for id in ids {
            let bytes = try #require(try file.tile(id))
            let layers = try VectorTileDecoder.decode(bytes)
            let path = scratch.appendingPathComponent("tile.pbf").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let run = try ChildProcess.run(["/usr/bin/ogrinfo", "-ro", "-al", "-q", "-oo", "CLIP=NO", path])
            expectEqual(run.status, 0)
            let oracle = Self.parse(run.output)
            var ours: [OracleFeature] = []
            for layer in layers {
                for feature in layer.features {
                    var fields: [String: String] = [:]
                    for (key, value) in feature.properties { if case .string(let s) = value { fields[key] = s } }
                    // GDAL opens a lone tile with y upwards (its georeferencing): y' = extent − y.
                    let flipped = feature.parts.flatMap { $0 }.map { TilePoint(x: $0.x, y: Int32(layer.extent) - $0.y) }
                    ours.append(OracleFeature(layer: layer.name, coordinates: flipped, fields: fields))
                }
            }
            // Same number of features per layer.
            for name in Set(ours.map(\.layer)).union(oracle.map(\.layer)) {
                expectEqual(ours.filter { $0.layer == name }.count, oracle.filter { $0.layer == name }.count, "tile \(id) layer \(name)")
            }
            // Feature by feature, in order.
            guard ours.count == oracle.count else { continue }
            for (a, b) in zip(ours, oracle) {
                expectEqual(a.layer, b.layer, "tile \(id)")
                expectEqual(a.fields, b.fields, "tile \(id): \(a) against \(b)")
                expectEqual(a.coordinates, b.coordinates, "tile \(id): \(a) against \(b)")
                featuresCompared += 1
                pointsCompared += a.coordinates.count
            }
        }
        expectTrue(featuresCompared > 10_000)
        print("VectorTileOracleTests: \(ids.count) tiles, \(featuresCompared) features, \(pointsCompared) points agree with ogrinfo")
    }
}
