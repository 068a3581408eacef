import WalkscapeCore
/// A GPX waypoint (`<wpt>`, a child of the root) as `GPXStreamParser` reads it when `readsWaypoints` is on:
/// where it is, its coordinates, and the texts `walkscape import` makes a tour's point of.
///
/// Texts are the element's character data with references and CDATA sections decoded, as UTF-8 (from
/// ISO-8859-1 when the document is in it), not trimmed.
public struct GPXWaypoint: Sendable, Equatable {
    /// The local names of the elements inside `<extensions>` whose text is kept in `extensions`.
    public static let extensionNames: Set<String> = ["order", "radius", "triggerRadiusMeters", "radiusMeters", "id"]

    /// The line of its start tag (from 1).
    public var line: Int
    /// Its `lat` attribute as a number; nil when it is missing or no number.
    public var latitude: Double?
    /// Its `lon` attribute as a number; nil when it is missing or no number.
    public var longitude: Double?
    /// The text of its last `<name>` outside `<extensions>`, any namespace prefix.
    public var name: String?
    /// The text of its last `<desc>` outside `<extensions>`.
    public var description: String?
    /// The text of the last element of each local name of `extensionNames` inside its `<extensions>`.
    public var extensions: [String: String] = [:]
    /// Whether one of its texts was longer than `GPXStreamParser.maxWaypointTextBytes` (it is cut there).
    public var hasOverlongText = false

    public init(line: Int, latitude: Double? = nil, longitude: Double? = nil) {
        self.line = line
        self.latitude = latitude
        self.longitude = longitude
    }
}
