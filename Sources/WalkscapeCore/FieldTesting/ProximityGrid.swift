import Foundation

/// A uniform grid over the points' neighbourhoods, so that a fix is compared only with points whose
/// cutoff box contains it (a `BoxGrid`, as the engine's tour uses).
public struct ProximityGrid: Sendable {
    let grid: BoxGrid

    /// A grid for points at `locations` and fixes within `cutoff` metres of them; cells an eighth of a box,
    /// so a cell lists few points whose box does not hold most of it.
    public init(locations: [LatLng], cutoff: Double) {
        grid = BoxGrid(boxes: locations.map { BoxGrid.Box.around($0, reach: cutoff * 1.01 + 1) }, cellsPerBox: 8, maxSide: 2048)
    }
}
