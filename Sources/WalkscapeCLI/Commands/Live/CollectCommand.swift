import ArgumentParser
import Foundation
import WalkscapeCollector
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemote

/// `walkscape collect --port P --out events.jsonl`: a local stand-in for the backend's analytics endpoint.
struct CollectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collect",
        abstract: "Collect the phone app's analytics locally: POST /analytics/events into a JSON Lines file.",
        discussion: """
            Answers POST .../analytics/events (any API prefix, e.g. /v1/analytics/events) exactly as the \
            backend validates it: 204 for a body it accepts, 400 with NestJS's {"statusCode", "message", \
            "error"} body for one it refuses (an unknown field, an unknown event name, a wrong type, an empty \
            list, a body not sent as application/json), 413 over 100 KiB, 404 elsewhere. Accepted events are \
            appended to --out, one JSON object a line, each batch in one write; `walkscape check --observed` \
            reads the file. A line per request goes to stderr, written off the server's thread: when stderr is \
            not read, lines are dropped (and counted at the end), never the requests. A connection that sends \
            no request for --idle-timeout seconds is closed; over --max-connections, a new one is answered 503; \
            out of descriptors, accepting waits a quarter second before retrying. Ctrl-C stops (exit 130). Point a debug build's API base URL at \
            http://LAPTOP:PORT/v1 (with --host 0.0.0.0 for a phone on the same network).

            Examples:
              walkscape collect --port 8080 --out events.jsonl
              walkscape collect --host 0.0.0.0 --port 8080 --out events.jsonl
            """)

    @Option(help: ArgumentHelp("The port to listen on (0: a free one, printed).", valueName: "P"))
    var port: Int

    @Option(help: ArgumentHelp("The address to listen on (0.0.0.0: every interface).", valueName: "ADDRESS"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The JSON Lines file accepted events are appended to.", valueName: "FILE"))
    var out: String

    @Option(help: ArgumentHelp(
        "Close a connection that sends no whole request head for this long (0.5 to 86400; default 15), and answer 408 to a body that takes longer.",
        valueName: "SECONDS"))
    var idleTimeout: Double = CollectorLimits.standard.idleSeconds

    @Option(help: ArgumentHelp("Connections served at once (1 to 65536; default 256); one more is answered 503.", valueName: "N"))
    var maxConnections: Int = CollectorLimits.standard.maxConnections

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port).") }
        guard idleTimeout.isFinite, ValueRanges.idleTimeoutSeconds.contains(idleTimeout) else {
            throw ValidationError(
                "--idle-timeout must be seconds from \(formatShortNumber(ValueRanges.idleTimeoutSeconds.lowerBound)) to "
                    + "\(formatShortNumber(ValueRanges.idleTimeoutSeconds.upperBound)), got \(formatShortNumber(idleTimeout)).")
        }
        guard ValueRanges.collectorConnections.contains(maxConnections) else {
            throw ValidationError(
                "--max-connections must be \(ValueRanges.collectorConnections.lowerBound) to \(ValueRanges.collectorConnections.upperBound), got \(maxConnections).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        let lines = DetachedLineWriter()
        var limits = CollectorLimits.standard
        limits.idleSeconds = idleTimeout
        limits.maxConnections = maxConnections
        let collector: AnalyticsCollector
        do {
            collector = try AnalyticsCollector(host: host, port: port, output: out, limits: limits) { answer, request in
                lines.write(CollectorLogLine.text(answer, request: request))
            }
        } catch {
            console.error(error.message)
            throw CommandExit(.failure)
        }
        console.error("collecting on http://\(collector.host):\(collector.port)/analytics/events into \(out)")
        let interruption = StopSignals.token()
        StopSignals.watch {
            _ = interruption.sleep(until: .infinity)
        }
        collector.stop()
        var summary = "\(collector.eventsWritten) event\(collector.eventsWritten == 1 ? "" : "s") written to \(out)"
        if collector.connectionsRefused > 0 { summary += "; \(collector.connectionsRefused) connection(s) answered 503 (over --max-connections)" }
        if lines.dropped > 0 { summary += "; \(lines.dropped) log line(s) dropped because stderr was not read" }
        lines.write(summary, mustKeep: true)
        lines.finish(waitingAtMost: 5)
        throw CommandExit(signal: interruption.signal)
    }
}
