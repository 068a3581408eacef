import Testing
import WalkscapeTestSupport
import WalkscapeCore

/// Tile numbering: XYZ and TMS rows, the tiles covering a box, URL templates and Web Mercator round trips.
@Suite struct TileIDTests {
    @Test func helsinkiRailwayStationTile() throws {
        // Helsinki's railway station square (60.1707 N, 24.9413 E) lies in tile 16/37308/18969 (TMS row 46566).
        let tile = try #require(TileID.containing(LatLng(lat: 60.1707, lng: 24.9413), zoom: 16))
        expectEqual(tile.description, "16/37308/18969")
        expectEqual(tile.tmsRow, 46566)
        expectEqual(TileID(zoom: 16, x: 37308, tmsRow: 46566), tile)
    }

    @Test func coveringListsEveryTileOfTheBox() throws {
        let sw = LatLng(lat: 60.164, lng: 24.935)
        let ne = LatLng(lat: 60.179, lng: 24.953)
        let z14 = try #require(TileID.covering(southWest: sw, northEast: ne, zoom: 14))
        expectEqual(z14.count, 4)
        let z16 = try #require(TileID.covering(southWest: sw, northEast: ne, zoom: 16))
        expectEqual(z16.count, 24)
        expectEqual(z16, z16.sorted())
        expectTrue(TileID.covering(southWest: LatLng(lat: -80, lng: -170), northEast: LatLng(lat: 80, lng: 170), zoom: 16) == nil)
    }

    @Test func templates() throws {
        let tile = try #require(TileID(zoom: 15, x: 18654, y: 9484))
        expectEqual(tile.url(template: "http://h/tiles/{z}/{x}/{y}.pbf"), "http://h/tiles/15/18654/9484.pbf")
        expectEqual(tile.url(template: "/t/{z}/{x}/{-y}.mvt"), "/t/15/18654/\(32767 - 9484).mvt")
    }

    @Test func outOfPyramidIsNil() {
        expectTrue(TileID(zoom: 2, x: 4, y: 0) == nil)
        expectTrue(TileID(zoom: -1, x: 0, y: 0) == nil)
        expectTrue(TileID(zoom: 23, x: 0, y: 0) == nil)
    }

    @Test func mercatorRoundTrip() {
        let p = LatLng(lat: 60.1707, lng: 24.9413)
        let unit = WebMercator.unit(p)
        let back = WebMercator.position(x: unit.x, y: unit.y)
        expectTrue(abs(back.lat - p.lat) < 1e-9)
        expectTrue(abs(back.lng - p.lng) < 1e-9)
    }
}
