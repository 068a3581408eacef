import WalkscapeCore
import WalkscapeRuntime
import WalkscapeSystem

/// `walkscape feed`'s session: the sink opened and announced (where to read it, with which gpsd command),
/// a reader waited for, the fixes fed at their pace until the end or a stop signal, and the last line.
public enum TraceFeedSession {
    /// Feeds `feeder`'s fixes into `destination`; `fixCount` is how many `feeder` sends a lap. Lines go
    /// to `console`'s standard error; a failure or a stop signal ends in a thrown `CommandExit`.
    public static func run(
        _ feeder: TraceFeeder, destination: FeedDestination, fixCount: Int, speed: Double, loop: Bool, waitForReader: Bool, console: Console
    ) throws {
        let sink: any FixSink
        do {
            sink = try destination.open()
        } catch {
            console.error(error.message)
            throw CommandExit(.failure)
        }
        defer { sink.close() }
        let stop = StopSignals.token()
        let outcome: TraceFeeder.Outcome
        do {
            outcome = try StopSignals.watch { () throws(LiveError) -> TraceFeeder.Outcome in
                announce(sink, console: console)
                if waitForReader {
                    sink.waitForReader(stop: stop)
                    if !stop.isStopped, sink is PseudoTerminalSink || sink is TCPServerSink { console.error("reader connected") }
                }
                return try feeder.run(into: sink, stop: stop)
            }
        } catch {
            console.error((error as? LiveError)?.message ?? "\(error)")
            throw CommandExit(.failure)
        }
        var line = "sent \(outcome.sent) fix\(outcome.sent == 1 ? "" : "es")"
        if loop { line += " (\(outcome.laps) lap\(outcome.laps == 1 ? "" : "s") of \(fixCount))" } else if outcome.sent < fixCount { line += " of \(fixCount)" }
        line += speed == 0 ? " as fast as possible" : " at ×\(formatShortNumber(speed))"
        line += "; at most \(formatFixed(outcome.latestBy * 1000, 0)) ms late"
        if sink.dropped > 0 { line += "; \(sink.dropped) not delivered (no reader, or one too slow)" }
        console.error(line)
        if stop.isStopped { throw CommandExit(signal: stop.signal) }
    }

    /// Where the sink can be read, and with which gpsd command, on standard error.
    static func announce(_ sink: any FixSink, console: Console) {
        switch sink {
        case let pty as PseudoTerminalSink:
            console.error("nmea:pty: \(pty.path)")
            console.error("  read it with: gpsd -N -n \(pty.path)")
        case let server as TCPServerSink:
            console.error("nmea:tcp: listening on \(server.host):\(server.port)")
            console.error("  read it with: gpsd -N -n tcp://\(server.host == "0.0.0.0" ? "127.0.0.1" : server.host):\(server.port)")
        case let emulator as EmulatorConsoleSink:
            console.error("android-emulator:\(emulator.port): connected\(emulator.authenticated ? ", authenticated" : "")")
        default:
            break
        }
    }
}
