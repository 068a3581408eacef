import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeMap
import WalkscapeTours

/// `walkscape tiles TOUR --from FILE.mbtiles|DIR`: adds vector tiles to a tour's offline map, for authors.
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

            Exit status: 0 done, 1 a tile did not decode or tour.json could not be updated, 2 usage error or \
            unreadable tour or source.

            Examples:
              walkscape tiles tours/my-tour --from helsinki.mbtiles
              walkscape tiles tours/my-tour --from tiles/   # tiles/14/9327/4742.pbf ...
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(name: .customLong("from"), help: "An .mbtiles file, or a directory of Z/X/Y.pbf (or .mvt) tiles.")
    var source: String

    func run() throws {
        let console = CommandContext.console
        let location: TourLocation
        var root: JSONValue
        do {
            location = try TourLocation(argument: tour)
            guard let data = FileManager.default.contents(atPath: location.jsonFile) else {
                throw TourFileError(path: location.jsonFile, "cannot be read")
            }
            root = try JSONParser().parse([UInt8](data))
        } catch {
            console.error(TerminalText.sanitize("\(error)"))
            throw CommandExit(.usage)
        }
        let existing = root["mapTiles"]?["file"]?.stringValue
        let relative = existing ?? "map/tiles.mbtiles"
        if let problem = Asset(file: relative).pathProblem {
            console.error("\(location.jsonFile): mapTiles.file: \(problem)")
            throw CommandExit(.failure)
        }
        let read: (tiles: [(TileID, [UInt8])], attribution: String?)
        do {
            read = try TileImport.read(source: source)
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(error.message.hasPrefix("tile ") ? .failure : .usage)
        }
        let outcome: TileImport.Outcome
        do {
            outcome = try TileImport.write(read.tiles, attribution: read.attribution, to: location.path(of: relative))
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(.failure)
        }
        if existing == nil {
            root.setMember("mapTiles", to: .object([(key: "file", value: .string(relative))]))
            do {
                try AtomicFileWriter.write(Array((JSONWriter(pretty: true).write(root) + "\n").utf8), to: location.jsonFile)
            } catch {
                console.error(error.message)
                throw CommandExit(.failure)
            }
        }
        do {
            _ = try ManifestUpdater().update(tour)
        } catch {
            for problem in error.problems { console.error(TerminalText.sanitize(problem.description)) }
            throw CommandExit(.failure)
        }
        let zooms = outcome.zooms.lowerBound == outcome.zooms.upperBound ? "z\(outcome.zooms.lowerBound)" : "z\(outcome.zooms.lowerBound)–\(outcome.zooms.upperBound)"
        console.write("\(tour): \(outcome.added) tiles (\(zooms)) added to \(relative)\(outcome.attribution.map { " · \($0)" } ?? "")\(existing == nil ? "; tour.json names it as mapTiles" : "")\n")
    }
}
