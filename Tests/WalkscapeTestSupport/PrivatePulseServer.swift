import Foundation

/// A PulseAudio daemon of the test's own (tools/pulse_null.sh in a private directory: its own socket, runtime
/// directory and configuration), which the test can stop and start again on the same socket to play a server that
/// goes away and comes back. Every real-audio test plays and records on one of these, never on a server that
/// happens to answer (the user's desktop server would play the tones aloud and mix in other sound).
public final class PrivatePulseServer: PrivateSoundServer {
    public let directory: String
    public var address: String { "unix:\(directory)/native" }
    public var name: String { "PulseAudio" }

    /// `parec` on the null sink's monitor at `latencyMilliseconds` (nil: parec's default).
    public func recorder(latencyMilliseconds: Int?) throws -> MonitorRecorder {
        try MonitorRecorder(server: address, latencyMilliseconds: latencyMilliseconds)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init() {
        directory = NSTemporaryDirectory() + "walkscape-pulse-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }


    /// The whole environment of a client of this daemon and of no other server (the one tools/pulse_null.sh
    /// gives its own clients: none of the user's PULSE_*/XDG_* variables, autospawn off).
    public var clientEnvironment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_RUNTIME_DIR": directory, "XDG_CONFIG_HOME": directory + "/config",
            "PULSE_SERVER": address, "PULSE_CLIENTCONFIG": directory + "/client.conf",
        ]
    }

    /// Runs pactl on this daemon (`pactl load-module …`); returns what it printed, throws when it fails.
    @discardableResult
    public func pactl(_ arguments: String...) throws -> String {
        guard let pactl = ["/usr/bin/pactl", "/usr/local/bin/pactl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "pactl is not installed")
        }
        let result = try ChildProcess.run([pactl] + arguments, environment: clientEnvironment)
        guard result.status == 0 else { throw Failure(description: "pactl \(arguments.joined(separator: " ")) failed (status \(result.status))") }
        return result.output
    }

    /// Runs tools/pulse_null.sh `verb` for this directory (through `ChildProcess`: the daemon the script
    /// starts would keep Foundation's `Process` waiting).
    private func script(_ verb: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WALKSCAPE_PULSE_DIR"] = directory
        let status = try ChildProcess.run([repositoryRoot + "/tools/pulse_null.sh", verb], environment: environment, capture: false).status
        guard status == 0 else { throw Failure(description: "tools/pulse_null.sh \(verb) failed (status \(status))") }
    }

    public func start() throws { try script("start") }

    /// Stops the keep-alive stream of silence that tools/pulse_null.sh plays into the null sink to keep its
    /// buffer short: the sink then runs with a long buffer (up to 2 s) whenever no client asks for less, as a
    /// busy desktop's or a Bluetooth sink does, and renders that much ahead when a stream wakes it.
    public func stopKeepAlive() throws {
        let pidText = try String(contentsOfFile: directory + "/keepalive.pid", encoding: .utf8)
        guard let pid = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else {
            throw Failure(description: "no keep-alive pid in \(directory)/keepalive.pid")
        }
        kill(pid, SIGTERM)
        // Gone once the sink has no input left.
        for _ in 0..<50 {
            if (try? pactl("list", "short", "sink-inputs"))?.isEmpty ?? false { return }
            usleep(20_000)
        }
        throw Failure(description: "the keep-alive stream did not stop")
    }
    public func stop() throws { try script("stop") }

    public static var available: Bool {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/pulseaudio") } ?? false
    }
}
