import WalkscapeCore
import WalkscapeSystem
import WalkscapeTours

/// `walkscape check`'s run over its cases: each case's line (ok, updated, FAIL or ERROR with why), the JUnit
/// report, the totals, and the exit status: 1 when a timeline changed, 2 when a case could not run.
public enum CheckSuiteRun {
    /// Runs `cases` (writing their golden files with `update`), reporting on `console`; `junit` is where the
    /// JUnit XML goes, under `suiteName`. `fromSuite`: the cases come from a suite file (not one case given on
    /// the command line), which is then what a broken case asks to fix.
    public static func run(
        _ cases: [CheckCase], update: Bool, defaultPhases: Int, junit: String?, suiteName: String, fromSuite: Bool = true, console: Console
    ) throws {
        let runner = CheckRunner(update: update, defaultPhases: defaultPhases)
        var results: [CheckResult] = []
        for item in cases {
            let result = runner.run(item)
            results.append(result)
            for warning in result.warnings { console.error(warning) }
            switch result.outcome {
            case .passed: console.line("ok      \(result.name)")
            case .updated: console.line("updated \(result.name) (\(TerminalText.sanitize(item.golden)))")
            case let .failed(message):
                console.line("FAIL    \(result.name)")
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { console.line("        " + line) }
            case let .broken(message):
                console.line("ERROR   \(result.name)")
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { console.line("        " + line) }
            }
        }
        let failed = results.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let broken = results.filter { if case .broken = $0.outcome { return true } else { return false } }.count
        if let junit {
            do {
                try AtomicFileWriter.write(Array(JUnitReport.xml(results, suiteName: suiteName).utf8), to: junit)
            } catch {
                console.error(error.message)
                throw CommandExit(.usage)
            }
        }
        let updated = results.filter { $0.outcome == .updated }.count
        let fix = fromSuite ? "fix the suite" : "fix the path given (the tour, --trace or --expect; --update writes a golden file that does not exist yet)"
        let cannotRun = broken == 0 ? "" : ", \(broken) could not run (a tour, trace or golden file missing or unreadable: \(fix))"
        if updated > 0 {
            console.line("\(updated) golden file\(updated == 1 ? "" : "s") written, \(failed) failed\(cannotRun)")
        } else {
            console.line("\(results.count - failed - broken) passed, \(failed) failed\(cannotRun)")
        }
        // A case that could not run is a broken suite (2), told apart from a timeline that changed (1).
        if broken > 0 { throw CommandExit(.usage) }
        if failed > 0 { throw CommandExit(.failure) }
    }
}
