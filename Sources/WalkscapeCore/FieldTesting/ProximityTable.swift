import Foundation

/// For one trace, each point's fixes within a cutoff distance, with a fast distance estimate: what the
/// radius analysis reads instead of recomputing distances for every radius it tries.
///
/// Only the fixes the engine evaluates are listed (the accuracy gate's ignored fixes are not), each with
/// its ordinal among evaluated fixes, so that consecutive-fix rules (`confirmFixes`) can be checked from
/// the list alone. A class over raw memory, refilled for every noisy replay without allocating. A fix farther than the cutoff is left out, which is exact for every question about radii
/// below the cutoff: such a fix is outside those regions and breaks any streak of inside fixes.
///
/// The estimate (`PointFrame.fastDistance`) is within 1e-6 of the haversine distance (relative, measured
/// up to 5 km at |latitude| ≤ 75°); every decision closer to a threshold than `PointFrame.band` is taken
/// with the exact haversine distance, so results are the engine's.
public final class ProximityTable: @unchecked Sendable {
    /// One point's nearby fixes, in fix order: a view into the table, valid until the next `fill`.
    public struct Entries {
        let table: ProximityTable
        let base: Int
        public let count: Int

        /// Index of the fix in the trace.
        @inline(__always) public func fix(_ q: Int) -> Int { Int(table.fixes[base + q]) }
        /// The fix's ordinal among evaluated fixes.
        @inline(__always) public func ordinal(_ q: Int) -> Int { Int(table.ordinals[base + q]) }
        /// The square of the fast distance estimate in metres (squares save a square root per fix).
        @inline(__always) public func distanceSquared(_ q: Int) -> Double { table.distances[base + q] }

