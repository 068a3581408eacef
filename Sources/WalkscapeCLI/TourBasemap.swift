import WalkscapeCore
import WalkscapeMap
import WalkscapeTUI
import WalkscapeTours

/// The offline map of a tour for the terminal and SVG maps: its `mapTiles` MBTiles file read into a basemap.
enum TourBasemap {
    /// The basemap of `tour` at `location`, nil when the tour has no tiles or they cannot be read (`validate`
    /// names the problem; the maps then show the route on an empty field, as for a tour without tiles).
    static func basemap(_ tour: Tour, at location: TourLocation) -> Basemap? {
        guard let asset = tour.mapTiles, asset.pathProblem == nil,
            let basemap = try? BasemapReader.read(path: location.path(of: asset.file)), !basemap.isEmpty
        else { return nil }
        return basemap
    }

    /// The underlay for the route map of `replay` (the streets along the route worked out once).
    static func underlay(for replay: ReplayTour) -> MapUnderlay? {
        guard let basemap = basemap(replay.tour, at: replay.location) else { return nil }
        return MapUnderlay(basemap: basemap, route: replay.tour.route?.points ?? replay.tour.points.map(\.location))
    }
}
