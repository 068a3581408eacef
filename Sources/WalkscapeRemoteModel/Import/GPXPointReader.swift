import Foundation
import WalkscapeTraces
import WalkscapeCore

/// Reads a GPX file's waypoints as the points of a tour (`walkscape import points.gpx`): each `<wpt>` is a
/// point (`<name>`, `<desc>`, and in `<extensions>` any element named `order`, `radius`,
/// `triggerRadiusMeters` or `id`, whatever its namespace); the first track or route is the tour's route;
/// `<metadata><name>` is its title. Elements are matched by local name.
///
/// The file is read by `GPXStreamParser`, the reader of GPX traces (fuzzed, and checked against libxml2's
/// verdict on well-formedness), with `readsWaypoints` on: a file it refuses is refused with its message.
public enum GPXPointReader {
    /// The largest waypoint file read (the points are kept in memory; waypoint files are small).
    public static let maxBytes = 8 << 20

    public static func read(_ data: Data, file: String) throws(TourImportError) -> SourceTour {
        guard data.count <= maxBytes else {
            throw TourImportError("\(file): \(data.count) bytes, more than the \(maxBytes >> 20) MiB a file of waypoints may have; keep only the <wpt> elements (and one route)")
        }
        var parser = GPXStreamParser()
        parser.readsWaypoints = true
        let summary: TraceSummary
        do throws(TraceParseError) {
            try parser.feed([UInt8](data))
            summary = try parser.finishDocument()
        } catch {
            throw TourImportError("\(file): \(error.line > 0 ? "line \(error.line): " : "")not a readable GPX file (\(error.message)); expected <gpx> with <wpt lat=\"…\" lon=\"…\"> waypoints")
        }
        guard summary.format == .gpx else { throw TourImportError("\(file): not a GPX file (the root element is not <gpx>)") }
        var source = SourceTour(file: file)
        for (index, waypoint) in parser.waypoints.enumerated() {
            source.points.append(try point(waypoint, number: index + 1, file: file))
        }
        source.route = parser.pointLines.first(where: { $0.count >= 2 }) ?? []
        if let title = parser.metadataName.map(clean), !title.isEmpty { source.title = [(nil, title)] }
        return source
    }

    /// The tour point of the `number`th waypoint.
    static func point(_ waypoint: GPXWaypoint, number: Int, file: String) throws(TourImportError) -> SourceTour.Point {
        var point = SourceTour.Point(place: "wpt #\(number) (line \(waypoint.line))")
        if waypoint.hasOverlongText {
            throw TourImportError(.invalid, "\(file): \(point.place): a text longer than \(GPXStreamParser.maxWaypointTextBytes >> 10) KiB; expected a short <name>, <desc> and extensions")
        }
        if let lat = waypoint.latitude, let lon = waypoint.longitude {
            if (-90...90).contains(lat), (-180...180).contains(lon) {
                point.location = LatLng(lat: lat, lng: lon)
            } else {
                point.locationProblem = "coordinates out of range (lat \(lat), lon \(lon); expected lat −90…90, lon −180…180)"
            }
        } else {
            point.locationProblem = "no coordinates (expected lat=\"…\" and lon=\"…\" attributes)"
        }
        if let name = waypoint.name.map(clean), !name.isEmpty { point.title = [(nil, name)] }
        if let description = waypoint.description.map(clean), !description.isEmpty { point.description = [(nil, description)] }
        if let value = waypoint.extensions["order"].map(clean), !value.isEmpty {
            guard let order = Int(value), order >= 1, order <= 100_000 else {
                throw TourImportError(.invalid, "\(file): \(point.place): <order>\(value)</order>: expected a whole number from 1 (the first point) up")
            }
            point.order = order
        }
        for name in ["radius", "triggerRadiusMeters", "radiusMeters"] {
            guard let value = waypoint.extensions[name].map(clean), !value.isEmpty else { continue }
            guard let radius = Double(value), radius.isFinite else {
                throw TourImportError(.invalid, "\(file): \(point.place): <\(name)>\(value)</\(name)>: expected a number of metres")
            }
            point.radius = radius
        }
        if let id = waypoint.extensions["id"].map(clean), !id.isEmpty { point.id = id }
        return point
    }

    /// A text trimmed of white space and made safe to show on a terminal.
    static func clean(_ text: String) -> String {
        TerminalText.sanitize(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
