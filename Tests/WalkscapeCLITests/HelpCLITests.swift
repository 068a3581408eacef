import Foundation
import Testing
import WalkscapeTestSupport

/// `--help` as people read it: at 80 columns, each example is a whole command on its line (or continued with `\`).
@Suite struct HelpCLITests {
    static let commands = [
        "", "tours", "info", "validate", "manifest", "inspect", "simulate", "check", "compare", "listen", "play", "synth", "radii", "report",
        "download", "remove", "remote tours", "tiles",
    ]

    @Test func examplesAreNotWrappedMidCommandAt80Columns() throws {
        for command in Self.commands {
            let arguments = command.split(separator: " ").map(String.init) + ["--help"]
            let help = try CLI.run(arguments, environment: ["COLUMNS": "80"])
            expectEqual(help.status, 0, "\(command)")
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Examples:" }) else { continue }
            var previous = ""
            for line in lines[(start + 1)...] {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { break }
                expectTrue(trimmed.hasPrefix("walkscape") || previous.hasSuffix("\\"), "walkscape \(command) --help wraps an example: \(line)")
                expectTrue(line.count <= 80, "walkscape \(command) --help: an example longer than 80 columns: \(line)")
                previous = trimmed
            }
        }
    }

    /// Every command that reads a GPS trace names every format it reads, KML included.
    @Test func everyTraceOptionNamesKML() throws {
        for command in ["simulate", "check", "compare", "radii", "report", "play", "feed", "convert", "inspect"] {
            let help = try CLI.run([command, "--help"], environment: ["COLUMNS": "400"])
            expectEqual(help.status, 0, "\(command)")
            expectContains(help.stdout, "KML", "walkscape \(command) --help does not name KML")
            expectContains(help.stdout, "GeoJSON", "walkscape \(command) --help does not name GeoJSON")
        }
    }
}
