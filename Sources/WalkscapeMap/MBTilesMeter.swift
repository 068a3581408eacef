import Foundation
import WalkscapeSystem

/// The counters of one `MBTilesFile` that SQLite's progress handler reads: a class, so that the C callback can
/// reach it through its context pointer. Not thread-safe (the file has one owner at a time).
final class MBTilesMeter {
    /// How often, in SQLite steps, the progress handler is called.
    static let stepsPerCall: Int32 = 1000

    let budget: MBTilesBudget
    private(set) var usage = MBTilesBudget.Usage()
    /// Why the handler stopped the statement (a budget spent), nil while none is.
    private(set) var stopped: String?
    /// When the current `sqlite3_step` began (seconds of `clock`), nil outside one.
    private var enteredAt: Double?
    /// The clock the seconds budget is counted on.
    let clock: any MonotonicClock

    init(budget: MBTilesBudget, clock: any MonotonicClock = SystemClock.shared) {
        self.budget = budget
        self.clock = clock
    }

    /// A statement begins: its steps, seconds and rows start again.
    func begin() {
        usage.steps = 0
        usage.seconds = 0
        usage.rows = 0
        stopped = nil
    }

    /// SQLite is entered (`sqlite3_step`, `sqlite3_exec`) …
    func enter() { enteredAt = clock.now() }

    /// … and left again.
    func leave() {
        if let enteredAt { usage.seconds += clock.now() - enteredAt }
        enteredAt = nil
    }

    /// One call of the progress handler: true stops the statement (SQLite returns SQLITE_INTERRUPT).
    func progress() -> Bool {
        usage.steps += Int(MBTilesMeter.stepsPerCall)
        if usage.steps > budget.maxSteps {
            stopped = "reading it took more than \(MBTilesMeter.grouped(budget.maxSteps)) SQLite steps (a tiles or metadata view that does not end?)"
            return true
        }
        let inside = enteredAt.map { clock.now() - $0 } ?? 0
        if usage.seconds + inside > budget.maxSeconds {
            stopped = "reading it took more than \(MBTilesMeter.seconds(budget.maxSeconds)) s inside SQLite (a tiles or metadata view that does not end?)"
            return true
        }
        return false
    }

    /// One row of `table` given: a reason once there are more than `limit`.
    func row(limit: Int, of table: String) -> String? {
        usage.rows += 1
        return usage.rows > limit ? "\(table) gives more than \(MBTilesMeter.grouped(limit)) rows; a tour's map holds at most that many" : nil
    }

    /// `count` bytes of a value read: a reason once the handle has read more than its budget.
    func read(bytes count: Int) -> String? {
        usage.bytes += count
        return usage.bytes > budget.maxTotalBytes
            ? "its values come to more than \(MBTilesMeter.size(budget.maxTotalBytes)); a tour's map holds at most that much" : nil
    }

    /// `bytes` for a message: whole mebibytes as such (16 MiB), else bytes (100,000 bytes).
    static func size(_ bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(grouped(bytes)) bytes"
    }

    /// `seconds` for a message: 20, 0.25.
    static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// `n` with a comma every three digits (20,000,000).
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
