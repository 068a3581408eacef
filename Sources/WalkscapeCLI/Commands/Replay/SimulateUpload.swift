import Foundation
import WalkscapeCore
import WalkscapeRemote
import WalkscapeSystem

extension SimulateCommand {
    /// Posts the analytics batch to the API; a failure is reported and ends the command with its status.
    func upload(_ body: JSONValue, to base: String, console: Console) throws {
        let count = body["events"]?.arrayElements?.count ?? 0
        guard count > 0 else {
            console.error("--upload-events: the walk produced no analytics events; nothing was posted")
            return
        }
        let interruption = StopSignals.token()
        let remote: RemoteAPI
        do {
            remote = try RemoteAPI(base: base, token: AccessToken.resolve(token), client: HTTPClient(interruption: interruption), retry: RetryPolicy(), interruption: interruption)
        } catch {
            throw RemoteFailure.exit(error, console: console)
        }
        defer { remote.client.close() }
        do {
            let status = try StopSignals.watch { () throws(RemoteError) -> Int in try remote.postEvents(body) }
            console.error("posted \(count) analytics event\(count == 1 ? "" : "s") to \(remote.endpoint(["analytics", "events"]).absoluteString) (\(status))")
        } catch let error as RemoteError {
            throw RemoteFailure.exit(error, console: console)
        }
    }
}
