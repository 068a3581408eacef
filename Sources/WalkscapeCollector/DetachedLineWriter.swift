import Foundation

/// Lines written to a file descriptor by their own thread, so that a reader who does not keep up (a pipe
/// nobody drains, a terminal on hold) never blocks the caller: the collector's event loop hands its request
/// lines here and goes on answering; lines beyond `capacity` waiting are dropped and counted.
public final class DetachedLineWriter: @unchecked Sendable {
    let descriptor: Int32
    let capacity: Int
    private let condition = NSCondition()
    private var waiting: [String] = []
    private var head = 0
    private var writing = false
    private var finishing = false
    private var droppedLines = 0
    private var thread: Thread?

    /// Writes to `descriptor` (standard error by default); at most `capacity` lines wait.
    public init(descriptor: Int32 = 2, capacity: Int = 1_000) {
        self.descriptor = descriptor
        self.capacity = max(1, capacity)
        let thread = Thread { [unowned self] in self.drain() }
        thread.name = "walkscape-log"
        self.thread = thread
        thread.start()
    }

    /// Queues `line` (a newline is added), or drops it when `capacity` lines already wait; a `mustKeep` line
    /// (the run's last word) is queued even then.
    public func write(_ line: String, mustKeep: Bool = false) {
        condition.lock()
        defer { condition.unlock() }
        guard !finishing else { return }
        if waiting.count - head >= capacity && !mustKeep {
            droppedLines += 1
            return
        }
        waiting.append(line + "\n")
        condition.signal()
    }

    /// Lines dropped so far because the reader did not keep up.
    public var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedLines
    }

    /// Stops taking lines and waits at most `seconds` for those queued to be written; false when some were
    /// still waiting (the reader never drained them).
    @discardableResult
    public func finish(waitingAtMost seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        finishing = true
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while waiting.count > head || writing {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    private func drain() {
        while true {
            condition.lock()
            while waiting.count == head && !finishing { condition.wait() }
            if waiting.count == head {
                condition.unlock()
                return
            }
            let line = waiting[head]
            head += 1
            if head > 4_096 && head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            writing = true
            condition.unlock()
            var bytes = Array(line.utf8)[...]
            while !bytes.isEmpty {
                let n = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes = bytes.dropFirst(n)
            }
            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
