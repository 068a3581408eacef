import Foundation
import WalkscapeCore

/// The tours found in a directory (each subdirectory holding a `tour.json`), sorted by directory name.
public struct Catalogue: Sendable {
    /// One directory of the catalogue: its tour, or why it could not be read.
    public struct Entry: Sendable {
        public var directory: String
        public var tour: Tour?
        /// The `tour.json` document as read (nil when it could not be), for fields the model does not keep
        /// (`x-walkscape-source`, where a download came from).
        public var document: JSONValue?
        /// Errors that keep the tour from being listed as usable (empty when it loaded cleanly).
        public var errors: [Diagnostic]
    }

    public var directory: String
    public var entries: [Entry]

    /// Reads every tour under `directory`. A `directory` that is itself a tour is a one-tour catalogue.
    public init(directory: String) throws(TourFileError) {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.directory = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TourFileError(path: directory, "no such directory; expected a folder of downloaded tours (`walkscape download` installs tours there; --tours DIR or WALKSCAPE_TOURS names another)")
        }
        let names: [String]
        if FileManager.default.fileExists(atPath: path + "/tour.json") {
            names = ["."]
        } else {
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
            } catch {
                throw TourFileError(path: directory, "cannot be listed: \(error.localizedDescription)")
            }
        }
        var entries: [Entry] = []
        for name in names {
            let tourDirectory = name == "." ? path : path + "/" + name
            guard FileManager.default.fileExists(atPath: tourDirectory + "/tour.json") else { continue }
            do {
                let loaded = try TourLoader.load(tourDirectory)
                let errors = loaded.diagnostics.filter { $0.severity == .error }
                entries.append(Entry(directory: tourDirectory, tour: errors.isEmpty ? loaded.tour : nil, document: loaded.document, errors: errors))
            } catch {
                entries.append(Entry(directory: tourDirectory, tour: nil, document: nil, errors: [.error(error.path, "", error.message)]))
            }
        }
        self.entries = entries
    }
}
