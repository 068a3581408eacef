import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeLive
import WalkscapeRuntime
import WalkscapeTours

/// `walkscape track TOUR --gps SOURCE`: a live walk, headless, its timeline printed as it happens.
struct TrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Follow a live GPS (gpsd or an NMEA stream) through a tour and print the timeline as it happens.",
        discussion: """
            The same engine and runtime as simulate and play, fed by live positions: gpsd's JSON reports \
            (TPV with a 2D/3D fix, its eph as the accuracy) or NMEA 0183 sentences over TCP (a phone app \
            that streams its GPS, walkscape feed --to nmea:tcp:PORT). Each event is printed the moment it \
            happens; the walk ends when the source ends (gpsd closes, the device goes away), when nothing \
            came from it for --idle-timeout seconds (60 by default: gpsd keeps a device whose writer left \
            and says nothing), or on Ctrl-C, and the last lines on stderr say where it stands.

            --clock gps (the default) runs the walk on the fixes' own times: a source replaying faster than \
            real time (gpsfake -c 0.01) gives exactly simulate's timeline for the same fixes. --clock wall \
            stamps each fix with the moment it arrives, as a phone does. --record FILE writes every fix \
            received to a GPX file that stays valid after each fix, even if the process is killed; \
            simulate on it gives the live walk's timeline again.

            Examples:
              walkscape track tours/torino-portici --gps gpsd://127.0.0.1
              walkscape track tours/torino-portici --gps gpsd://127.0.0.1:2947 \\
                  --format text --record walk.gpx
              walkscape track tours/torino-portici --gps nmea:tcp://192.168.1.20:10110 \\
                  --profile android-app
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @OptionGroup var source: LiveSourceOptions

    @Option(help: ArgumentHelp("Output format: jsonl (simulate's records) or text (its columns, fixed widths).", valueName: "FORMAT"))
    var format: String = "jsonl"

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @OptionGroup var policyOptions: PolicyOptions

    func validate() throws {
        guard source.gps != nil else { throw ValidationError("Missing --gps SOURCE: \(GPSSourceAddress.forms).") }
        guard format == "jsonl" || format == "text" else { throw ValidationError("--format must be jsonl or text, got \(TerminalText.sanitize(format)).") }
    }

    func run() throws {
        let console = CommandContext.console
        let replay = try Replay.loadTour(tour, language: language, console: console)
        let writer = TimelineWriter(pointIDs: replay.pointIDs, pointTitles: replay.pointTitles())
        let text = format == "text"
        if text { console.write(TimelineWriter.textLine(TimelineWriter.textHeader)) }
        let printer = TimelineSink(writer: writer, lineFormat: text ? .text : .jsonl) { line in console.write(line) }
        var track = LiveTrack(
            tour: replay.engineTour, policy: policyOptions.policy, address: source.address!, clock: source.liveClock, recordPath: source.record,
            idleTimeout: source.idleSeconds)
        track.reachTargets = replay.reachTargets
        let outcome: LiveTrack.Outcome
        do {
            outcome = try StopSignals.watch { () throws(LiveError) -> LiveTrack.Outcome in
                try track.run(sinks: [printer]) { console.error($0) }
            }
        } catch let error as LiveError {
            console.error(error.message)
            throw CommandExit(.failure)
        }
        for line in LiveTrackReport.lines(outcome, pointCount: replay.engineTour.points.count, record: source.record) { console.error(line) }
        if case let .interrupted(signal) = outcome.ending { throw CommandExit(signal: signal) }
    }
}