        /// The first position whose fix is at or after `index` (binary search).
        public func firstPosition(atOrAfter index: Int) -> Int {
            var low = 0
            var high = count
            while low < high {
                let mid = (low + high) / 2
                if fix(mid) < index { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    public let pointCount: Int
    /// Fixes evaluated by the engine (not ignored by the accuracy gate).
    public private(set) var evaluatedFixes = 0

    // Entries of all points, grouped by point (point p's are starts[p] ..< starts[p + 1]), and the same
    // entries in fix order as the fill finds them; raw memory reused from fill to fill.
    private(set) var fixes: UnsafeMutablePointer<Int32>
    private(set) var ordinals: UnsafeMutablePointer<Int32>
    private(set) var distances: UnsafeMutablePointer<Double>
    private var found: UnsafeMutablePointer<Int32>
    private var foundPoints: UnsafeMutablePointer<Int32>
    private var foundOrdinals: UnsafeMutablePointer<Int32>
    private var foundDistances: UnsafeMutablePointer<Double>
    private var capacity = 0
    private var starts: [Int]

    public init(pointCount: Int) {
        self.pointCount = pointCount
        starts = Array(repeating: 0, count: pointCount + 1)
        capacity = 1024
        fixes = .allocate(capacity: capacity)
        ordinals = .allocate(capacity: capacity)
        distances = .allocate(capacity: capacity)
        found = .allocate(capacity: capacity)
        foundPoints = .allocate(capacity: capacity)
        foundOrdinals = .allocate(capacity: capacity)
        foundDistances = .allocate(capacity: capacity)
    }

    deinit {
        fixes.deallocate()
        ordinals.deallocate()
        distances.deallocate()
        found.deallocate()
        foundPoints.deallocate()
        foundOrdinals.deallocate()
        foundDistances.deallocate()
    }

    /// Point `p`'s entries.
    public func entries(_ p: Int) -> Entries { Entries(table: self, base: starts[p], count: starts[p + 1] - starts[p]) }

    /// How many entries the table holds for point `p`.
    public func count(_ p: Int) -> Int { starts[p + 1] - starts[p] }

    private func grow(to needed: Int, keeping used: Int = 0) {
        guard needed > capacity else { return }
        // `found*` hold the entries of the fill in progress (moved); the grouped arrays are rebuilt after it.
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        func moved<T>(_ old: UnsafeMutablePointer<T>, _ used: Int) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: used)
            old.deallocate()
            return new
        }
        fixes = moved(fixes, 0)
        ordinals = moved(ordinals, 0)
        distances = moved(distances, 0)
        found = moved(found, used)
        foundPoints = moved(foundPoints, used)
        foundOrdinals = moved(foundOrdinals, used)
        foundDistances = moved(foundDistances, used)
        capacity = newCapacity
    }

    /// Fills the table for `columns`: every evaluated fix for every point (`cutoff` infinite), or only those
    /// within `cutoff` metres, found through `grid`.
    public func fill(_ columns: FixColumns, frames: [PointFrame], grid: ProximityGrid?, cutoff: Double, minAccuracy: Double?) {
        let n = columns.count
        let gate = minAccuracy ?? .infinity
        let limit = cutoff + PointFrame.band(cutoff)
        let limitSquared = limit * limit
        let pointTotal = pointCount
        // A fix adds at most this many entries; the buffers grow (rarely) between fixes, never inside one.
        let candidatesPerFix = max(1, grid != nil && cutoff.isFinite ? grid!.grid.maxItemsPerCell : pointTotal)
        grow(to: min(n * candidatesPerFix, 2 * n + 1024))
        var found = self.found, foundPoints = self.foundPoints, foundOrdinals = self.foundOrdinals, foundDistances = self.foundDistances
        var room = capacity
        var counts = [Int](repeating: 0, count: pointTotal + 1)
        var total = 0
        var ordinal = 0
        let useGrid = grid != nil && cutoff.isFinite
        let cellStarts = grid?.grid.cellStart ?? [0]
        let cellItems = grid?.grid.cellItems ?? []
        let boxes = grid?.grid.boxes ?? []
        let origin = grid?.grid.origin ?? (0, 0)
        let inverseSize = grid?.grid.inverseSize ?? (0, 0)
        let rows = Double(grid?.grid.size.rows ?? 0)
        let columnCount = grid?.grid.size.columns ?? 0
        let columnLimit = Double(columnCount)
        counts.withUnsafeMutableBufferPointer { counts in
        columns.latitudes.withUnsafeBufferPointer { latitudes in
        columns.longitudes.withUnsafeBufferPointer { longitudes in
        columns.accuracies.withUnsafeBufferPointer { accuracies in
        frames.withUnsafeBufferPointer { frames in
        cellStarts.withUnsafeBufferPointer { cellStarts in
        cellItems.withUnsafeBufferPointer { cellItems in
        boxes.withUnsafeBufferPointer { boxes in
            for i in 0..<n {
                if accuracies[i] > gate { continue }
                if total + candidatesPerFix > room {
                    grow(to: total + candidatesPerFix, keeping: total)
                    (found, foundPoints, foundOrdinals, foundDistances, room) = (self.found, self.foundPoints, self.foundOrdinals, self.foundDistances, capacity)
                }
                let lat = latitudes[i]
                let lng = longitudes[i]
                /// Records this fix for point `p` when it is within the limit.
                @inline(__always) func consider(_ p: Int) {
                    let d = frames[p].fastDistanceSquared(lat: lat, lng: lng)
                    guard d <= limitSquared else { return }
                    found[total] = Int32(truncatingIfNeeded: i)
                    foundPoints[total] = Int32(truncatingIfNeeded: p)
                    foundOrdinals[total] = Int32(truncatingIfNeeded: ordinal)
                    foundDistances[total] = d
                    total += 1
                    counts[p] += 1
                }
                if useGrid {
                    // The grid cell, as `BoxGrid.cell` computes it.
                    let row = ((lat - origin.0) * inverseSize.0).rounded(.down)
                    let column = ((lng - origin.1) * inverseSize.1).rounded(.down)
                    if row >= 0, row < rows, column >= 0, column < columnLimit {
                        let cell = Int(row) * columnCount + Int(column)
                        for k in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                            let p = Int(cellItems[k])
                            if boxes[p].contains(lat: lat, lng: lng) { consider(p) }
                        }
                    }
                } else {
                    for p in 0..<frames.count { consider(p) }
                }
                ordinal += 1
            }
        }
        }
        }
        }
        }
        }
        }
        }
        evaluatedFixes = ordinal
        // Group by point, keeping fix order within each (a stable counting sort).
        var position = 0
        for p in 0..<pointTotal {
            starts[p] = position
            position += counts[p]
        }
        starts[pointTotal] = position
        var next = starts
        let fixes = self.fixes, ordinals = self.ordinals, distances = self.distances
        next.withUnsafeMutableBufferPointer { next in
            for k in 0..<total {
                let p = Int(foundPoints[k])
                let slot = next[p]
                next[p] = slot + 1
                fixes[slot] = found[k]
                ordinals[slot] = foundOrdinals[k]
                distances[slot] = foundDistances[k]
            }
        }
    }
}
