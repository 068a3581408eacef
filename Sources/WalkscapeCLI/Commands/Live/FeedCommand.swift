import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeLive
import WalkscapeRemote
import WalkscapeTraces

/// `walkscape feed TRACE --to DEST`: a trace replayed on its own clock into other GPS software.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Replay a GPS trace into gpsd, an Android emulator or a pipe, fix by fix, on the trace's clock.",
        discussion: """
            Each fix goes out (t_i - t_0) / --speed seconds after the start, with the trace's own times in it. \
            NMEA destinations get a $GPGGA (fix quality, satellites, HDOP, altitude) and a $GPRMC (speed, \
            course, date) per fix; speed and course come from the trace, else from the move between \
            consecutive fixes. Destinations (--to):
              nmea:pty                 a pseudo-terminal: gpsd -N -n PATH
              nmea:tcp:[HOST:]PORT     NMEA to every client (127.0.0.1; port 0: free)
              nmea:udp:HOST:PORT       one datagram per fix
              android-emulator[:PORT]  emulator console (5554): auth, then geo fix
              stdout                   NMEA on standard output
            The pty and TCP destinations wait for their first reader before the clock starts (--no-wait \
            starts at once). Status lines go to stderr. Ctrl-C stops (exit 130). docs/live.md has more.

            Examples:
              walkscape feed walk.gpx --to nmea:pty
              walkscape feed walk.gpx --to nmea:tcp:10110 --speed 10
              walkscape feed walk.nmea --to android-emulator --loop
              walkscape feed walk.gpx --to stdout --speed 0 | head
            """)

    @Argument(help: "The GPS trace to replay: \(TraceFileHelp.formats).")
    var trace: String

    @Option(help: ArgumentHelp("Destination: \(FeedDestination.forms).", valueName: "DEST"))
    var to: String

    @Option(help: ArgumentHelp("Replay speed: 1 real time, 10 ten times faster, 0 as fast as possible.", valueName: "X"))
    var speed: Double = 1

    @Flag(help: "Start again from --from at the end (times keep going forward), until Ctrl-C.")
    var loop = false

    @Option(help: ArgumentHelp("Start this many seconds after the trace's first fix.", valueName: "SECONDS"))
    var from: Double = 0

    @Flag(help: "Start the clock at once instead of waiting for the first reader (nmea:pty, nmea:tcp).")
    var noWait = false

    @OptionGroup var traceSelection: TraceSelectionOptions

    func validate() throws {
        guard speed.isFinite, speed == 0 || (0.01...10_000).contains(speed) else { throw ValidationError("--speed must be 0 (as fast as possible) or a factor from 0.01 to 10000, got \(formatShortNumber(speed)).") }
        guard from.isFinite, from >= 0 else { throw ValidationError("--from must be seconds ≥ 0, got \(formatShortNumber(from)).") }
        do {
            _ = try FeedDestination(parsing: to)
        } catch {
            throw ValidationError(error.message)
        }
        if loop, speed == 0 { throw ValidationError("--loop with --speed 0 would never end; give a speed.") }
    }

    func run() throws {
        let console = CommandContext.console
        let loaded = try Replay.loadTrace(trace, walkSpeed: TraceNormalizer.defaultWalkSpeed, selection: traceSelection.selection, console: console)
        let fixes = OutgoingFix.fixes(from: loaded.trace)
        let feeder = TraceFeeder(fixes: fixes, speed: speed == 0 ? .infinity : speed, loop: loop, from: from)
        guard let first = feeder.firstIndex else {
            let span = fixes.count > 1 ? fixes[fixes.count - 1].time - fixes[0].time : 0
            console.error("\(trace): no fix at or after --from \(formatShortNumber(from)) s (the trace spans \(formatShortNumber(span)) s)")
            throw CommandExit(.usage)
        }
        try TraceFeedSession.run(
            feeder, destination: try! FeedDestination(parsing: to), fixCount: fixes.count - first, speed: speed, loop: loop, waitForReader: !noWait,
            console: console)
    }
}
