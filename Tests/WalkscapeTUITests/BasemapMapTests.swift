import Foundation
import Testing
import WalkscapeCore
import WalkscapeMap
import WalkscapeTestSupport
@testable import WalkscapeTUI

/// The route map over the Helsinki sample tiles: snapshots with and without the basemap, at the fitted view
/// and zoomed in, in braille and ASCII; street names along the route; the attribution; the zoom level chosen.
@Suite struct BasemapMapTests {
    static let basemap: Basemap = {
        // The fixture is committed; a failure to read it fails every test below with its message.
        (try? BasemapReader.read(path: repositoryRoot + "/tours/helsinki-keskusta/map/helsinki-center.mbtiles")) ?? Basemap()
    }()

    /// A walk along Pohjoisesplanadi from Mannerheimintie's end to Unioninkatu, then up Unioninkatu to the
    /// Senate Square (vertices on the streets' OpenStreetMap geometry).
    static func helsinkiScene() -> MapScene {
        let route = [
            LatLng(lat: 60.16768, lng: 24.94362), LatLng(lat: 60.16777, lng: 24.94746), LatLng(lat: 60.16781, lng: 24.94888),
            LatLng(lat: 60.16784, lng: 24.95000), LatLng(lat: 60.16788, lng: 24.95106), LatLng(lat: 60.16890, lng: 24.95098),
            LatLng(lat: 60.16999, lng: 24.95087), LatLng(lat: 60.17082, lng: 24.95078),
        ]
        return MapScene(
            route: route,
            points: [
                MapScene.Point(order: 1, location: route[0], radiusMeters: 40, state: .visited),
                MapScene.Point(order: 2, location: route[4], radiusMeters: 40, state: .next),
                MapScene.Point(order: 3, location: route[7], radiusMeters: 40, state: .later),
            ],
            walker: LatLng(lat: 60.16783, lng: 24.94960))
    }

    static func render(_ scene: MapScene, basemap: Bool, ascii: Bool, zoom: Double, columns: Int = 100, rows: Int = 30) -> String {
        let underlay = basemap ? MapUnderlay(basemap: Self.basemap, route: scene.route) : nil
        let widget = RouteMapWidget(mode: ascii ? .ascii : .braille, underlay: underlay)
        var grid = CellGrid(width: columns, height: rows)
        var projection = widget.fittedProjection(scene, columns: columns, rows: rows).zoomed(by: zoom)
        // Zoomed in, the view follows the walker (as the player's `f` does).
        if zoom > 1, let walker = scene.walker { projection.center = walker }
        widget.draw(scene, projection: projection, into: &grid, x: 0, y: 0, columns: columns, rows: rows)
        return grid.text
    }

    @Test func fixtureRead() {
        expectEqual(Self.basemap.zooms, [14, 15, 16])
    }

    @Test(arguments: [(false, 1.0), (true, 1.0), (false, 3.0), (true, 3.0)])
    func snapshots(ascii: Bool, zoom: Double) throws {
        let scene = Self.helsinkiScene()
        let kind = ascii ? "ascii" : "braille"
        let with = Self.render(scene, basemap: true, ascii: ascii, zoom: zoom)
        let without = Self.render(scene, basemap: false, ascii: ascii, zoom: zoom)
        try expectTrue(matchesSnapshot(with, "map-helsinki-basemap-\(kind)-x\(Int(zoom)).txt"), "\n\(with)")
        try expectTrue(matchesSnapshot(without, "map-helsinki-plain-\(kind)-x\(Int(zoom)).txt"), "\n\(without)")
        // The basemap adds cells; it never takes the route's, the markers' or the walker's.
        expectTrue(with.filter { !$0.isWhitespace }.count > 2 * without.filter { !$0.isWhitespace }.count)
        let attribution = ascii ? "(c) OpenStreetMap contributors" : "© OpenStreetMap contributors"
        expectTrue(with.contains(attribution))
        expectTrue(!without.contains("OpenStreetMap"))
        expectTrue(with.contains(ascii ? "@" : "●"))
    }

