import Foundation

/// A stand-in for the Android emulator's console (no emulator runs here) following its documented
/// protocol: the greeting that asks for authentication and ends in `OK`, `auth TOKEN` answered `OK` or
/// `KO: …`, `geo fix LON LAT [ALT [SATS [VELOCITY]]]` answered `OK` (or `KO: …` when malformed), `quit`.
/// It records every line the client sent.
final class ScriptedEmulatorConsole: @unchecked Sendable {
    let port: Int
    let token: String
    private let listener: Int32
    private let lock = NSLock()
    private var received: [String] = []
    private let done = DispatchSemaphore(value: 0)

    init(token: String) throws {
        self.token = token
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        guard ok else { throw POSIXError(.EADDRINUSE) }
        Thread.detachNewThread { [self] in serve() }
    }

    /// The lines received, once the client has gone (or after `timeout` seconds).
    func lines(timeout: Double = 20) -> [String] {
        _ = done.wait(timeout: .now() + timeout)
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    private func serve() {
        defer {
            close(listener)
            done.signal()
        }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        func say(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        say("Android Console: Authentication required\r\nAndroid Console: type 'auth <auth_token>' to authenticate\r\n"
            + "Android Console: you can find your <auth_token> in \r\n'/home/tester/.emulator_console_auth_token'\r\nOK\r\n")
        var authenticated = false
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            pending += buffer[..<n]
            while let newline = pending.firstIndex(of: 0x0A) {
                var line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasSuffix("\r") { line.removeLast() }
                lock.lock()
                received.append(line)
                lock.unlock()
                let words = line.split(separator: " ").map(String.init)
                if words.first == "auth" {
                    if words.count == 2, words[1] == token {
                        authenticated = true
                        say("Android Console: type 'help' for a list of commands\r\nOK\r\n")
                    } else {
                        say("KO: authentication token does not match ~/.emulator_console_auth_token\r\n")
                    }
                } else if words.first == "quit" {
                    return
                } else if !authenticated {
                    say("KO: unknown command, try 'help'\r\n")
                } else if words.count >= 4, words[0] == "geo", words[1] == "fix", words[2...].allSatisfy({ Double($0) != nil }) {
                    say("OK\r\n")
                } else {
                    say("KO: bad GPS fix\r\n")
                }
            }
        }
    }
}

/// A test harness failure (a helper program that did not start, a line that never came).
struct HarnessFailure: Error, CustomStringConvertible {
    var description: String
}
