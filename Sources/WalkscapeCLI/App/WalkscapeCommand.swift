import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeRuntime

/// The `walkscape` command line: the root command and its subcommands.
public struct WalkscapeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "walkscape",
        abstract: "Replay GPS traces against audio walking tours, headless or in the terminal.",
        discussion: """
            walkscape reads downloaded tours (a directory with a tour.json and its media) and checks, lists and \
            describes them. TOUR arguments accept the tour directory or its tour.json.

            Exit status: 0 success, 1 invalid input or failed check, 2 usage error or unreadable input.

            Examples:
              walkscape tours
              walkscape info tours/torino-portici
              walkscape validate tours/*
              walkscape simulate tours/torino-portici \\
                  --trace fixtures/traces/torino-portici-clean.gpx --format text
            """,
        version: WalkscapeVersion.current,
        subcommands: [
            ToursCommand.self, InfoCommand.self, ValidateCommand.self, ManifestCommand.self, InspectCommand.self,
            SimulateCommand.self, CheckCommand.self, CompareCommand.self, ListenCommand.self, PlayCommand.self,
            SynthCommand.self, RadiiCommand.self, ReportCommand.self, RemoteCommand.self, DownloadCommand.self, RemoveCommand.self,
            ImportCommand.self, NewCommand.self, TilesCommand.self,
            ConvertCommand.self, FeedCommand.self, TrackCommand.self, CollectCommand.self, DashboardCommand.self,
        ]
    )

    public init() {}

    /// The executable's entry: unblocks the stop signals a parent may have blocked (test runners and some job
    /// launchers hand down such a mask; Ctrl-C must still work), before any thread starts so that every thread
    /// inherits it, then runs `arguments` on the standard console; returns the exit status.
    public static func runProcess(arguments: [String]) -> Int32 {
        StopSignals.unblock()
        return run(arguments: arguments)
    }

    /// Parses `arguments` and runs the command, writing to `console`; returns the exit status.
    /// Usage errors exit with 2 (not swift-argument-parser's 64), so every command's statuses agree.
    public static func run(arguments: [String], console: Console = .standard) -> Int32 {
        CommandContext.$console.withValue(console) {
            if let problem = unknownCommand(arguments) ?? ArgumentCounts.problem(arguments) {
                console.error(problem)
                return ExitStatus.usage.rawValue
            }
            do {
                var command = try parseAsRoot(NegativeNumberArguments.joined(arguments))
                try command.run()
                return ExitStatus.success.rawValue
            } catch let exit as CommandExit {
                return exit.code
            } catch {
                let code = exitCode(for: error)
                let message = fullMessage(for: error)
                if code == .success {
                    if !message.isEmpty { console.line(message) }
                    return 0
                }
                if !message.isEmpty { console.error(message) }
                if code == .validationFailure { return ExitStatus.usage.rawValue }
                return code.rawValue == 1 ? ExitStatus.failure.rawValue : ExitStatus.usage.rawValue
            }
        }
    }
}

extension WalkscapeCommand {
    /// The names of the subcommands (and `help`).
    static var commandNames: [String] {
        configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
    }

    /// The error for a first argument that is no command (`simulat`), with the closest command name; nil when
    /// the first argument is an option or a command.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let hint = ClosestName.closest(to: first, among: commandNames).map { "; did you mean '\($0)'?" } ?? ""
        return "Error: unknown command '\(TerminalText.sanitize(first))'\(hint)\nSee 'walkscape --help' for the commands."
    }
}
