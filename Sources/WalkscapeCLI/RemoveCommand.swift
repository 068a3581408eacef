import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeTours

/// `walkscape remove TOUR`: a downloaded tour, its unfinished download and its previous version, gone.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a downloaded tour (or put its previous version back).",
        discussion: """
            TOUR is a tour directory (tours/torino-portici) or a name, id or slug looked up in --dest. Removes \
            the tour, any unfinished download of it and the previous version kept by `walkscape download`. \
            With --restore-previous, only the current version goes, and the previous one takes its place.

            Examples:
              walkscape remove tours/torino-portici
              walkscape remove torino-portici --restore-previous
            """)

    @Argument(help: "The tour directory, or its name, id or slug in --dest.")
    var tour: String

    @Option(help: ArgumentHelp("The tours directory to look in when TOUR is a name (same as --tours).", valueName: "DIR"))
    var dest: String?

    @OptionGroup var toursDirectory: ToursDirectoryOption

    @Flag(help: "Put the previous version back instead of removing everything.")
    var restorePrevious = false

    func run() throws {
        let console = CommandContext.console
        let (area, name) = try locate()
        do {
            if restorePrevious {
                try area.restorePrevious(name)
                let version = (try? TourLoader.load(area.installed(name)))?.tour.map { "version \($0.version)" } ?? "the previous version"
                console.line("\(area.installed(name)): restored \(version)")
                return
            }
            let removed = try area.remove(name)
            for path in removed { console.line("removed \(path)") }
        } catch {
            throw RemoteFailure.exit(error, console: console)
        }
    }

    /// The download area and directory name of TOUR: a path to a directory, else a name, id or slug in --dest.
    private func locate() throws -> (DownloadArea, String) {
        let console = CommandContext.console
        var path = tour
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/tour.json") { path = (path as NSString).deletingLastPathComponent }
        if path.contains("/") {
            let name = (path as NSString).lastPathComponent
            let parent = (path as NSString).deletingLastPathComponent
            let area = DownloadArea(destination: parent.isEmpty ? "." : parent)
            guard exists(area, name) else {
                console.error("\(tour): no such tour (nor an unfinished download or previous version of it)")
                throw CommandExit(.usage)
            }
            return (area, name)
        }
        let dest = toursDirectory.resolved(override: dest)
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

    private func exists(_ area: DownloadArea, _ name: String) -> Bool {
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: area.installed(name) + "/tour.json") || fileManager.fileExists(atPath: area.staging(name))
            || fileManager.fileExists(atPath: area.previous(name))
    }
}
