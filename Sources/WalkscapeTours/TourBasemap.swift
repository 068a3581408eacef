import WalkscapeCore
import WalkscapeMap

/// The offline map of a tour for the terminal and SVG maps: its `mapTiles` MBTiles file read into a basemap,
/// and the route its street names follow (the player's underlay is `MapUnderlay(basemap:route:)` of the two).
public enum TourBasemap {
    /// The basemap of `tour` at `location`, nil when the tour has no tiles or they cannot be read (`validate`
    /// names the problem; the maps then show the route on an empty field, as for a tour without tiles).
    public static func basemap(_ tour: Tour, at location: TourLocation) -> Basemap? {
        guard let asset = tour.mapTiles, asset.pathProblem == nil,
            let basemap = try? BasemapReader.read(path: location.path(of: asset.file)), !basemap.isEmpty
        else { return nil }
        return basemap
    }

    /// Whether the underlay of `new` may differ from that of `old`: its tiles file (name, size, digest) or the
    /// route the street names follow changed.
    public static func changed(from old: ReplayTour, to new: ReplayTour) -> Bool {
        old.tour.mapTiles != new.tour.mapTiles || route(old.tour) != route(new.tour)
    }

    /// The line the street names follow: the tour's route, or its points in order when it has none.
    public static func route(_ tour: Tour) -> [LatLng] { tour.route?.points ?? tour.points.map(\.location) }
}
