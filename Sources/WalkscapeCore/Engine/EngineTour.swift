import Foundation

/// The part of a tour the engine needs: each point's centre, radius and audio length, in order, with a
/// grid index so that a fix is compared only with the points whose regions could contain it.
public struct EngineTour: Sendable {
    /// One point as the engine sees it.
    public struct Point: Sendable, Equatable {
        public var order: Int
        public var id: String
        public var location: LatLng
        public var radiusMeters: Double
        /// The decoded length of the point's audio in the chosen language, in seconds.
        public var audioSeconds: Double

        public init(order: Int, id: String, location: LatLng, radiusMeters: Double, audioSeconds: Double) {
            self.order = order
            self.id = id
            self.location = location
            self.radiusMeters = radiusMeters
            self.audioSeconds = audioSeconds
        }
    }

    /// The points sorted by order (`points[i].order == i + 1` for a valid tour).
    public let points: [Point]

    // Precomputed for speed: per point, sin/cos of latitude and radians, and a bounding box (degrees)
    // of its region plus the exit margin, enlarged by a safety factor.
    let latRadians: [Double]
    let lngDegrees: [Double]
    let cosLat: [Double]
    let boxes: [(minLat: Double, maxLat: Double, minLng: Double, maxLng: Double)]
    // A uniform grid over the boxes' extent: cell → indices of points whose box meets the cell.
    let grid: [[Int32]]
    let gridOrigin: (lat: Double, lng: Double)
    let cellSize: (lat: Double, lng: Double)
    let gridSize: (rows: Int, columns: Int)

    public init(points: [Point]) {
        let sorted = points.sorted { $0.order < $1.order }
        self.points = sorted
        latRadians = sorted.map { $0.location.lat * .pi / 180 }
        lngDegrees = sorted.map { $0.location.lng }
        cosLat = sorted.map { cos($0.location.lat * .pi / 180) }
        boxes = sorted.map { point in
            let reach = (point.radiusMeters + EnginePolicy.exitMargin(radius: point.radiusMeters)) * 1.01 + 1
            let dLat = reach / Geodesy.earthRadiusMeters * 180 / .pi
            let maxAbsLat = min(89.9, abs(point.location.lat) + dLat)
            let dLng = min(360, dLat / cos(maxAbsLat * .pi / 180))
            return (point.location.lat - dLat, point.location.lat + dLat, point.location.lng - dLng, point.location.lng + dLng)
        }
        // Grid cells about as large as the largest box, so a box meets at most four cells.
        let minLat = boxes.map(\.minLat).min() ?? 0
        let maxLat = boxes.map(\.maxLat).max() ?? 0
        let minLng = boxes.map(\.minLng).min() ?? 0
        let maxLng = boxes.map(\.maxLng).max() ?? 0
        let cellLat = max(1e-6, boxes.map { $0.maxLat - $0.minLat }.max() ?? 1)
        let cellLng = max(1e-6, boxes.map { $0.maxLng - $0.minLng }.max() ?? 1)
        let rows = max(1, min(1024, Int(((maxLat - minLat) / cellLat).rounded(.up))))
        let columns = max(1, min(1024, Int(((maxLng - minLng) / cellLng).rounded(.up))))
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
        grid = cells
        gridOrigin = (minLat, minLng)
        cellSize = (sizeLat, sizeLng)
        gridSize = (rows, columns)
    }

    /// The indices of points whose region (plus exit margin) could contain `location`; a superset.
    @inline(__always)
    func candidates(lat: Double, lng: Double) -> [Int32] {
        let row = Int(((lat - gridOrigin.lat) / cellSize.lat).rounded(.down))
        let column = Int(((lng - gridOrigin.lng) / cellSize.lng).rounded(.down))
        guard row >= 0, row < gridSize.rows, column >= 0, column < gridSize.columns else { return [] }
        return grid[row * gridSize.columns + column]
    }

    /// Whether `location` can be within `index`'s region plus exit margin (bounding-box test).
    @inline(__always)
    func mayReach(_ index: Int, lat: Double, lng: Double) -> Bool {
        let box = boxes[index]
        return lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng
    }

    /// The haversine distance in metres from a fix to point `index` (same formula as `Geodesy.distance`).
    @inline(__always)
    func distance(to index: Int, lat: Double, lng: Double, latRadians fixLat: Double, cosLat fixCos: Double) -> Double {
        let dPhi = latRadians[index] - fixLat
        let dLambda = (lngDegrees[index] - lng) * .pi / 180
        let s1 = sin(dPhi / 2)
        let s2 = sin(dLambda / 2)
        let h = s1 * s1 + fixCos * cosLat[index] * s2 * s2
        return 2 * Geodesy.earthRadiusMeters * atan2(h.squareRoot(), max(0, 1 - h).squareRoot())
    }
}
