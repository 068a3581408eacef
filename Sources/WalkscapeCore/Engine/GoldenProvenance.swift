import Foundation

/// What made a golden timeline: the walkscape version, the tour (a SHA-256 over its `tour.json` and the audio
/// lengths the replay used), the narration language and the options. Written as the golden file's last line,
/// `{"golden": {…}}`, so that `check` can tell a changed tour from changed rules; goldens without it are read
/// as before.
public struct GoldenProvenance: Sendable, Equatable {
    /// The walkscape version that wrote the golden.
    public var walkscape: String
    /// The tour's id.
    public var tour: String
    /// SHA-256 (hex) over the tour's `tour.json` and the audio lengths used.
    public var tourSHA256: String
    /// The narration language replayed.
    public var language: String
    /// The options replayed with (policy, walking speed, part of the trace).
    public var options: JSONValue

    public init(walkscape: String, tour: String, tourSHA256: String, language: String, options: JSONValue) {
        self.walkscape = walkscape
        self.tour = tour
        self.tourSHA256 = tourSHA256
        self.language = language
        self.options = options
    }

    /// The record as one JSON line (with its newline).
    public var line: String {
        JSONWriter(pretty: false).write(.object([("golden", .object([
            ("walkscape", .string(walkscape)), ("tour", .string(tour)), ("tourSha256", .string(tourSHA256)),
            ("language", .string(language)), ("options", options),
        ]))])) + "\n"
    }

    /// Whether a parsed JSON line is a provenance record rather than an event.
    static func isRecord(_ value: JSONValue) -> Bool { value["golden"] != nil && value["t"] == nil }

    /// The provenance record of a golden file's text, nil when it has none (an older golden) or it is unreadable.
    public static func find(in text: String) -> GoldenProvenance? {
        for raw in text.split(separator: "\n").reversed() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let value = try? JSONParser().parse(String(line)), isRecord(value), let record = value["golden"] else { return nil }
            guard let walkscape = record["walkscape"]?.stringValue, let tour = record["tour"]?.stringValue,
                let sha = record["tourSha256"]?.stringValue, let language = record["language"]?.stringValue
            else { return nil }
            // Shown on the terminal when a check fails: sanitised here, where they come in from the file.
            let text = { (value: String) in TerminalText.sanitize(value) }
            return GoldenProvenance(walkscape: text(walkscape), tour: text(tour), tourSHA256: text(sha), language: text(language), options: record["options"] ?? .null)
        }
        return nil
    }

    /// Why a timeline that differs from a golden made with `self` may differ, compared with what makes it
    /// `now`: one line per thing that changed, or one line saying nothing did (so the rules did).
    public func explain(against now: GoldenProvenance) -> [String] {
        var lines: [String] = []
        if tour != now.tour || tourSHA256 != now.tourSHA256 {
            lines.append("the tour changed since the golden was made (tour.json and audio lengths: sha256 \(tourSHA256.prefix(12))… then, \(now.tourSHA256.prefix(12))… now): the difference may come from the tour, not from the rules")
        }
        if language != now.language { lines.append("the golden was made with narration \(language), this run uses \(now.language)") }
        if options != now.options {
            lines.append("the golden was made with other options: \(JSONWriter(pretty: false).write(options)), now \(JSONWriter(pretty: false).write(now.options))")
        }
        if walkscape != now.walkscape { lines.append("the golden was made by walkscape \(walkscape), this is \(now.walkscape)") }
        if lines.isEmpty { lines.append("the golden was made from this same tour, language and options: the rules (or the trace) changed") }
        return lines
    }
}
