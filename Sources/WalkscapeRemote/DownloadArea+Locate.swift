import Foundation
import WalkscapeSystem
import WalkscapeTours

extension DownloadArea {
    /// The download area and directory name of `tour`: a path to a directory, else a name, id or slug in
    /// `toursDirectory`; when none (or two) match, says so on `console` and throws `CommandExit(.usage)`.
    public static func locate(_ tour: String, toursDirectory dest: String, console: Console) throws -> (DownloadArea, String) {
        var path = tour
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/tour.json") { path = FilePathText.parent(of: path) }
        if path.contains("/") {
            let name = (path as NSString).lastPathComponent
            let parent = FilePathText.parent(of: path)
            let area = DownloadArea(destination: parent.isEmpty ? "." : parent)
            guard exists(area, name) else {
                console.error("\(tour): no such tour (nor an unfinished download or previous version of it)")
                throw CommandExit(.usage)
            }
            return (area, name)
        }
        let area = DownloadArea(destination: dest)
        if exists(area, path) { return (area, path) }
        if let catalogue = try? Catalogue(directory: dest) {
            let matches = catalogue.entries.filter { entry in entry.tour.map { $0.id == tour || $0.slug == tour } ?? false }
            if matches.count > 1 {
                // Two copies of a tour (or two tours sharing an id): removing either would be a guess.
                let directories = matches.map(\.directory)
                console.error("\(tour): \(matches.count) tours in \(area.destination)/ have this id or slug (\(directories.joined(separator: ", "))); name the directory to remove, e.g. `walkscape remove \(TourIntegrity.shellQuoted(directories[0]))`")
                throw CommandExit(.usage)
            }
            if let match = matches.first { return (area, (match.directory as NSString).lastPathComponent) }
        }
        if let staged = area.stagedDownloads().first(where: { $0.tourID == tour }) { return (area, staged.name) }
        console.error("\(tour): no tour with this name, id or slug in \(area.destination)/; `walkscape tours \(area.destination)` lists them")
        throw CommandExit(.usage)
    }

    static func exists(_ area: DownloadArea, _ name: String) -> Bool {
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: area.installed(name) + "/tour.json") || fileManager.fileExists(atPath: area.staging(name))
            || fileManager.fileExists(atPath: area.previous(name))
    }
}
