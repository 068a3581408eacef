import WalkscapeCore

/// A `FieldPicture` as a terminal map, through the player's map renderer: regions at the tour's radius,
/// advised radii dotted, the route, the recorded walks, point numbers, scale bar and north mark.
public enum FieldMapText {
    public static let columns = 100
    public static let rows = 40

    public static func render(_ picture: FieldPicture, columns: Int = FieldMapText.columns, rows: Int = FieldMapText.rows, underlay: MapUnderlay? = nil) -> String {
        let scene = MapScene(
            route: picture.route,
            points: picture.regions.map { region in
                MapScene.Point(order: region.order, location: region.location, radiusMeters: region.radiusMeters,
                    state: region.verdict == RadiusRecommendation.Verdict.noRadius ? .skipped : .later,
                    alternativeRadiusMeters: region.recommendedMeters == region.radiusMeters ? nil : region.recommendedMeters)
            },
            tracks: picture.walks.map(\.positions))
        let widget = RouteMapWidget(mode: .braille, underlay: underlay)
        var grid = CellGrid(width: columns, height: rows)
        widget.draw(scene, projection: widget.fittedProjection(scene, columns: columns, rows: rows), into: &grid, x: 0, y: 0, columns: columns, rows: rows)
        var out = grid.text + "\n"
        out += "circles: trigger regions at the tour's radius; dotted: advised radius; lines: route and \(picture.walks.count) recorded walk\(picture.walks.count == 1 ? "" : "s")\n"
        return out
    }
}
