import Foundation
import Testing
import WalkscapeCore
import WalkscapeMap
import WalkscapeTestSupport

/// The Helsinki sample tiles read into a basemap, and MBTiles files that are not.
@Suite struct BasemapReaderTests {
    static let mbtiles = repositoryRoot + "/tours/helsinki-keskusta/map/helsinki-center.mbtiles"

    @Test func helsinkiBasemapHasItsStreets() throws {
        let basemap = try BasemapReader.read(path: Self.mbtiles)
        expectEqual(basemap.zooms, [14, 15, 16])
        expectEqual(basemap.attribution, "© OpenStreetMap contributors")
        let z16 = basemap.levels[16] ?? []
        let names = Set(z16.compactMap(\.name))
        // Streets of the extract that a walk from the railway station to the market square passes.
        for street in ["Mannerheimintie", "Aleksanterinkatu", "Pohjoisesplanadi", "Unioninkatu", "Kaivokatu"] {
            expectTrue(names.contains(street), "\(street) missing")
        }
        let classes = Set(z16.map(\.featureClass))
        expectTrue(classes.isSuperset(of: [.building, .park, .footway, .street, .majorRoad, .railway, .water, .waterway]))
        // Every position lies in the extract (plus the tiles' buffer).
        for feature in z16 {
            expectTrue(feature.southWest.lat > 60.15 && feature.northEast.lat < 60.19)
            expectTrue(feature.southWest.lng > 24.92 && feature.northEast.lng < 24.97)
        }
    }

    @Test func zoomFollowsTheView() throws {
        let basemap = try BasemapReader.read(path: Self.mbtiles)
        expectEqual(basemap.level(forMetersPerDot: 0.5, latitude: 60.17), 16)
        expectEqual(basemap.level(forMetersPerDot: 2, latitude: 60.17), 15)
        expectEqual(basemap.level(forMetersPerDot: 4, latitude: 60.17), 14)
        expectEqual(basemap.level(forMetersPerDot: 50, latitude: 60.17), 14)
        expectTrue(Basemap().level(forMetersPerDot: 1, latitude: 0) == nil)
    }

    @Test func notAnMBTilesFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-not-mbtiles-\(getpid()).mbtiles").path
        try Data("not sqlite at all, just text".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: path) }
        expectTrue(error.description.hasPrefix(path + ": "))
        let missing = try #require(throws: MBTilesError.self) { try BasemapReader.read(path: path + ".missing") }
        expectContains(missing.description, "cannot open")
    }

    @Test func writtenTilesReadBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("walkscape-copy-\(getpid()).mbtiles").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try MBTilesFile(path: Self.mbtiles)
        let copy = try MBTilesFile(path: path, writable: true)
        try copy.transaction { () throws(MBTilesError) in
            for id in try source.tileIDs() { try copy.write(try source.tile(id) ?? [], for: id) }
            try copy.setMetadata("attribution", "<a href=\"https://www.openstreetmap.org/copyright\">&copy; OpenStreetMap contributors</a>")
        }
        try expectEqual(copy.tileIDs(), source.tileIDs())
        let basemap = try BasemapReader.read(path: path)
        expectEqual(basemap.attribution, "© OpenStreetMap contributors")
        expectEqual(basemap, (try BasemapReader.read(path: Self.mbtiles)))
    }
}
