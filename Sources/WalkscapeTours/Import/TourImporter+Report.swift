import WalkscapeCore
import WalkscapeReports

extension TourImporter.Outcome {
    /// What `walkscape import` says of an import: notes for standard error (stale staging removed, the
    /// importer's notes), then lines for standard output: the source, each file with its size and origin, the
    /// warnings, the verdict.
    public func report(source: String) -> (notes: [String], lines: [String]) {
        let outcome = self
        var notes: [String] = []
        var lines: [String] = []
        for stale in outcome.removedStale { notes.append("note: removed \(TerminalText.sanitize(stale)), left by an interrupted import") }
        for note in outcome.notes { notes.append("note: " + TerminalText.sanitize(note)) }
        lines.append("Imported \(TerminalText.sanitize(source)) (\(outcome.sourceKind)): tour \(TerminalText.sanitize(outcome.tourID)), \(outcome.points) points, \(outcome.languages.joined(separator: ", "))")
        let width = outcome.files.map { $0.path.count }.max() ?? 0
        for file in outcome.files {
            let padded = file.path + String(repeating: " ", count: max(0, width - file.path.count))
            lines.append("  \(TerminalText.sanitize(padded))  \(Formatting.bytes(file.bytes).leftPadded(to: 9))  \(TerminalText.sanitize(file.origin))")
        }
        // Placeholders are listed above; `walkscape validate` repeats them one by one.
        for warning in outcome.warnings where !warning.location.hasSuffix(".placeholder") { lines.append(TerminalText.sanitize(warning.description)) }
        let total = outcome.files.reduce(0) { $0 + $1.bytes }
        let warnings = outcome.warnings.filter { !$0.location.hasSuffix(".placeholder") }.count
        let placeholders = outcome.placeholders == 0 ? "" : " and \(outcome.placeholders) placeholder recording\(outcome.placeholders == 1 ? "" : "s")"
        lines.append("\(TerminalText.sanitize(outcome.destination)): valid (\(warnings) warning\(warnings == 1 ? "" : "s")\(placeholders)); \(outcome.files.count) files, \(Formatting.bytes(total)), sizes and SHA-256 in tour.json")
        return (notes, lines)
    }
}
