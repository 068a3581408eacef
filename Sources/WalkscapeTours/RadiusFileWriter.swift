import Foundation
import WalkscapeCore
import WalkscapeSystem

/// Writes trigger radii into a tour's `tour.json`: only the `triggerRadiusMeters` values change, every
/// other byte stays as it was (spacing, order, unknown fields). The new text is read back and checked
/// before it replaces the old one, atomically (a temporary file beside it, flushed, renamed over it).
public struct RadiusFileWriter: Sendable {
    public init() {}

    /// Writes `radii` (by point order) into the tour file of `loaded`; returns the new file's bytes. With
    /// `dryRun`, checks everything and writes nothing.
    public func write(_ radii: [Int: Double], into loaded: LoadedTour, dryRun: Bool = false) throws(RadiusWriteError) -> [UInt8] {
        guard let tour = loaded.tour else { throw RadiusWriteError("\(loaded.location.jsonFile): cannot be read as a tour") }
        let path = loaded.location.jsonFile
        guard let data = FileManager.default.contents(atPath: path) else { throw RadiusWriteError("\(path): cannot be read") }
        let before = Array(data)
        var replacements: [JSONPath: String] = [:]
        for (order, radius) in radii {
            guard let point = tour.points.first(where: { $0.order == order }) else { throw RadiusWriteError("\(path): no point \(order)") }
            guard radius > 0, radius <= ValueRanges.maxTriggerRadiusMeters, radius.isFinite else {
                throw RadiusWriteError("\(path): point \(order): \(formatShortNumber(radius)) m is not a trigger radius (expected > 0 and ≤ 100000)")
            }
            replacements[JSONPath([.key("points"), .index(point.fileIndex), .key("triggerRadiusMeters")])] = RadiusWriteBack.jsonText(radius)
        }
        let after: [UInt8]
        do {
            after = try JSONTextSplicer(replacements: replacements).apply(to: before)
        } catch {
            throw RadiusWriteError("\(path): \(error.message)")
        }
        // Read back: the same tour but for the radii asked for.
        let decoded = TourLoader.decode(after, location: loaded.location)
        guard var check = decoded.tour, !decoded.diagnostics.hasErrors else {
            throw RadiusWriteError("\(path): the rewritten file would not read back (\(decoded.diagnostics.first?.description ?? "unknown problem")); nothing was written")
        }
        for index in check.points.indices {
            let wanted = radii[check.points[index].order].map(RadiusWriteBack.writable)
            guard wanted == nil || check.points[index].triggerRadiusMeters == wanted else {
                throw RadiusWriteError("\(path): point \(check.points[index].order)'s radius did not read back as written; nothing was written")
            }
            check.points[index].triggerRadiusMeters = tour.points[index].triggerRadiusMeters
        }
        guard check == tour else { throw RadiusWriteError("\(path): the rewrite would change more than the radii; nothing was written") }
        if !dryRun && after != before {
            _ = ScratchFiles.removeStale(beside: path)
            do {
                try AtomicFileWriter.write(after, to: path)
            } catch {
                throw RadiusWriteError(error.message)
            }
        }
        return after
    }
}
