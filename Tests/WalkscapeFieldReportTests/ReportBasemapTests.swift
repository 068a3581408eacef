import Foundation
import Testing
import WalkscapeCore
import WalkscapeFieldReport
import WalkscapeTestSupport
import WalkscapeTours
import WalkscapeTraces

/// The report's basemap from a tour's offline map (helsinki-keskusta's MBTiles): vectors around the walks,
/// with the tiles' attribution; none for a tour without tiles.
@Suite struct ReportBasemapTests {
    static func data(tour: String, trace: String) throws -> (ReportData, Basemap?) {
        let replay = try ReplayTour.load(repositoryRoot + "/tours/" + tour, language: nil)
        let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + trace)
        let basemap = TourBasemap.basemap(replay.tour, at: replay.location)
        let walk = FieldReportInputs.SimulatedWalk(
            file: trace, path: repositoryRoot + "/" + trace, trace: loaded.trace, summary: loaded.summary,
            timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace))
        let inputs = FieldReportInputs(
            tour: replay, tourArgument: "tours/" + tour, walks: [walk], policy: .standard, profile: nil, command: "walkscape report",
            walkscapeVersion: "test", basemap: basemap)
        return (try FieldReportBuilder.data(inputs), basemap)
    }

    @Test func theTourTilesBecomeVectorsAroundTheWalks() throws {
        let (data, basemap) = try Self.data(tour: "helsinki-keskusta", trace: "fixtures/traces/helsinki-keskusta-clean.gpx")
        let source = try #require(basemap)
        let map = try #require(data.basemap)
        expectTrue(map.attribution == source.attribution && map.attribution?.contains("OpenStreetMap") == true)
        expectTrue(map.features.count > 100, "\(map.features.count) features")
        expectTrue(map.features.count < source.featureCount)
        let styled: Set<String> = ["water", "park", "building", "road-major", "road-minor", "railway"]
        expectTrue(map.features.allSatisfy { styled.contains($0.class) })
        // Areas are polygons; lines (streets, railways, waterways) are lines.
        expectTrue(map.features.allSatisfy { $0.geometry == "line" || ($0.geometry == "polygon" && ["water", "park", "building"].contains($0.class)) })
        expectTrue(map.features.contains { $0.geometry == "polygon" } && map.features.contains { $0.geometry == "line" })
        expectTrue(map.features.allSatisfy { $0.parts.allSatisfy { $0.count >= 2 && $0.allSatisfy { $0.count == 2 } } })
        // Every feature comes near the walk's area: its box meets the box of the route, points and fixes, 1 km wide.
        let lats = data.walks[0].fixes.map(\.lat) + data.tour.points.map(\.lat)
        let lngs = data.walks[0].fixes.map(\.lng) + data.tour.points.map(\.lng)
        let (south, north, west, east) = (lats.min()! - 0.01, lats.max()! + 0.01, lngs.min()! - 0.02, lngs.max()! + 0.02)
        expectTrue(map.features.allSatisfy { feature in
            feature.parts.joined().contains { $0[0] >= south && $0[0] <= north && $0[1] >= west && $0[1] <= east }
        })
    }

    @Test func aTourWithoutTilesHasNoBasemap() throws {
        let (data, basemap) = try Self.data(tour: "torino-portici", trace: "fixtures/traces/torino-portici-brisk.gpx")
        expectTrue(basemap == nil)
        expectTrue(data.basemap == nil)
    }
}
