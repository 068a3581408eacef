import Foundation
import Testing
import WalkscapeTestSupport

/// Every command's `--help`, word for word, against a golden file (`Golden/help/COMMAND.txt`, 100 columns):
/// the help texts are the one part of the command files that no other test reads, so moving code out of the
/// command files (issue 28) must leave them byte for byte. `UPDATE_GOLDEN=1` rewrites them.
@Suite struct HelpGoldenTests {
    /// The commands `walkscape --help` lists, and their subcommands (`remote tours`), read from the help itself.
    static func commands(_ parent: [String] = []) throws -> [[String]] {
        let help = try CLI.run(parent + ["--help"], environment: ["COLUMNS": "100"])
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        var found: [[String]] = []
        for line in lines[(start + 1)...] {
            // The list ends at its first blank line; a subcommand's line starts with two spaces and its name (in
            // lower case), its wrapped abstract is indented further.
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name.allSatisfy({ $0.isLowercase || $0 == "-" }), parent.count < 2
            else { continue }
            let command = parent + [String(name)]
            found.append(command)
            found += try commands(command)
        }
        return found
    }

    static func goldenName(_ command: [String]) -> String {
        "help/" + (command.isEmpty ? "walkscape" : command.joined(separator: "-")) + ".txt"
    }

    @Test func everyCommandsHelpIsAsWritten() throws {
        let commands = try [[]] + Self.commands()
        expectTrue(commands.count > 20, "\(commands)")
        for command in commands {
            let help = try CLI.run(command + ["--help"], environment: ["COLUMNS": "100"])
            expectEqual(help.status, 0, "walkscape \(command.joined(separator: " ")) --help: \(help.stderr)")
            try expectTrue(matchesGolden(help.stdout, Self.goldenName(command)), "walkscape \(command.joined(separator: " ")) --help differs from Golden/\(Self.goldenName(command))")
        }
    }

    /// No golden file is left behind for a command that is gone.
    @Test func everyGoldenFileIsACommand() throws {
        let names = Set(try ([[]] + Self.commands()).map { String(Self.goldenName($0).dropFirst(5)) })
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Tests/WalkscapeCLITests/Golden/help")
        expectEqual(Set(files), names, "stale: \(Set(files).subtracting(names).sorted()), missing: \(names.subtracting(files).sorted())")
    }
}
