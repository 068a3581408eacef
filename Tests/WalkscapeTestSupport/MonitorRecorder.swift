import Foundation

/// Monotonic seconds (`CLOCK_MONOTONIC`), the clock the recorder, the audio outputs and the tests' observers share.
public func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Records a sink's monitor (the default sink's unless `device` names a source) with `parec` (48 kHz mono
/// float) and keeps each chunk's arrival, so that a monotonic moment can be placed on the capture's sample
/// timeline (`sampleIndex(at:)`).
public final class MonitorRecorder: @unchecked Sendable {
    public static let rate = 48000
    private let process = Process()
    private let lock = NSLock()
    private var samples: [Float] = []
    /// Each chunk's arrival: (samples recorded so far, monotonic time).
    private var arrivals: [(count: Int, time: Double)] = []
    private let done = DispatchSemaphore(value: 0)

    /// Records at `latencyMilliseconds` (5 by default, which keeps the sink's buffer short; nil: parec's default,
    /// under which the sink keeps a long buffer, as a busy desktop's or a Bluetooth sink does).
    public convenience init(server: String? = nil, device: String = "@DEFAULT_MONITOR@", latencyMilliseconds: Int? = 5) throws {
        var arguments: [String] = ["parec"]
        if let server { arguments.append("--server=\(server)") }
        arguments += ["--device=\(device)", "--format=float32le", "--rate=48000", "--channels=1"]
        if let latencyMilliseconds { arguments.append("--latency-msec=\(latencyMilliseconds)") }
        try self.init(command: arguments + ["--raw"])
    }

    /// Records what `command` (found on PATH) writes to its standard output: 48 kHz mono float samples, raw.
    /// `environment`: the recorder's whole environment (nil: this process's).
    public init(command: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let environment { process.environment = environment }
        let pipe = Pipe()
        // A megabyte of pipe (5 s of samples), not 64 KB (341 ms): a recorder that writes from its real-time
        // thread (pw-record) blocks there when the reading thread below, starved beside busy loops, falls
        // behind, and PipeWire then drops whole quanta of what it records (42.7 ms missing from a walk once).
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (fcntl.h, _GNU_SOURCE only)
        _ = fcntl(pipe.fileHandleForReading.fileDescriptor, setPipeSize, Int32(1 << 20))
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread {
            var carry = Data()
            while true {
                let data = handle.availableData
                let now = monotonicNow()
                if data.isEmpty { break }
                carry.append(data)
                let whole = carry.count / 4 * 4
                let floats: [Float] = carry.prefix(whole).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
                carry = carry.dropFirst(whole)
                self.lock.withLock {
                    self.samples.append(contentsOf: floats)
                    self.arrivals.append((self.samples.count, now))
                }
            }
            self.done.signal()
        }.start()
    }

    /// The index of the sample heard at monotonic `time`, from the chunks that arrived in the second after it
    /// only: the earliest sample position consistent with their arrivals (a chunk read late, on a busy machine,
    /// only moves its estimate later, and the minimum wins). Local, because the sink's clock does not run at
    /// exactly the monotonic clock's rate: a null sink's ran 200 ppm fast here (120 ms over 10 minutes), as a
    /// sound card's may.
    public func sampleIndex(at time: Double) -> Int? {
        lock.withLock {
            let rate = Double(MonitorRecorder.rate)
            let near = arrivals.filter { $0.time >= time && $0.time <= time + 1 }
            guard let local = near.map({ $0.time - Double($0.count) / rate }).min() else { return nil }
            return Int(((time - local) * rate).rounded())
        }
    }

    /// Waits until the first samples arrive (at most `seconds`): a recorder linked into the graph, as pw-record
    /// is a moment after it starts. Returns whether any did.
    @discardableResult
    public func waitUntilRecording(atMost seconds: Double = 5) -> Bool {
        let deadline = monotonicNow() + seconds
        while monotonicNow() < deadline {
            if lock.withLock({ !samples.isEmpty }) { return true }
            usleep(10_000)
        }
        return false
    }

    public func stop() -> [Float] {
        // SIGKILL: the child may have inherited a mask blocking SIGTERM from the spawning thread.
        kill(process.processIdentifier, SIGKILL)
        done.wait()
        process.waitUntilExit()
        return lock.withLock { samples }
    }
}
