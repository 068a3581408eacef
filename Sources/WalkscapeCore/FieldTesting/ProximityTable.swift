import Foundation

/// For one trace, each point's fixes within a cutoff distance, with a fast distance estimate: what the
/// radius analysis reads instead of recomputing distances for every radius it tries.
///
/// Only the fixes the engine evaluates are listed (the accuracy gate's ignored fixes are not), each with
/// its ordinal among evaluated fixes, so that consecutive-fix rules (`confirmFixes`) can be checked from
/// the list alone. A fix farther than the cutoff is left out, which is exact for every question about radii
/// below the cutoff: such a fix is outside those regions and breaks any streak of inside fixes.
///
/// The estimate (`PointFrame.fastDistance`) is within 1e-6 of the haversine distance (relative, measured
/// up to 5 km at |latitude| ≤ 75°); every decision closer to a threshold than `PointFrame.band` is taken
/// with the exact haversine distance, so results are the engine's.
public struct ProximityTable: Sendable {
    /// One point's nearby fixes, in fix order.
    public struct Entries: Sendable {
        /// Index of the fix in the trace.
        public var fix: [Int32] = []
        /// The fix's ordinal among evaluated fixes.
        public var ordinal: [Int32] = []
        /// The fast distance estimate in metres.
        public var distance: [Double] = []

        public var count: Int { fix.count }

        mutating func removeAll() {
            fix.removeAll(keepingCapacity: true)
            ordinal.removeAll(keepingCapacity: true)
            distance.removeAll(keepingCapacity: true)
        }

        mutating func append(fix index: Int, ordinal: Int, distance value: Double) {
            fix.append(Int32(index))
            self.ordinal.append(Int32(ordinal))
            distance.append(value)
        }

