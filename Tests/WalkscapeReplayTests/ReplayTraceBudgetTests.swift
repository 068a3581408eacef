import Foundation
import Testing
import WalkscapeReplay
import WalkscapeSystem
import WalkscapeTestSupport

/// Issue 46 item 4: a command that holds several traces at once (`report`, `radii`) keeps at most one run's
/// worth of fixes in all, not that many a file: the trace that would pass it is refused with one line saying
/// what the traces before it hold and what to do.
@Suite struct ReplayTraceBudgetTests {
    static let trace = repositoryRoot + "/fixtures/traces/torino-portici-brisk.gpx"

    static func load(fixesBefore: Int, limit: Int) -> (count: Int?, errors: [String]) {
        var errors: [String] = []
        let console = Console(out: { _ in }, err: { errors.append($0.hasSuffix("\n") ? String($0.dropLast()) : $0) })
        let loaded = try? Replay.loadTrace(Self.trace, walkSpeed: 1.2, fixesBefore: fixesBefore, runFixLimit: limit, console: console)
        return (loaded?.trace.count, errors)
    }

    @Test func theTracesOfOneRunShareOneFixLimit() throws {
        let whole = Self.load(fixesBefore: 0, limit: 10_000_000)
        let count = try #require(whole.count)
        expectEqual(whole.errors, [])
        // Fits exactly beside what was read before.
        expectEqual(Self.load(fixesBefore: 10_000 - count, limit: 10_000).count, count)
        // One fix too many in all.
        let over = Self.load(fixesBefore: 10_001 - count, limit: 10_000)
        expectEqual(over.count, nil)
        expectEqual(over.errors, [
            "\(Self.trace): more than \(count - 1) fixes, after the \(10_001 - count) of the traces before it: one run keeps at most 10000 fixes "
                + "in memory in all; give fewer traces, or split or thin them first (docs/traces.md, \"Limits\")",
        ])
        // Nothing left: not read at all.
        let none = Self.load(fixesBefore: 10_000, limit: 10_000)
        expectEqual(none.errors, [
            "\(Self.trace): not read: the traces before it hold 10000 fixes, the most one run keeps in memory (10000 in all); "
                + "give fewer traces, or split or thin them first (docs/traces.md, \"Limits\")",
        ])
        // A file alone over the limit keeps the reader's own words.
        let alone = Self.load(fixesBefore: 0, limit: count - 1)
        expectTrue(alone.errors.count == 1 && alone.errors[0].contains("more than \(count - 1) fixes (the next at line"), "\(alone.errors)")
    }
}
