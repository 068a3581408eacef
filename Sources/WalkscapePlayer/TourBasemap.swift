import WalkscapeCore
import WalkscapeMap
import WalkscapeTUI
import WalkscapeTours

/// The offline map of a tour for the terminal and SVG maps: its `mapTiles` MBTiles file read into a basemap.
public enum TourBasemap {
    /// The basemap of `tour` at `location`, nil when the tour has no tiles or they cannot be read (`validate`
    /// names the problem; the maps then show the route on an empty field, as for a tour without tiles).
    public static func basemap(_ tour: Tour, at location: TourLocation) -> Basemap? {
        guard let asset = tour.mapTiles, asset.pathProblem == nil,
            let basemap = try? BasemapReader.read(path: location.path(of: asset.file)), !basemap.isEmpty
        else { return nil }
        return basemap
    }

    /// The underlay for the route map of `replay` (the streets along the route worked out once).
    public static func underlay(for replay: ReplayTour) -> MapUnderlay? {
        guard let basemap = basemap(replay.tour, at: replay.location) else { return nil }
        return MapUnderlay(basemap: basemap, route: route(replay.tour))
    }

    /// Whether the underlay of `new` may differ from that of `old`: its tiles file (name, size, digest) or the
    /// route the street names follow changed.
    public static func changed(from old: ReplayTour, to new: ReplayTour) -> Bool {
        old.tour.mapTiles != new.tour.mapTiles || route(old.tour) != route(new.tour)
    }

    static func route(_ tour: Tour) -> [LatLng] { tour.route?.points ?? tour.points.map(\.location) }
}