        /// The first position whose fix is at or after `index` (binary search).
        public func firstPosition(atOrAfter index: Int) -> Int {
            var low = 0
            var high = fix.count
            while low < high {
                let mid = (low + high) / 2
                if Int(fix[mid]) < index { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    public var points: [Entries]
    /// Fixes evaluated by the engine (not ignored by the accuracy gate).
    public private(set) var evaluatedFixes = 0

    public init(pointCount: Int) {
        points = Array(repeating: Entries(), count: pointCount)
    }

    /// Fills the table for `trace`: every evaluated fix for every point (`cutoff` infinite), or only those
    /// within `cutoff` metres, found through `grid`.
    public mutating func fill(trace: Trace, frames: [PointFrame], grid: ProximityGrid?, cutoff: Double, minAccuracy: Double?) {
        for p in points.indices { points[p].removeAll() }
        evaluatedFixes = 0
        let n = trace.count
        let usesGate = minAccuracy != nil
        let gate = minAccuracy ?? .infinity
        var ordinal = 0
        trace.latitudes.withUnsafeBufferPointer { latitudes in
            trace.longitudes.withUnsafeBufferPointer { longitudes in
                for i in 0..<n {
                    if usesGate, trace.effectiveAccuracy(i) > gate { continue }
                    let lat = latitudes[i]
                    let lng = longitudes[i]
                    if let grid, cutoff.isFinite {
                        let cell = grid.cell(lat: lat, lng: lng)
                        if cell >= 0 {
                            for k in grid.cellStart[cell]..<grid.cellStart[cell + 1] {
                                let p = Int(grid.cellItems[k])
                                guard grid.boxes[p].contains(lat: lat, lng: lng) else { continue }
                                let d = frames[p].fastDistance(lat: lat, lng: lng)
                                if d <= cutoff + PointFrame.band(cutoff) { points[p].append(fix: i, ordinal: ordinal, distance: d) }
                            }
                        }
                    } else {
                        for p in frames.indices {
                            let d = frames[p].fastDistance(lat: lat, lng: lng)
                            if d <= cutoff + PointFrame.band(cutoff) { points[p].append(fix: i, ordinal: ordinal, distance: d) }
                        }
                    }
                    ordinal += 1
                }
            }
        }
        evaluatedFixes = ordinal
        // A grid lists a point at most once per cell, and a fix falls in one cell: entries come in fix order.
    }
}

/// A point's position prepared for fast distances.
public struct PointFrame: Sendable {
    public var lat: Double
    public var lng: Double
    let cosLat: Double
    let sinLat: Double

    static let metersPerDegree = Geodesy.earthRadiusMeters * .pi / 180

    public init(_ location: LatLng) {
        lat = location.lat
        lng = location.lng
        cosLat = cos(location.lat * .pi / 180)
        sinLat = sin(location.lat * .pi / 180)
    }

    /// How close to a threshold `r` a fast estimate must be for the exact distance to decide.
    @inline(__always)
    public static func band(_ r: Double) -> Double { r.isFinite ? 1e-4 * r + 0.01 : 0 }

    /// A local equirectangular distance with the cosine of the mid-latitude to first order: within 1e-6
    /// (relative) of the haversine distance at city scale.
    @inline(__always)
    public func fastDistance(lat fixLat: Double, lng fixLng: Double) -> Double {
        let dLat = fixLat - lat
        var dLng = fixLng - lng
        if dLng > 180 { dLng -= 360 } else if dLng < -180 { dLng += 360 }
        let dy = dLat * Self.metersPerDegree
        let scale = cosLat - sinLat * (dLat * .pi / 360)
        let dx = dLng * Self.metersPerDegree * scale
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The exact distance the engine compares with radii (haversine, fix first).
    @inline(__always)
    public func exactDistance(lat fixLat: Double, lng fixLng: Double) -> Double {
        Geodesy.distance(LatLng(lat: fixLat, lng: fixLng), LatLng(lat: lat, lng: lng))
    }
}

/// A uniform grid over the points' neighbourhoods, so that a fix is compared only with points whose
/// cutoff box contains it (the same construction as the engine's).
public struct ProximityGrid: Sendable {
    struct Box: Sendable {
        var minLat: Double
        var maxLat: Double
        var minLng: Double
        var maxLng: Double

        @inline(__always)
        func contains(lat: Double, lng: Double) -> Bool { lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng }
    }

    let boxes: [Box]
    let cellStart: [Int]
    let cellItems: [Int32]
    let origin: (lat: Double, lng: Double)
    let inverseSize: (lat: Double, lng: Double)
    let size: (rows: Int, columns: Int)

    /// A grid for points at `locations` and fixes within `cutoff` metres of them.
    public init(locations: [LatLng], cutoff: Double) {
        let reach = cutoff * 1.01 + 1
        var boxes: [Box] = []
        for location in locations {
            let dLat = reach / Geodesy.earthRadiusMeters * 180 / .pi
            let maxAbsLat = min(89.9, abs(location.lat) + dLat)
            let dLng = min(360, dLat / cos(maxAbsLat * .pi / 180))
            boxes.append(Box(minLat: location.lat - dLat, maxLat: location.lat + dLat, minLng: location.lng - dLng, maxLng: location.lng + dLng))
        }
        self.boxes = boxes
        let minLat = boxes.map(\.minLat).min() ?? 0
        let maxLat = boxes.map(\.maxLat).max() ?? 0
        let minLng = boxes.map(\.minLng).min() ?? 0
        let maxLng = boxes.map(\.maxLng).max() ?? 0
        let cellLat = max(1e-6, boxes.map { $0.maxLat - $0.minLat }.max() ?? 1) / 2
        let cellLng = max(1e-6, boxes.map { $0.maxLng - $0.minLng }.max() ?? 1) / 2
        let rows = max(1, min(2048, Int(((maxLat - minLat) / cellLat).rounded(.up))))
        let columns = max(1, min(2048, Int(((maxLng - minLng) / cellLng).rounded(.up))))
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
        var starts = [0]
        var items: [Int32] = []
        for cell in cells {
            items += cell
            starts.append(items.count)
        }
        cellStart = starts
        cellItems = items
        origin = (minLat, minLng)
        inverseSize = (1 / sizeLat, 1 / sizeLng)
        size = (rows, columns)
    }

    /// The cell holding a position, or -1 outside the grid.
    @inline(__always)
    func cell(lat: Double, lng: Double) -> Int {
        let row = ((lat - origin.lat) * inverseSize.lat).rounded(.down)
        let column = ((lng - origin.lng) * inverseSize.lng).rounded(.down)
        guard row >= 0, row < Double(size.rows), column >= 0, column < Double(size.columns) else { return -1 }
        return Int(row) * size.columns + Int(column)
    }
}
