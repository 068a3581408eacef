import Foundation

/// A PipeWire server of the test's own with its PulseAudio server, pipewire-pulse (tools/pipewire_null.sh in a
/// private directory: a session bus, pipewire, wireplumber and pipewire-pulse under their own runtime directory,
/// and PipeWire's own null sink as the default), the sound server most Linux desktops run. walkscape plays to it
/// through libpulse as to PulseAudio; the tests record the sink with PipeWire's own recorder (`pw-record`) at the
/// buffer size PipeWire picks by itself, as a user's desktop runs, never with a client asking for a short one.
public final class PrivatePipeWireServer: PrivateSoundServer {
    public let directory: String
    public var address: String { "unix:\(directory)/pulse/native" }
    public var name: String { "pipewire-pulse" }

    public init() {
        directory = NSTemporaryDirectory() + "walkscape-pipewire-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }


    /// The whole environment of a client of this server and of no other (libpulse through pipewire-pulse, and
    /// PipeWire's own tools through the runtime directory's socket).
    public var clientEnvironment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_RUNTIME_DIR": directory, "XDG_CONFIG_HOME": directory + "/config",
            "PULSE_SERVER": address, "PULSE_CLIENTCONFIG": directory + "/client.conf",
        ]
    }

    /// `pw-record` on the null sink (`stream.capture.sink`: its monitor), 48 kHz mono float to a pipe, at
    /// `latencyMilliseconds` (nil: pw-record's own 100 ms, PipeWire picking the graph's buffer size by itself).
    public func recorder(latencyMilliseconds: Int?) throws -> MonitorRecorder {
        var command = [
            "pw-record", "-P", "{ stream.capture.sink=true }", "--target", "walkscape_null", "--format", "f32", "--rate",
            "48000", "--channels", "1",
        ]
        if let latencyMilliseconds { command += ["--latency", "\(latencyMilliseconds)ms"] }
        return try MonitorRecorder(command: command + ["-"], environment: clientEnvironment)
    }

    private func script(_ verb: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WALKSCAPE_PIPEWIRE_DIR"] = directory
        let status = try ChildProcess.run([repositoryRoot + "/tools/pipewire_null.sh", verb], environment: environment, capture: false).status
        guard status == 0 else { throw PrivatePulseServer.Failure(description: "tools/pipewire_null.sh \(verb) failed (status \(status))") }
    }

    public func start() throws { try script("start") }
    public func stop() throws { try script("stop") }

    /// Whether every program the servers need is installed (`make test-deps` installs them).
    public static var available: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return ["pipewire", "wireplumber", "pipewire-pulse", "pw-cli", "pw-record", "dbus-daemon", "pactl"].allSatisfy { program in
            path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
    }
}
