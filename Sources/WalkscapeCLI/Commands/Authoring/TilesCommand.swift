import ArgumentParser
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeTours

/// `walkscape tiles TOUR --from FILE.mbtiles|DIR`: adds vector tiles to a tour's offline map, for authors;
/// `walkscape tiles TOUR --fetch`: fetches the offline map of a downloaded tour from its API (`download --map-only`).
struct TilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Add vector tiles (the offline map drawn under the route) to a tour, from an MBTiles file or a Z/X/Y directory.",
        discussion: """
            The tiles go into the tour's mapTiles file (map/tiles.mbtiles when tour.json names none, and \
            tour.json then names it); tiles already there stay unless the source has the same ones. Every tile \
            must decode as a Mapbox Vector Tile (gzip or raw) before anything is written. Afterwards the asset's \
            size and digest in tour.json are brought up to date, as `walkscape manifest` does. The MBTiles \
            source's attribution (e.g. (c) OpenStreetMap contributors) is kept and shown under the map.

            With --fetch instead of --from, the tiles of a tour installed by `walkscape download` come from the \
            API it was downloaded from (tour.json's x-walkscape-source; --api overrides it): the map that \
            download could not fetch, resuming the tiles it stored, as `walkscape download ... --map-only` does.

            Exit status: 0 done, 1 a tile did not decode or tour.json could not be updated, 2 usage error or \
            unreadable tour or source, the API or its tile server unreachable.

            Examples:
              walkscape tiles tours/my-tour --from helsinki.mbtiles
              walkscape tiles tours/my-tour --from tiles/   # tiles/14/9327/4742.pbf ...
              walkscape tiles tours/helsinki-keskusta --fetch
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(name: .customLong("from"), help: "An .mbtiles file, or a directory of Z/X/Y.pbf (or .mvt) tiles.")
    var source: String?

    @Flag(help: "Fetch the offline map of a downloaded tour from the API it came from (resumable).")
    var fetch = false

    @Option(help: ArgumentHelp("With --fetch: the API's base URL (default: the one tour.json records).", valueName: "URL"))
    var api: String?

    @Option(help: ArgumentHelp("With --fetch: a bearer token; default: $WALKSCAPE_TOKEN.", valueName: "T"))
    var token: String?

    func validate() throws {
        guard (source != nil) != fetch else { throw ValidationError("Give either --from FILE|DIR or --fetch.") }
        guard fetch || (api == nil && token == nil) else { throw ValidationError("--api and --token go with --fetch.") }
    }

    func run() throws {
        let console = CommandContext.console
        if fetch { return try TourMapFetch.run(tour: tour, api: api, token: token, minimumRate: try RemoteOptions.minimumRate(), console: console) }
        guard let source else { throw CommandExit(.usage) }
        try TourTiles.add(from: source, to: tour, console: console)
    }
}
