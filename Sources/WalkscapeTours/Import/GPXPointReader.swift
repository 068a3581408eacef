import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WalkscapeCore

/// Reads a GPX file's waypoints as the points of a tour (`walkscape import points.gpx`): each `<wpt>` is a
/// point (`<name>`, `<desc>`, and in `<extensions>` any element named `order`, `radius`,
/// `triggerRadiusMeters` or `id`, whatever its namespace); the first track or route is the tour's route;
/// `<metadata><name>` is its title. Elements are matched by local name.
public enum GPXPointReader {
    /// The largest waypoint file read (Foundation's XML parser reads the whole document; waypoint files are small).
    public static let maxBytes = 8 << 20

    public static func read(_ data: Data, file: String) throws(TourImportError) -> SourceTour {
        guard data.count <= maxBytes else {
            throw TourImportError("\(file): \(data.count) bytes, more than the \(maxBytes >> 20) MiB a file of waypoints may have; keep only the <wpt> elements (and one route)")
        }
        let delegate = Collector(file: file)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        if !parser.parse() || delegate.failure != nil {
            if let failure = delegate.failure { throw failure }
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
            throw TourImportError("\(file): line \(parser.lineNumber): not a readable GPX file (\(reason)); expected <gpx> with <wpt lat=\"…\" lon=\"…\"> waypoints")
        }
        guard delegate.sawRoot else { throw TourImportError("\(file): not a GPX file (the root element is not <gpx>)") }
        if let open = delegate.openElement {
            throw TourImportError("\(file): line \(parser.lineNumber): not a readable GPX file (it ends inside <\(open)>: cut short?); expected a complete <gpx> document")
        }
        var source = SourceTour(file: file)
        source.points = delegate.points
        source.route = delegate.tracks.first(where: { $0.count >= 2 }) ?? []
        if let title = delegate.title { source.title = [(nil, title)] }
        return source
    }

    /// The SAX delegate that collects waypoints and the first track.
    final class Collector: NSObject, XMLParserDelegate {
        let file: String
        var points: [SourceTour.Point] = []
        var tracks: [[LatLng]] = []
        var title: String?
        var sawRoot = false
        var failure: TourImportError?
        private var stack: [String] = []
        /// The innermost element still open at the end (a file cut short), if any.
        var openElement: String? { stack.last }
        private var text = ""
        private var current: SourceTour.Point?

        init(file: String) { self.file = file }

        static func local(_ name: String) -> String { String(name.split(separator: ":").last ?? Substring(name)) }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let name = Collector.local(elementName)
            if stack.isEmpty { sawRoot = name == "gpx" }
            text = ""
            switch name {
            case "wpt" where stack.count == 1:
                var point = SourceTour.Point(place: "wpt #\(points.count + 1) (line \(parser.lineNumber))")
                if let lat = attributes["lat"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
                    let lon = attributes["lon"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
                {
                    if (-90...90).contains(lat), (-180...180).contains(lon) {
                        point.location = LatLng(lat: lat, lng: lon)
                    } else {
                        point.locationProblem = "coordinates out of range (lat \(lat), lon \(lon); expected lat −90…90, lon −180…180)"
                    }
                } else {
                    point.locationProblem = "no coordinates (expected lat=\"…\" and lon=\"…\" attributes)"
                }
                current = point
            case "trk" where stack.count == 1, "rte" where stack.count == 1:
                tracks.append([])
            case "trkpt", "rtept":
                if let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                    (-90...90).contains(lat), (-180...180).contains(lon), !tracks.isEmpty
                {
                    tracks[tracks.count - 1].append(LatLng(lat: lat, lng: lon))
                }
            default: break
            }
            stack.append(name)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let name = stack.removeLast()
            let value = TerminalText.sanitize(text.trimmingCharacters(in: .whitespacesAndNewlines))
            defer { text = "" }
            if name == "wpt", stack.count == 1, let point = current {
                points.append(point)
                current = nil
                return
            }
            if name == "name", stack.last == "metadata", !value.isEmpty { title = value }
            guard current != nil, !value.isEmpty else { return }
            let inExtensions = stack.contains("extensions")
            switch name {
            case "name" where !inExtensions: current!.title = [(nil, value)]
            case "desc" where !inExtensions: current!.description = [(nil, value)]
            case "order" where inExtensions:
                guard let order = Int(value), order >= 1, order <= 100_000 else {
                    fail(parser, "\(current!.place): <order>\(value)</order>: expected a whole number from 1 (the first point) up")
                    return
                }
                current!.order = order
            case "radius" where inExtensions, "triggerRadiusMeters" where inExtensions, "radiusMeters" where inExtensions:
                guard let radius = Double(value), radius.isFinite else {
                    fail(parser, "\(current!.place): <\(name)>\(value)</\(name)>: expected a number of metres")
                    return
                }
                current!.radius = radius
            case "id" where inExtensions: current!.id = value
            default: break
            }
        }

        func fail(_ parser: XMLParser, _ message: String) {
            guard failure == nil else { return }
            failure = TourImportError(.invalid, "\(file): \(message)")
            parser.abortParsing()
        }
    }
}
