import WalkscapeCore
import WalkscapeRemoteModel

/// The line `collect` logs for one request: `POST /v1/analytics/events → 204: 3 events (tour_started,
/// point_triggered ×2)`, or the refusal's message.
public enum CollectorLogLine {
    /// The line for `answer` to `request` (method and path).
    public static func text(_ answer: AnalyticsIntake.Answer, request: String) -> String {
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
        if let note = answer.note { line += " (\(note))" }
        return line
    }
}
