import Foundation

/// The part of a tour the engine needs: each point's centre, radius and audio length, in order, with a
/// grid index so that a fix is compared only with the points whose regions could contain it.
///
/// Immutable after `init`; a class so that the engine's state carries one reference, and the hot loop
/// reads the packed geometry and grid through raw pointers that live as long as the tour (no reference
/// counting or bounds checks per fix). `@unchecked Sendable` is sound because nothing is written after
/// `init`.
public final class EngineTour: @unchecked Sendable {
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

    /// Everything the hot loop reads about one point, packed together (one array, contiguous).
    struct Geometry: Sendable {
        var latDegrees: Double
        var lngDegrees: Double
        var latRadians: Double
        var cosLat: Double
        var radius: Double
        var exitRadius: Double
        var minLat: Double
        var maxLat: Double
        var minLng: Double
        var maxLng: Double
        /// Whether the point's own cos(latitude) is within 0.2 % of any fix's in its box.
        var ownCosineSuffices: Bool

        @inline(__always)
        func mayReach(lat: Double, lng: Double) -> Bool {
            lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng
        }

        /// The haversine distance in metres, computed exactly as `Geodesy.distance(fix, point)` does.
        @inline(__always)
        func distance(lat: Double, lng: Double, latRadians fixLat: Double, cosLat fixCos: Double) -> Double {
            let dPhi = latRadians - fixLat
            let dLambda = (lngDegrees - lng) * .pi / 180
            let s1 = sin(dPhi / 2)
            let s2 = sin(dLambda / 2)
            let h = s1 * s1 + fixCos * cosLat * s2 * s2
            return 2 * Geodesy.earthRadiusMeters * atan2(h.squareRoot(), max(0, 1 - h).squareRoot())
        }

        /// A quick distance estimate (equirectangular) that agrees with the haversine distance to far
        /// better than 1 % for the short distances a region's box admits. With `ownCosineSuffices` (the
        /// point's cos(latitude) within 0.2 % of any fix's in its box) it uses the point's cosine alone.
        @inline(__always)
        func approximateDistance(lat: Double, lng: Double, fixCos: Double) -> Double {
            let k = Geodesy.earthRadiusMeters * .pi / 180
            let dy = (latDegrees - lat) * k
            let scale = ownCosineSuffices ? cosLat : 0.5 * (fixCos + cosLat)
            let dx = (lngDegrees - lng) * k * scale
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    let geometry: [Geometry]
    /// `geometry`, `cellStart` and `cellItems` as raw read-only memory owned by the tour.
    let geometryPointer: UnsafeMutablePointer<Geometry>
    let cellStartPointer: UnsafeMutablePointer<Int32>
    let cellItemsPointer: UnsafeMutablePointer<Int32>

    // A uniform grid over the boxes' extent in compressed rows: the points whose box meets cell `c` are
    // `cellItems[cellStart[c]..<cellStart[c + 1]]`.
    let cellStart: [Int32]
    let cellItems: [Int32]
    let gridOrigin: (lat: Double, lng: Double)
    let inverseCellSize: (lat: Double, lng: Double)
    let gridSize: (rows: Int, columns: Int)

    public init(points: [Point]) {
        let sorted = points.sorted { $0.order < $1.order }
        self.points = sorted
        var boxes: [(minLat: Double, maxLat: Double, minLng: Double, maxLng: Double)] = []
        for point in sorted {
            let reach = (point.radiusMeters + EnginePolicy.exitMargin(radius: point.radiusMeters)) * 1.02 + 1
            let dLat = reach / Geodesy.earthRadiusMeters * 180 / .pi
            let maxAbsLat = min(89.9, abs(point.location.lat) + dLat)
            let dLng = min(360, dLat / cos(maxAbsLat * .pi / 180))
            boxes.append((point.location.lat - dLat, point.location.lat + dLat, point.location.lng - dLng, point.location.lng + dLng))
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
        geometry = zip(sorted, boxes).map { point, box in
            let reach = (box.maxLat - box.minLat) / 2 * .pi / 180
            let worst = min(89 * Double.pi / 180, abs(point.location.lat) * .pi / 180 + reach)
            return Geometry(
                latDegrees: point.location.lat, lngDegrees: point.location.lng, latRadians: point.location.lat * .pi / 180,
                cosLat: cos(point.location.lat * .pi / 180), radius: point.radiusMeters,
                exitRadius: point.radiusMeters + EnginePolicy.exitMargin(radius: point.radiusMeters),
                minLat: box.minLat, maxLat: box.maxLat, minLng: box.minLng, maxLng: box.maxLng,
                ownCosineSuffices: tan(worst) * reach < 0.002)
        }
        var starts: [Int32] = [0]
        var items: [Int32] = []
        for cell in cells {
            items += cell
            starts.append(Int32(items.count))
        }
        cellStart = starts
        cellItems = items
        gridOrigin = (minLat, minLng)
        inverseCellSize = (1 / sizeLat, 1 / sizeLng)
        gridSize = (rows, columns)
        geometryPointer = UnsafeMutablePointer<Geometry>.allocate(capacity: max(1, geometry.count))
        geometryPointer.initialize(from: geometry, count: geometry.count)
        cellStartPointer = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, starts.count))
        cellStartPointer.initialize(from: starts, count: starts.count)
        cellItemsPointer = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, items.count))
        cellItemsPointer.initialize(from: items, count: items.count)
    }

    deinit {
        geometryPointer.deinitialize(count: geometry.count)
        geometryPointer.deallocate()
        cellStartPointer.deinitialize(count: cellStart.count)
        cellStartPointer.deallocate()
        cellItemsPointer.deinitialize(count: cellItems.count)
        cellItemsPointer.deallocate()
    }

    /// The grid cell holding `lat`, `lng`, or -1 outside the grid (no region can contain the fix).
    @inline(__always)
    func cell(lat: Double, lng: Double) -> Int {
        let rowValue = ((lat - gridOrigin.lat) * inverseCellSize.lat).rounded(.down)
        let columnValue = ((lng - gridOrigin.lng) * inverseCellSize.lng).rounded(.down)
        guard rowValue >= 0, rowValue < Double(gridSize.rows), columnValue >= 0, columnValue < Double(gridSize.columns) else {
            return -1
        }
        return Int(rowValue) * gridSize.columns + Int(columnValue)
    }
}
