import Foundation
import WalkscapeSystem
import WalkscapeTours

extension PlayCommand {
    /// Runs `walkscape ARGUMENTS` (this very executable) on the plain terminal, its errors on `stderr`, then
    /// waits for Enter so its last lines can be read; returns its exit status. A `token` reaches it as
    /// `WALKSCAPE_TOKEN` in its environment, not on its command line (which `ps` shows).
    static func runDownload(_ arguments: [String], token: String?, stderr: Int32) -> Int32 {
        var executable = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        let path = length > 0 ? String(decoding: executable.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        // The terminal as it is while curses is suspended: standard output, and the real standard error.
        let console = Console(
            out: { text in _ = text.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) } },
            err: { text in _ = text.withCString { Foundation.write(stderr >= 0 ? stderr : STDERR_FILENO, $0, strlen($0)) } })
        console.line("\nwalkscape " + arguments.map { TourIntegrity.shellQuoted($0) }.joined(separator: " "))
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
        let argv = [path] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        if let token { environment[AccessToken.environmentVariable] = token }
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        var status: Int32 = 0
        if posix_spawn(&pid, path, &actions, &attributes, cArguments, cEnvironment) == 0 {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            status = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        } else {
            console.error("walkscape play: cannot run the download: \(String(cString: strerror(errno)))")
            status = 2
        }
        console.line("\n[walkscape] download \(status == 0 ? "finished" : "stopped (status \(status))"); press Enter to go back")
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
        return status
    }

}
