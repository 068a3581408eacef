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
        /// Metres per degree of latitude (M(φ₀)·π/180) and of longitude before the cosine (N(φ₀)·π/180) on
        /// the WGS84 ellipsoid at the point.
        var wgs84MetersPerDegreeLat: Double
        var wgs84MetersPerDegreeLng: Double

        @inline(__always)
        func mayReach(lat: Double, lng: Double) -> Bool {
            lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng
        }

        /// The exact distance in metres under `model`: for `.sphere` computed exactly as
        /// `Geodesy.distance(fix, point)` does (haversine), for `.wgs84` the geodesic (`WGS84.distance`).
        @inline(__always)
        func distance(_ model: DistanceModel, lat: Double, lng: Double, latRadians fixLat: Double, cosLat fixCos: Double) -> Double {
            if model == .wgs84 { return WGS84.distance(lat1: lat, lng1: lng, lat2: latDegrees, lng2: lngDegrees) }
            let dPhi = latRadians - fixLat
            let dLambda = (lngDegrees - lng) * .pi / 180
            let s1 = sin(dPhi / 2)
            let s2 = sin(dLambda / 2)
            let h = s1 * s1 + fixCos * cosLat * s2 * s2
            return 2 * Geodesy.earthRadiusMeters * atan2(h.squareRoot(), max(0, 1 - h).squareRoot())
        }

        /// A quick distance estimate (equirectangular) that agrees with the exact distance under `model` to
        /// far better than 1 % for the distances a region's box admits (the engine's band; see
        /// docs/profiles.md "Distances" for the bound). On the sphere a degree is R·π/180 both ways; on the
        /// ellipsoid it is the point's own radii of curvature, M(φ₀)·π/180 north–south and N(φ₀)·π/180 east–west.
        /// With `ownCosineSuffices` (the point's cos(latitude) within 0.2 % of any fix's in its box) it uses
        /// the point's cosine alone.
        @inline(__always)
        func approximateDistance(_ model: DistanceModel, lat: Double, lng: Double, fixCos: Double) -> Double {
            let kLat = model == .wgs84 ? wgs84MetersPerDegreeLat : Geometry.sphereMetersPerDegree
            let kLng = model == .wgs84 ? wgs84MetersPerDegreeLng : Geometry.sphereMetersPerDegree
            let dy = (latDegrees - lat) * kLat
            let scale = ownCosineSuffices ? cosLat : 0.5 * (fixCos + cosLat)
            let dx = (lngDegrees - lng) * kLng * scale
            return (dx * dx + dy * dy).squareRoot()
        }

        static let sphereMetersPerDegree = Geodesy.earthRadiusMeters * .pi / 180
    }

    let geometry: [Geometry]
    /// `geometry` and the grid's `cellStart` and `cellItems` as raw read-only memory owned by the tour.
    let geometryPointer: UnsafeMutablePointer<Geometry>
    let cellStartPointer: UnsafeMutablePointer<Int32>
    let cellItemsPointer: UnsafeMutablePointer<Int32>

    /// The regions' boxes in a grid: the points whose box meets a fix's cell are the only ones it is compared with.
    let grid: BoxGrid

    public init(points: [Point]) {
        let sorted = points.sorted { $0.order < $1.order }
        self.points = sorted
        let boxes = sorted.map { point in
            BoxGrid.Box.around(point.location, reach: (point.radiusMeters + EnginePolicy.exitMargin(radius: point.radiusMeters)) * 1.02 + 1)
        }
        // Cells about as large as the largest box, so a box meets at most four cells.
        grid = BoxGrid(boxes: boxes, cellsPerBox: 1, maxSide: 1024)
        geometry = zip(sorted, boxes).map { point, box in
            let reach = (box.maxLat - box.minLat) / 2 * .pi / 180
            let worst = min(89 * Double.pi / 180, abs(point.location.lat) * .pi / 180 + reach)
            return Geometry(
                latDegrees: point.location.lat, lngDegrees: point.location.lng, latRadians: point.location.lat * .pi / 180,
                cosLat: cos(point.location.lat * .pi / 180), radius: point.radiusMeters,
                exitRadius: point.radiusMeters + EnginePolicy.exitMargin(radius: point.radiusMeters),
                minLat: box.minLat, maxLat: box.maxLat, minLng: box.minLng, maxLng: box.maxLng,
                ownCosineSuffices: tan(worst) * reach < 0.002,
                wgs84MetersPerDegreeLat: WGS84.meridionalRadius(lat: point.location.lat) * .pi / 180,
                wgs84MetersPerDegreeLng: WGS84.primeVerticalRadius(lat: point.location.lat) * .pi / 180)
        }
        let starts = grid.cellStart
        let items = grid.cellItems
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
        cellStartPointer.deinitialize(count: grid.cellStart.count)
        cellStartPointer.deallocate()
        cellItemsPointer.deinitialize(count: grid.cellItems.count)
        cellItemsPointer.deallocate()
    }

    /// The grid cell holding `lat`, `lng`, or -1 outside the grid (no region can contain the fix).
    @inline(__always)
    func cell(lat: Double, lng: Double) -> Int { grid.cell(lat: lat, lng: lng) }
}
