import Foundation
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
        /// The server could not be asked or refused; the message says why, in one line.
        case failed(String)
    }

    public let token: String?
    public let retry: RetryPolicy
    public let timeout: Double
    public let interruption: Interruption

    public init(token: String?, retry: RetryPolicy, timeout: Double, interruption: Interruption) {
        self.token = token
        self.retry = retry
        self.timeout = timeout
        self.interruption = interruption
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
            return .failed(error.message.split(separator: "\n").first.map(String.init) ?? error.message)
        }
    }
}
