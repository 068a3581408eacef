import Foundation
import WalkscapeSystem
import WalkscapeCore

/// Asks the API a downloaded tour came from whether a newer version is published: the highest manifest
/// `version` over the tour's languages, as `TourDownloader` computes it when it installs a tour.
public struct UpdateChecker: Sendable {
    /// What the server said about one tour.
    public enum Answer: Sendable, Equatable {
        /// The installed version is the published one (or newer: a server rolled back).
        case current(published: Int)
        /// A newer version is published.
        case newer(published: Int)
        /// The tour does not record where it came from (`x-walkscape-source`): not downloaded by walkscape.
        case unknownSource
        /// The server refused or answered wrongly; the message says why, in one line.
        case failed(String)
        /// The server could not be reached at all; the message says why, in one line.
        case unreachable(String)
    }

    public let token: String?
    public let retry: RetryPolicy
    public let timeout: Double
    public let interruption: StopToken

    public init(token: String?, retry: RetryPolicy, timeout: Double, interruption: StopToken) {
        self.token = token
        self.retry = retry
        self.timeout = timeout
        self.interruption = interruption
    }

    /// The API base a tour's `document` records (`x-walkscape-source.api`), nil when it records none.
    public static func source(of document: JSONValue?) -> String? {
        document?["x-walkscape-source"]?["api"]?.stringValue
    }

    /// Checks a tour (installed at `version`, in `languages`) against the API its `document` names. The token
    /// goes only with a protected tour's requests: the address comes from a file, not from the user.
    public func check(version: Int, languages: [String], isProtected: Bool, document: JSONValue?) -> Answer {
        guard let source = document?["x-walkscape-source"], let base = source["api"]?.stringValue,
            let id = source["tourId"]?.stringValue
        else { return .unknownSource }
        do throws(RemoteError) {
            let api = try RemoteAPI(base: base, token: isProtected ? token : nil, client: HTTPClient(interruption: interruption, timeout: timeout),
                retry: retry, interruption: interruption)
            var published = 0
            for language in languages {
                published = max(published, try api.manifest(id, language: language).version)
            }
            return published > version ? .newer(published: published) : .current(published: published)
        } catch {
            let line = error.message.split(separator: "\n").first.map(String.init) ?? error.message
            return error.isUnreachable ? .unreachable(line) : .failed(line)
        }
    }
}
