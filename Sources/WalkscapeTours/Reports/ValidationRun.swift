import WalkscapeCore
import WalkscapeSystem

/// `walkscape validate`: tours checked by `TourValidator`, their problems and verdicts as lines or JSON.
public enum ValidationRun {
    /// Validates `tours` (paths or tour.json files) and reports on `console`: each problem (the first 20
    /// errors and warnings of a tour), each tour's verdict and the totals, or one JSON document; `strict`
    /// counts warnings as errors. Ends with a thrown `CommandExit` when a tour is invalid (1) or unreadable (2).
    public static func run(_ tours: [String], strict: Bool, json: Bool, console: Console) throws {
        var reports: [ValidationReport] = []
        var unreadable: [TourFileError] = []
        for argument in tours {
            do {
                reports.append(try TourValidator(checksTiming: true).validate(argument))
            } catch {
                unreadable.append(error)
            }
        }
        let errors = reports.reduce(0) { $0 + $1.diagnostics.errorCount } + unreadable.count
        let warnings = reports.reduce(0) { $0 + $1.diagnostics.warningCount }
        let allValid = unreadable.isEmpty && reports.allSatisfy { $0.isValid(strict: strict) }
        if json {
            console.write(JSONWriter().write(jsonReport(reports, unreadable: unreadable, errors: errors, warnings: warnings, valid: allValid, strict: strict)))
        } else {
            for error in unreadable { console.line("\(error.path): error: \(error.message)") }
            for report in reports {
                // In file order, the first 20 errors and the first 20 warnings of each tour, then a count of the rest.
                var errors = CappedList<Diagnostic>(), warnings = CappedList<Diagnostic>()
                for problem in report.diagnostics {
                    let before = problem.severity == .error ? errors.items.count : warnings.items.count
                    if problem.severity == .error { errors.append(problem) } else { warnings.append(problem) }
                    let after = problem.severity == .error ? errors.items.count : warnings.items.count
                    if after > before { console.line(TerminalText.sanitize(problem.description)) }
                }
                for (list, noun) in [(errors, "error"), (warnings, "warning")] {
                    if let more = list.moreLine(noun) { console.line("\(report.argument): \(more) (--json lists them all)") }
                }
                let verdict = report.isValid(strict: strict) ? "valid" : "INVALID"
                let counts = "\(report.diagnostics.errorCount) error\(report.diagnostics.errorCount == 1 ? "" : "s"), \(report.diagnostics.warningCount) warning\(report.diagnostics.warningCount == 1 ? "" : "s")"
                let checked = "\(report.audio.count) audio, \(report.subtitleCues.count) subtitle files checked"
                console.line("\(report.argument): \(verdict) (\(counts); \(checked))")
            }
            if tours.count > 1 {
                console.line("\(tours.count) tours: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\(strict ? " (--strict: warnings count as errors)" : "")")
            }
        }
        if !unreadable.isEmpty { throw CommandExit(.usage) }
        if !allValid { throw CommandExit(.failure) }
    }

    static func jsonReport(_ reports: [ValidationReport], unreadable: [TourFileError], errors: Int, warnings: Int, valid: Bool, strict: Bool) -> JSONValue {
        func problem(_ d: Diagnostic) -> JSONValue {
            .object([("severity", .string(d.severity.rawValue)), ("file", .string(d.file)), ("location", .string(d.location)), ("message", .string(d.message))])
        }
        var items: [JSONValue] = reports.map { report in
            let audio: [(key: String, value: JSONValue)] = report.audio.keys.sorted().map { key in
                let info = report.audio[key]!
                return (key: key, value: .object([
                    ("codec", .string(info.codec.rawValue)), ("sampleRate", .integer(info.sampleRate)),
                    ("channels", .integer(info.channels)), ("frames", .number(String(info.frames))),
                    ("durationSeconds", .number(formatFixed(info.durationSeconds, 6))),
                ]))
            }
            return .object([
                ("tour", .string(report.argument)), ("file", .string(report.jsonFile)), ("id", report.tour.map { .string($0.id) } ?? .null),
                ("valid", .bool(report.isValid(strict: strict))), ("errors", .integer(report.diagnostics.errorCount)),
                ("warnings", .integer(report.diagnostics.warningCount)), ("problems", .array(report.diagnostics.map(problem))),
                ("audio", .object(audio)),
            ])
        }
        items += unreadable.map { error in
            .object([
                ("tour", .string(error.path)), ("file", .string(error.path)), ("id", .null), ("valid", .bool(false)),
                ("errors", .integer(1)), ("warnings", .integer(0)),
                ("problems", .array([problem(.error(error.path, "", error.message))])), ("audio", .object([])),
            ])
        }
        return .object([
            ("valid", .bool(valid)), ("strict", .bool(strict)), ("errors", .integer(errors)), ("warnings", .integer(warnings)),
            ("tours", .array(items)),
        ])
    }
}
