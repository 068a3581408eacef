import Foundation
import WalkscapeCore

/// Reads a tour's MBTiles file into a `Basemap`: every tile of every zoom (a tour's tiles are a few hundred at
/// most), decoded and classified, with the file's attribution.
public enum BasemapReader {
    /// The basemap of the MBTiles file at `path`. A tile that does not decode is an error naming it.
    public static func read(path: String) throws(MBTilesError) -> Basemap {
        let file = try MBTilesFile(path: path)
        let metadata = try file.metadata()
        var basemap = Basemap(attribution: metadata["attribution"].flatMap { $0.isEmpty ? nil : plainAttribution($0) })
        for id in try file.tileIDs() {
            guard let bytes = try file.tile(id) else { continue }
            do {
                basemap.add(try VectorTileDecoder.decode(bytes), of: id)
            } catch {
                throw MBTilesError(path: path, message: "tile \(id): \(error.description)")
            }
        }
        return basemap
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
