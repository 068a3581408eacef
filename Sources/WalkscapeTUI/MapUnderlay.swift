import WalkscapeCore

/// What the route map draws under the route: a tour's basemap (its offline map tiles, decoded) and the streets
/// the route follows, worked out once when the underlay is made rather than on every frame.
public struct MapUnderlay: Sendable, Equatable {
    public var basemap: Basemap
    /// The named streets along the route, in route order (labelled where there is room).
    public var streets: [RouteStreet]

    public init(basemap: Basemap, route: [LatLng]) {
        self.basemap = basemap
        self.streets = basemap.streets(along: route)
    }

    public init(basemap: Basemap, streets: [RouteStreet]) {
        self.basemap = basemap
        self.streets = streets
    }

    /// The attribution as drawn: "© OpenStreetMap contributors", or in ASCII "(c) OpenStreetMap contributors".
    public func attribution(ascii: Bool) -> String? {
        guard let text = basemap.attribution else { return nil }
        let sanitized = TerminalText.sanitize(text)
        return ascii ? ASCIIFallback.transliterate(text: sanitized.replacingOccurrences(of: "©", with: "(c)")) : sanitized
    }
}