    @Test func streetsAlongTheRouteAreNamed() {
        let scene = Self.helsinkiScene()
        let streets = MapUnderlay(basemap: Self.basemap, route: scene.route).streets.map(\.name)
        expectEqual(streets, ["Pohjoisesplanadi", "Unioninkatu"])
        let text = Self.render(scene, basemap: true, ascii: false, zoom: 1)
        expectContains(text, "Pohjoisesplanadi")
        expectContains(text, "Unioninkatu")
    }

    @Test func labelsLeaveTheRouteAlone() {
        // Every route cell drawn without the basemap is still there with it (same character or a route dot).
        let scene = Self.helsinkiScene()
        let plain = Self.render(scene, basemap: false, ascii: true, zoom: 1).split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let mapped = Self.render(scene, basemap: true, ascii: true, zoom: 1).split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        for (row, line) in plain.enumerated() where row < plain.count - 2 {
            for (column, character) in line.enumerated() where !character.isWhitespace && row > 0 {
                expectEqual(mapped[row][column], character, "row \(row) column \(column)")
            }
        }
    }

    @Test func zoomLevelFollowsTheView() throws {
        let scene = Self.helsinkiScene()
        let widget = RouteMapWidget(mode: .braille)
        let fitted = widget.fittedProjection(scene, columns: 100, rows: 30)
        let coarse = try #require(Self.basemap.level(forMetersPerDot: fitted.zoomed(by: 0.25).metersPerDot, latitude: 60.17))
        let fine = try #require(Self.basemap.level(forMetersPerDot: fitted.zoomed(by: 4).metersPerDot, latitude: 60.17))
        expectTrue(coarse < fine)
    }

    @Test func narrowMapsStillShowTheAttribution() {
        let text = Self.render(Self.helsinkiScene(), basemap: true, ascii: false, zoom: 1, columns: 40, rows: 12)
        expectContains(text, "© OpenStreetMap contributors")
    }

    @Test func playerScreenDrawsTheUnderlay() {
        let underlay = MapUnderlay(basemap: Self.basemap, route: Self.helsinkiScene().route)
        var frame = sampleFrame()
        frame.map = Self.helsinkiScene()
        let with = PlayerScreen(strings: UIStrings(language: "en"), ascii: false, underlay: underlay).render(frame, width: 120, height: 40).text
        let without = PlayerScreen(strings: UIStrings(language: "en"), ascii: false).render(frame, width: 120, height: 40).text
        expectContains(with, "© OpenStreetMap contributors")
        expectTrue(!without.contains("OpenStreetMap"))
    }

    @Test func routeMapWidgetDrawsTheUnderlayInItsRect() {
        let scene = Self.helsinkiScene()
        let underlay = MapUnderlay(basemap: Self.basemap, route: scene.route)
        let context = WidgetContext(strings: UIStrings(language: "en"), ascii: false)
        var widgetGrid = CellGrid(width: 104, height: 32)
        widgetGrid.render(RouteMap(scene: scene, projection: nil, underlay: underlay), in: Rect(x: 2, y: 1, width: 100, height: 30), context: context)
        var direct = CellGrid(width: 104, height: 32)
        let drawer = RouteMapWidget(mode: .braille, underlay: underlay)
        drawer.draw(scene, projection: drawer.fittedProjection(scene, columns: 100, rows: 30), into: &direct, x: 2, y: 1, columns: 100, rows: 30)
        expectEqual(widgetGrid.text, direct.text)
        expectContains(widgetGrid.text, "© OpenStreetMap contributors")
        var plain = CellGrid(width: 104, height: 32)
        plain.render(RouteMap(scene: scene, projection: nil), in: Rect(x: 2, y: 1, width: 100, height: 30), context: context)
        expectTrue(!plain.text.contains("OpenStreetMap"))
        // Nothing outside the rectangle.
        let rows = widgetGrid.text.split(separator: "\n", omittingEmptySubsequences: false)
        expectTrue(rows[0].allSatisfy { $0 == " " })
        expectTrue(rows.allSatisfy { $0.prefix(2).allSatisfy { $0 == " " } })
    }
}
