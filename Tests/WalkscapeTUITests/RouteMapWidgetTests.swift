import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTUI

let tuiTestsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// Compares `text` with `Snapshots/NAME`; `UPDATE_SNAPSHOTS=1` rewrites the snapshot.
func matchesSnapshot(_ text: String, _ name: String) throws -> Bool {
    let path = tuiTestsDirectory + "/Snapshots/" + name
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return true
    }
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return String(decoding: data, as: UTF8.self) == text + "\n"
}

/// Three points 400 m apart going north-east from Piazza Castello, radius 120 m, the walker between 1 and 2.
func sampleScene() -> MapScene {
    let start = LatLng(lat: 45.0711, lng: 7.6858)
    let p2 = Geodesy.destination(from: start, bearing: 45, distance: 400)
    let p3 = Geodesy.destination(from: p2, bearing: 90, distance: 400)
    let walker = Geodesy.destination(from: start, bearing: 45, distance: 250)
    return MapScene(
        route: [start, p2, p3],
        points: [
            MapScene.Point(order: 1, location: start, radiusMeters: 120, state: .visited),
            MapScene.Point(order: 2, location: p2, radiusMeters: 120, state: .next),
            MapScene.Point(order: 3, location: p3, radiusMeters: 120, state: .later),
        ],
        walker: walker, trail: [start, Geodesy.destination(from: start, bearing: 45, distance: 120), walker])
}

@Suite struct RouteMapWidgetTests {
    func render(_ mode: BrailleCanvas.Mode, columns: Int = 48, rows: Int = 14) -> CellGrid {
        var grid = CellGrid(width: columns, height: rows)
        let widget = RouteMapWidget(mode: mode)
        let scene = sampleScene()
        widget.draw(scene, projection: widget.fittedProjection(scene, columns: columns, rows: rows), into: &grid, x: 0, y: 0, columns: columns, rows: rows)
        return grid
    }

    @Test func brailleSnapshot() throws {
        let grid = render(.braille)
        try expectTrue(matchesSnapshot(grid.text, "route-map-braille-48x14.txt"), "\n\(grid.text)")
    }

    @Test func asciiSnapshot() throws {
        let grid = render(.ascii)
        try expectTrue(matchesSnapshot(grid.text, "route-map-ascii-48x14.txt"), "\n\(grid.text)")
        expectTrue(grid.text.unicodeScalars.allSatisfy { $0.isASCII }, "ASCII mode must draw ASCII only")
    }

    @Test func markersWalkerNorthAndScaleAreThere() {
        for mode in [BrailleCanvas.Mode.braille, .ascii] {
            let grid = render(mode)
            let text = grid.text
            for label in ["1", "2", "3", mode == .braille ? "●" : "@", mode == .braille ? "N↑" : "N^"] {
                expectTrue(text.contains(label), "\(mode): \(label) missing")
            }
            expectTrue(text.split(separator: "\n").last?.hasSuffix(" m") == true, "\(mode): no scale bar")
        }
    }

    @Test func markersCarryTheirStateStyles() {
        let grid = render(.braille)
        var styles: [Character: CellStyle] = [:]
        for y in 0..<grid.height - 1 {  // the last row holds the scale bar, whose label has digits too
            for x in 0..<grid.width where "123".contains(grid[x, y].character) { styles[grid[x, y].character] = grid[x, y].style }
        }
        expectEqual(styles["1"], RouteMapWidget.style(for: .visited))
        expectEqual(styles["2"], RouteMapWidget.style(for: .next))
        expectEqual(styles["3"], RouteMapWidget.style(for: .later))
        expectEqual(Set([styles["1"], styles["2"], styles["3"]]).count, 3)
    }

    @Test func circlesAreRoundInBothModes() {
        for mode in [BrailleCanvas.Mode.braille, .ascii] {
            // A circle of 100 m with 5 m per dot: 20 dots of radius horizontally, and vertically 20 dots in
            // braille (square dots) or 10 in ASCII (dots twice as tall).
            let aspect = mode == .braille ? 1.0 : 2.0
            var canvas = BrailleCanvas(columns: 40, rows: 20, mode: mode)
            let projection = MapProjection(center: LatLng(lat: 45, lng: 7), metersPerDot: 5, width: canvas.dotWidth, height: canvas.dotHeight, dotAspect: aspect)
            let c = projection.dot(LatLng(lat: 45, lng: 7))
            let east = projection.dot(Geodesy.destination(from: LatLng(lat: 45, lng: 7), bearing: 90, distance: 100))
            let north = projection.dot(Geodesy.destination(from: LatLng(lat: 45, lng: 7), bearing: 0, distance: 100))
            // ±1 dot: positions round to whole dots, and the canvas centre falls between two dots.
            expectTrue(abs(abs(east.x - c.x) - 20) <= 1)
            expectTrue(abs(abs(north.y - c.y) - (mode == .braille ? 20 : 10)) <= 1)
            canvas.circle(centerX: c.x, centerY: c.y, radius: 20)
            expectTrue(canvas.character(column: (c.x + 20) / (mode == .braille ? 2 : 1), row: c.y / (mode == .braille ? 4 : 2)) != nil)
        }
    }

    @Test func roundScaleLengths() {
        expectEqual(RouteMapWidget.roundLength(atMost: 730), 500)
        expectEqual(RouteMapWidget.roundLength(atMost: 199), 100)
        expectEqual(RouteMapWidget.roundLength(atMost: 2500), 2000)
        expectEqual(RouteMapWidget.roundLength(atMost: 0.3), 1)
    }

    @Test func wildCoordinatesNeitherCrashNorStall() {
        var canvas = BrailleCanvas(columns: 10, rows: 5)
        canvas.line(from: (-1_000_000, -1_000_000), to: (1_000_000, 999_999))
        canvas.circle(centerX: 5, centerY: 5, radius: 10_000_000)
        var grid = CellGrid(width: 10, height: 5)
        canvas.draw(into: &grid, x: 0, y: 0)
        expectEqual(grid.width, 10)
    }

    @Test func brailleDotsMapToTheUnicodeLayout() {
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        canvas.set(x: 0, y: 0)
        expectEqual(canvas.character(column: 0, row: 0), "⠁")
        canvas.set(x: 1, y: 3)
        expectEqual(canvas.character(column: 0, row: 0), "⢁")
        var full = BrailleCanvas(columns: 1, rows: 1)
        for x in 0..<2 { for y in 0..<4 { full.set(x: x, y: y) } }
        expectEqual(full.character(column: 0, row: 0), "⣿")
    }
}
