import Foundation
import WalkscapeCore

/// Reads a tour's MBTiles file into a `Basemap`: every tile of every zoom (a tour's tiles are a few hundred at
/// most), decoded and classified, with the file's attribution. The file is read in one pass within its
/// `MBTilesBudget`, and the decoded tiles within the map's `VectorTileDecoder.Budget`: a hostile file is
/// refused with one line, never read without end.
public enum BasemapReader {
    /// The basemap of the MBTiles file at `path`. A tile that does not decode, or a file or map over its
    /// budget, is an error naming it.
    public static func read(
        path: String, budget: MBTilesBudget = MBTilesBudget(), mapBudget: VectorTileDecoder.Budget = .map
    ) throws(MBTilesError) -> Basemap {
        let file = try MBTilesFile(path: path, budget: budget)
        let metadata = try file.metadata()
        var decoding = mapBudget
        // Each tile's features, put in `TileID` order at the end (the file gives its rows in its own order).
        var tiles: [TileID: [BasemapFeature]] = [:]
        try file.forEachTile { id, bytes throws(MBTilesError) in
            guard tiles[id] == nil else { return }
            do throws(VectorTileDecoder.DecodingError) {
                tiles[id] = Basemap.features(of: try VectorTileDecoder.decode(bytes, budget: &decoding), tile: id)
            } catch {
                throw MBTilesError(path: path, message: "tile \(id): \(error.description)")
            }
        }
        var levels: [Int: [BasemapFeature]] = [:]
        for id in tiles.keys.sorted() { levels[id.zoom, default: []].append(contentsOf: tiles[id] ?? []) }
        return Basemap(levels: levels, attribution: metadata["attribution"].flatMap { $0.isEmpty ? nil : plainAttribution($0) })
    }

    /// An attribution as plain text: MBTiles files often carry HTML links (`<a href="…">© OpenStreetMap</a>`).
    /// Sanitised here, where it comes in from the file (`tiles` prints it; the player draws it under the map).
    public static func plainAttribution(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        let decoded = text.replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
        return TerminalText.sanitize(decoded).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
