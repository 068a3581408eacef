import ArgumentParser
import Foundation
import WalkscapeSystem
import WalkscapeCore
import WalkscapeReports
import WalkscapeRemote
import WalkscapeRemoteModel

/// `walkscape remote tours --api URL`: the remote catalogue.
struct RemoteToursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tours",
        abstract: "List the tours of a backend (GET /tours), one line a tour.",
        discussion: """
            Reads both the API draft's and the deployed backend's shapes. ACCESS is free, protected (a voucher \
            is needed) or, with --token on the deployed backend, whether your account has access.

            Examples:
              walkscape remote tours --api https://api.example.org/v1
              walkscape remote tours --api https://api.example.org/v1 --lang en --json
            """)

    @OptionGroup var remote: RemoteOptions

    @Option(name: .customLong("lang"), help: ArgumentHelp("Language for titles (sent as ?language=; default: the locale's, else each tour's first).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Only tours in this city (sent as ?city=).", valueName: "CITY"))
    var city: String?

    @Flag(help: "Print JSON for machines instead of a table.")
    var json = false

    func run() throws {
        let console = CommandContext.console
        let interruption = StopSignals.token()
        let api = try remote.makeAPI(interruption: interruption)
        defer { api.client.close() }
        let requested = language ?? LanguagePreference.fromEnvironment(ProcessInfo.processInfo.environment)
        let tours: [RemoteTourSummary]
        do {
            tours = try StopSignals.watch { () throws(RemoteError) -> [RemoteTourSummary] in
                try api.tours(language: language, city: city)
            }
        } catch let error as RemoteError {
            throw RemoteFailure.exit(error, console: console)
        }
        for line in RemoteCatalogueReport.lines(tours, api: api.baseText, language: requested, json: json) { console.write(line) }
    }
}
