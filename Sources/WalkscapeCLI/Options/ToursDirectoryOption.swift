import ArgumentParser
import WalkscapeTours

/// `--tours DIR`: the tours directory for commands that find tours by name (`tours`, `play`, `download`,
/// `remove`); without it, `ToursDirectory.resolve` decides ($WALKSCAPE_TOURS, ./tours, the XDG data directory).
struct ToursDirectoryOption: ParsableArguments {
    @Option(name: .customLong("tours"), help: ArgumentHelp(
        "The tours directory (default: $WALKSCAPE_TOURS, else ./tours when it exists, else $XDG_DATA_HOME/walkscape/tours, i.e. ~/.local/share/walkscape/tours).",
        valueName: "DIR"))
    var tours: String?

    /// The directory to use: `override` (a command's own directory argument) first, then `--tours`, then the
    /// resolver's order.
    func resolved(override: String? = nil) -> String {
        ToursDirectory.resolve(explicit: override ?? tours).path
    }
}
