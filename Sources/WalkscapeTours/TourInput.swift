import WalkscapeCore
import WalkscapeSystem

/// Reading the tours a command was given: a tour file or directory that cannot be read at all is one line on
/// standard error and exit status 2.
public enum TourInput {
    /// The tour named by `argument` (a directory or its tour.json), with its diagnostics.
    public static func load(_ argument: String, console: Console) throws -> LoadedTour {
        do {
            return try TourLoader.load(argument)
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(.usage)
        }
    }

    /// The tours in `directory` (or `directory` itself when it is one tour).
    public static func catalogue(_ directory: String, console: Console) throws -> Catalogue {
        do {
            return try Catalogue(directory: directory)
        } catch {
            console.error(TerminalText.sanitize(error.description))
            throw CommandExit(.usage)
        }
    }
}
