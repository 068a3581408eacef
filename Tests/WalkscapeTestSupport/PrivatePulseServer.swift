import Foundation
import WalkscapeTestSupport
import WalkscapeAudio

/// A PulseAudio daemon of the test's own (tools/pulse_null.sh in a private directory: its own socket, runtime
/// directory and configuration), which the test can stop and start again on the same socket to play a server that
/// goes away and comes back. Every real-audio test plays and records on one of these, never on a server that
/// happens to answer (the user's desktop server would play the tones aloud and mix in other sound).
final class PrivatePulseServer {
    let directory: String
    var address: String { "unix:\(directory)/native" }

    init() {
        directory = NSTemporaryDirectory() + "walkscape-pulse-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Starts a daemon, runs `body` with it and stops it, whatever `body` does.
    static func with<T>(_ body: (PrivatePulseServer) throws -> T) throws -> T {
        let server = PrivatePulseServer()
        try server.start()
        defer { try? server.stop() }
        return try body(server)
    }

    /// Runs tools/pulse_null.sh `verb` for this directory (through `ChildProcess`: the daemon the script
    /// starts would keep Foundation's `Process` waiting).
    private func script(_ verb: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WALKSCAPE_PULSE_DIR"] = directory
        let status = try ChildProcess.run([repositoryRoot + "/tools/pulse_null.sh", verb], environment: environment, capture: false).status
        guard status == 0 else { throw AudioOutputError("tools/pulse_null.sh \(verb) failed (status \(status))") }
    }

    func start() throws { try script("start") }
    func stop() throws { try script("stop") }

    static var available: Bool {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/pulseaudio") } ?? false
    }
}
