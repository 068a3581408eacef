import ArgumentParser
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTours

/// `walkscape manifest TOUR`: recompute asset sizes and digests in `tour.json`.
struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Recompute every asset's fileSizeBytes and sha256 in tour.json, in place (for authors).",
        discussion: """
            Only those two fields change; every other field, unknown ones included, keeps its value and \
            order. The new tour.json is written to a temporary file and renamed over the old one, so it is \
            never half-written; temporary files a killed run left beside it (.tour.json.tmp-PID-XXXXXX, PID \
            no longer running) are removed. Nothing is written when an asset is missing or leaves the tour directory.

            Exit status: 0 done (or up to date), 1 a problem prevented the update (or --check found stale \
            entries), 2 usage error or unreadable tour.

            Examples:
              walkscape manifest tours/torino-portici
              walkscape manifest --check tours/torino-portici   # in CI
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Flag(help: "Write nothing; exit 1 when any size or digest is stale.")
    var check = false

    func run() throws {
        let console = CommandContext.console
        let outcome: ManifestUpdater.Outcome
        do {
            outcome = try ManifestUpdater().update(tour, dryRun: check)
        } catch {
            for problem in error.problems { console.error(TerminalText.sanitize(problem.description)) }
            console.error("\(tour): tour.json left unchanged")
            throw CommandExit(error.unreadable ? .usage : .failure)
        }
        for leftover in outcome.removedLeftovers {
            console.error("note: removed \(TerminalText.sanitize(leftover)), left by an interrupted run")
        }
        for line in outcome.changeLines { console.line(line) }
        if outcome.changes.isEmpty {
            console.line("\(outcome.jsonFile): up to date (\(outcome.assetCount) assets)")
        } else if check {
            console.line("\(outcome.jsonFile): \(outcome.changes.count) of \(outcome.assetCount) assets are stale; run `walkscape manifest \(tour)`")
            throw CommandExit(.failure)
        } else {
            console.line("\(outcome.jsonFile): updated \(outcome.changes.count) of \(outcome.assetCount) assets")
        }
    }
}
