import Foundation

/// A uniform latitude/longitude grid over a set of boxes, in compressed rows: the boxes that meet cell `c`
/// are `cellItems[cellStart[c]..<cellStart[c + 1]]`. A position is then compared only with the few boxes
/// of its cell. The engine's tour (regions) and the radius analysis' proximity table (cut-off
/// neighbourhoods) are both built on it.
struct BoxGrid: Sendable {
    /// A box in degrees.
    struct Box: Sendable {
        var minLat: Double
        var maxLat: Double
        var minLng: Double
        var maxLng: Double

        /// The box holding every position within `reach` metres of `location` (longitude span taken at the
        /// box's pole-side latitude, so it is never too narrow).
        static func around(_ location: LatLng, reach: Double) -> Box {
            let dLat = reach / Geodesy.earthRadiusMeters * 180 / .pi
            let maxAbsLat = min(89.9, abs(location.lat) + dLat)
            let dLng = min(360, dLat / cos(maxAbsLat * .pi / 180))
            return Box(minLat: location.lat - dLat, maxLat: location.lat + dLat, minLng: location.lng - dLng, maxLng: location.lng + dLng)
        }

        @inline(__always)
        func contains(lat: Double, lng: Double) -> Bool { lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng }
    }

    let boxes: [Box]
    let cellStart: [Int32]
    let cellItems: [Int32]
    /// The most boxes listed in one cell.
    let maxItemsPerCell: Int
    let origin: (lat: Double, lng: Double)
    let inverseSize: (lat: Double, lng: Double)
    let size: (rows: Int, columns: Int)

    /// A grid whose cells are the largest box's size divided by `cellsPerBox` along each axis, at most
    /// `maxSide` cells a side.
    init(boxes: [Box], cellsPerBox: Double, maxSide: Int) {
        self.boxes = boxes
        let minLat = boxes.map(\.minLat).min() ?? 0
        let maxLat = boxes.map(\.maxLat).max() ?? 0
        let minLng = boxes.map(\.minLng).min() ?? 0
        let maxLng = boxes.map(\.maxLng).max() ?? 0
        let cellLat = max(1e-6, boxes.map { $0.maxLat - $0.minLat }.max() ?? 1) / cellsPerBox
        let cellLng = max(1e-6, boxes.map { $0.maxLng - $0.minLng }.max() ?? 1) / cellsPerBox
        let rows = max(1, min(maxSide, Int(((maxLat - minLat) / cellLat).rounded(.up))))
        let columns = max(1, min(maxSide, Int(((maxLng - minLng) / cellLng).rounded(.up))))
        let sizeLat = max(1e-9, (maxLat - minLat) / Double(rows))
        let sizeLng = max(1e-9, (maxLng - minLng) / Double(columns))
        var cells = Array(repeating: [Int32](), count: rows * columns)
        for (index, box) in boxes.enumerated() {
            let r0 = max(0, min(rows - 1, Int((box.minLat - minLat) / sizeLat)))
            let r1 = max(0, min(rows - 1, Int((box.maxLat - minLat) / sizeLat)))
            let c0 = max(0, min(columns - 1, Int((box.minLng - minLng) / sizeLng)))
            let c1 = max(0, min(columns - 1, Int((box.maxLng - minLng) / sizeLng)))
            for r in r0...r1 {
                for c in c0...c1 { cells[r * columns + c].append(Int32(index)) }
            }
        }
        var starts: [Int32] = [0]
        var items: [Int32] = []
        for cell in cells {
            items += cell
            starts.append(Int32(items.count))
        }
        cellStart = starts
        cellItems = items
        maxItemsPerCell = cells.map(\.count).max() ?? 0
        origin = (minLat, minLng)
        inverseSize = (1 / sizeLat, 1 / sizeLng)
        size = (rows, columns)
    }

    /// The cell holding `lat`, `lng`, or -1 outside the grid (no box contains the position).
    @inline(__always)
    func cell(lat: Double, lng: Double) -> Int {
        let row = ((lat - origin.lat) * inverseSize.lat).rounded(.down)
        let column = ((lng - origin.lng) * inverseSize.lng).rounded(.down)
        guard row >= 0, row < Double(size.rows), column >= 0, column < Double(size.columns) else { return -1 }
        return Int(row) * size.columns + Int(column)
    }
}
