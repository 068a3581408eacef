import ArgumentParser

/// `walkscape remote …`: what the backend's API offers.
struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Look at the tours a backend's API offers (see `walkscape download` to fetch one).",
        subcommands: [RemoteToursCommand.self])
}
