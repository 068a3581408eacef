import Foundation
import WalkscapeCore
import WalkscapeMap
import WalkscapeSystem

/// `walkscape tiles TOUR --from FILE|DIR`: vector tiles added to a tour's offline map (`TileImport`), tour.json
/// naming the map when it did not, and the manifest brought up to date.
public enum TourTiles {
    /// Adds the tiles of `source` (an .mbtiles file or a Z/X/Y directory) to the tour `tour` names; says
    /// what was added on `console`, problems there too, then a thrown `CommandExit`.
    public static func add(from source: String, to tour: String, console: Console) throws {
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
        // Every path is checked before the first write: a folder or file that leads out of the tour is refused.
        let target: String
        do {
            target = try AssetFile.writablePath(Asset(file: relative), in: location)
        } catch {
            console.error(TerminalText.sanitize("\(location.jsonFile): mapTiles.file: \(error.message)"))
            throw CommandExit(.failure)
        }
        let outcome: TileImport.Outcome
        do {
            outcome = try TileImport.add(from: source, to: target)
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(error.unreadableSource ? .usage : .failure)
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
