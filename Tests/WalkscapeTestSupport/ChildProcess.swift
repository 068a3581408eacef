import Foundation

/// Runs a program to its end with posix_spawn and waitpid, not Foundation's `Process`: on Linux, `Process`
/// learns that a child ended through a descriptor the child inherits, so a daemon the child leaves behind (a
/// tmux server, a PulseAudio daemon) would keep it waiting. The child starts with no signal blocked, whatever
/// the test runner's threads block.
public enum ChildProcess {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `argv` (argv[0] a path) with `environment` (nil: ours), standard input from /dev/null and standard
    /// error discarded; returns the exit status and, with `capture`, what it printed on standard output.
    @discardableResult
    public static func run(_ argv: [String], environment: [String: String]? = nil, capture: Bool = true) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [-1, -1]
        if capture { guard Foundation.pipe(&pipe) == 0 else { throw Failure(description: "cannot create a pipe") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            cArguments.forEach { free($0) }
            cEnvironment?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = cEnvironment.map { environment in posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environment) }
            ?? posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environ)
        guard status == 0 else {
            if capture { close(pipe[0]); close(pipe[1]) }
            throw Failure(description: "cannot run \(argv[0]): \(String(cString: strerror(status)))")
        }
        var output = Data()
        if capture {
            close(pipe[1])
            output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true).readDataToEndOfFile()
        }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        let code = (exitStatus & 0x7f) == 0 ? (exitStatus >> 8) & 0xff : 128 + (exitStatus & 0x7f)
        return (code, String(decoding: output, as: UTF8.self))
    }
}
