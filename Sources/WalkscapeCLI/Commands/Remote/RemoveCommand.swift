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
        let (area, name) = try DownloadArea.locate(tour, toursDirectory: toursDirectory.resolved(override: dest), console: console)
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
}
