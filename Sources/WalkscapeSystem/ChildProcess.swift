import Foundation

/// A program run to its end with `posix_spawn`, the interrupt signals at their defaults and unblocked in it
/// (the parent may have them handled or blocked), its standard error optionally redirected.
public enum ChildProcess {
    /// Why a program could not be started.
    public struct SpawnError: Error, Sendable {
        /// `strerror` of the failure.
        public var message: String
    }

    /// The path of the running executable (`/proc/self/exe`), else `argv[0]`.
    public static var selfExecutable: String {
        var executable = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        return length > 0 ? String(decoding: executable.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// Runs `executable` with `arguments` and `environment` and waits for it; returns its exit status, or
    /// 128 + the signal that ended it (as shells report it). `stderr` ≥ 0 becomes its standard error.
    public static func run(executable: String, arguments: [String], environment: [String: String], stderr: Int32 = -1) throws(SpawnError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stderr >= 0 { posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw SpawnError(message: String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
