import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote
import WalkscapeRuntime

/// The options every command that talks to the API shares: where it is, who is asking, how patient to be.
struct RemoteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The API's base URL, e.g. https://api.example.org/v1.", valueName: "URL"))
    var api: String

    @Option(help: ArgumentHelp("A bearer token (the one the app gets when you log in), sent to the API's host only; default: $WALKSCAPE_TOKEN.", valueName: "T"))
    var token: String?

    @Option(help: ArgumentHelp("Attempts per request on 5xx answers and broken connections, with backoff from 0.5 s.", valueName: "N"))
    var retries: Int = 5

    @Option(help: ArgumentHelp("Seconds of silence from the server before a connection counts as broken.", valueName: "SECONDS"))
    var timeout: Double = 30

    func validate() throws {
        guard retries >= 1, retries <= 100 else { throw ValidationError("--retries must be from 1 to 100, got \(retries).") }
        guard timeout > 0, timeout <= ValueRanges.maxTimeoutSeconds else { throw ValidationError("--timeout must be more than 0 seconds and at most 86400 (a day), got \(formatShortNumber(timeout)).") }
        _ = try RemoteOptions.minimumRate()
    }

    /// The floor rate of downloads (bytes a second, docs/downloads.md): $WALKSCAPE_MIN_RATE, a whole number
    /// from 1 to 10^9, by default `HTTPClient.defaultMinimumRate`.
    static func minimumRate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        guard let text = environment["WALKSCAPE_MIN_RATE"] else { return HTTPClient.defaultMinimumRate }
        guard let rate = Int(text), rate >= 1, rate <= 1_000_000_000 else {
            throw ValidationError("WALKSCAPE_MIN_RATE must be a whole number of bytes a second from 1 to 1000000000, got \"\(text)\".")
        }
        return rate
    }

    /// The API client, with Ctrl-C wired to `interruption`.
    func makeAPI(interruption: StopToken) throws -> RemoteAPI {
        let client = HTTPClient(interruption: interruption, timeout: timeout, minimumRate: try RemoteOptions.minimumRate())
        do {
            return try RemoteAPI(base: api, token: AccessToken.resolve(token), client: client, retry: RetryPolicy(attempts: retries), interruption: interruption)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
