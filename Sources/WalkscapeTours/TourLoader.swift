import Foundation
import WalkscapeCore

/// Reads `tour.json` files.
public enum TourLoader {
    /// The largest `tour.json` accepted; tour files are a few kilobytes, so anything this large is not one.
    public static let maxJSONBytes = 32 * 1024 * 1024

    /// Reads, parses, decodes and rule-checks the tour named by `argument` (directory or `tour.json`).
    /// Throws only when the file cannot be read at all; everything else becomes a diagnostic.
    public static func load(_ argument: String) throws(TourFileError) -> LoadedTour {
        let location = try TourLocation(argument: argument)
        let bytes = try readBytes(location.jsonFile, limit: maxJSONBytes)
        return decode(bytes, location: location)
    }

    /// Parses and checks `bytes` as the tour file of `location`.
    public static func decode(_ bytes: [UInt8], location: TourLocation) -> LoadedTour {
        let file = location.jsonFile
        let document: JSONValue
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            let diagnostic = Diagnostic.error(file, "line \(error.line), column \(error.column)", error.message)
            return LoadedTour(location: location, document: nil, tour: nil, diagnostics: [diagnostic])
        }
        var decoding = TourDecoder(file: file).decode(document)
        if let tour = decoding.tour {
            decoding.diagnostics += TourRules(file: file).check(tour)
        }
        return LoadedTour(location: location, document: document, tour: decoding.tour, diagnostics: decoding.diagnostics)
    }

    /// The bytes of a regular file, refusing directories, devices and files over `limit`.
    static func readBytes(_ path: String, limit: Int) throws(TourFileError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw TourFileError(path: path, "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TourFileError(path: path, "is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw TourFileError(path: path, "is \(info.st_size) bytes, more than a tour file can be (\(limit) bytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TourFileError(path: path, "cannot be read (permissions?)")
        }
        return Array(data)
    }
}
