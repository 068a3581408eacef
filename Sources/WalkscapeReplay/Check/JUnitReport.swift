import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// JUnit XML for CI servers: one test suite, one test case a check case, failures with their diff, and an
/// error for a case that could not run (a missing tour, trace or golden file: the suite is broken, not the engine).
public enum JUnitReport {
    public static func xml(_ results: [CheckResult], suiteName: String) -> String {
        let failures = results.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let errors = results.filter { if case .broken = $0.outcome { return true } else { return false } }.count
        let total = results.reduce(0.0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(formatFixed(total, 3))\">\n"
        out += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(formatFixed(total, 3))\">\n"
        for result in results {
            out += "    <testcase classname=\"walkscape.check\" name=\"\(escape(result.name))\" time=\"\(formatFixed(result.seconds, 3))\""
            if case let .failed(message) = result.outcome {
                let first = message.split(separator: "\n").first.map(String.init) ?? "failed"
                out += ">\n      <failure message=\"\(escape(first))\">\(escape(message))</failure>\n    </testcase>\n"
            } else if case let .broken(message) = result.outcome {
                let first = message.split(separator: "\n").first.map(String.init) ?? "cannot run"
                out += ">\n      <error message=\"\(escape(first))\">\(escape(message))</error>\n    </testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text safe in XML attributes and content; characters XML 1.0 forbids are dropped (`XMLText`).
    public static func escape(_ text: String) -> String { XMLText.escapedDroppingForbidden(text) }
}
