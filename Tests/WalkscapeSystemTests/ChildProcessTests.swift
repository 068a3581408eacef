import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeSystem

@Suite struct ChildProcessTests {
    @Test func theExitStatusIsReturned() throws {
        try expectEqual(ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "exit 7"], environment: [:]), 7)
        try expectEqual(ChildProcess.run(executable: "/bin/true", arguments: [], environment: [:]), 0)
    }

    @Test func aSignalIsReportedAsShellsDo() throws {
        try expectEqual(ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$"], environment: [:]), 128 + SIGTERM)
    }

    @Test func theInterruptSignalsAreAtTheirDefaultsInTheChildEvenWhenTheParentIgnoresThem() throws {
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        try expectEqual(ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -INT $$; exit 0"], environment: [:]), 128 + SIGINT)
    }

    @Test func theEnvironmentIsExactlyTheOneGivenAndStandardErrorGoesWhereAsked() throws {
        let path = NSTemporaryDirectory() + "walkscape-child-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        expectTrue(descriptor >= 0)
        let status = try ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", "echo \"$WALKSCAPE_TOKEN ${HOME:-unset}\" >&2"], environment: ["WALKSCAPE_TOKEN": "secret"],
            stderr: descriptor)
        close(descriptor)
        expectEqual(status, 0)
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), "secret unset\n")
    }

    @Test func aProgramThatCannotStartIsAnErrorNamingWhy() {
        do {
            _ = try ChildProcess.run(executable: "/nonexistent/walkscape", arguments: [], environment: [:])
            Issue.record("a missing program started")
        } catch {
            expectEqual(error.message, String(cString: strerror(ENOENT)))
        }
    }

    @Test func selfExecutableIsThisProcessesBinary() {
        expectTrue(FileManager.default.isExecutableFile(atPath: ChildProcess.selfExecutable))
        expectTrue(ChildProcess.selfExecutable.hasPrefix("/"))
    }
}
