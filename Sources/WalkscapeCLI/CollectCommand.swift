import ArgumentParser
import Foundation
import WalkscapeCollector
import WalkscapeCore
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
            list), 413 over 100 KiB, 404 elsewhere. Accepted events are appended to --out, one JSON object a \
            line, each batch in one write; `walkscape check --observed` reads the file. A line per request \
            goes to stderr. Ctrl-C stops (exit 130). Point a debug build's API base URL at \
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

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port).") }
    }

    func run() throws {
        let console = CommandContext.console
        let collector: AnalyticsCollector
        do {
            collector = try AnalyticsCollector(host: host, port: port, output: out) { answer, request in
                var line = "\(request) → \(answer.status)"
                if answer.status == 204 {
                    var counts: [(String, Int)] = []
                    for name in answer.events.compactMap({ $0["name"]?.stringValue }) {
                        if let i = counts.firstIndex(where: { $0.0 == name }) { counts[i].1 += 1 } else { counts.append((name, 1)) }
                    }
                    line += ": \(answer.events.count) event\(answer.events.count == 1 ? "" : "s") ("
                        + counts.map { $0.1 == 1 ? $0.0 : "\($0.0) ×\($0.1)" }.joined(separator: ", ") + ")"
                } else if let message = answer.body?["message"] {
                    let text = message.arrayElements?.compactMap(\.stringValue).joined(separator: "; ") ?? message.stringValue ?? ""
                    line += ": " + TerminalText.sanitize(text)
                }
                console.error(line)
            }
        } catch {
            console.error(error.message)
            throw CommandExit(.failure)
        }
        console.error("collecting on http://\(collector.host):\(collector.port)/analytics/events into \(out)")
        let interruption = InterruptWatch.interruption()
        InterruptWatch.run(interruption) {
            while !interruption.isInterrupted { usleep(50_000) }
        }
        collector.stop()
        console.error("\(collector.eventsWritten) event\(collector.eventsWritten == 1 ? "" : "s") written to \(out)")
        throw CommandExit(signal: interruption.signal)
    }
}
