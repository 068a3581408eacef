import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeTraces

/// Fixes sent to a running Android emulator through its console, as `adb emu geo fix` and Android Studio's
/// extended controls do.
///
/// The protocol (developer.android.com/studio/run/emulator-console): connect to 127.0.0.1:PORT (5554 for the
/// first emulator); the console greets with lines ending in `OK`; when it says `Authentication required`,
/// send `auth TOKEN` with the token from `~/.emulator_console_auth_token` and wait for `OK` (a `KO: …` line
/// means refused). Then each fix is `geo fix LONGITUDE LATITUDE ALTITUDE SATELLITES VELOCITY` (altitude in
/// metres, 1–12 satellites, velocity in knots), answered `OK` or `KO: …`.
public final class EmulatorConsoleSink: FixSink {
    public let port: Int
    let fd: Int32
    var pending: [UInt8] = []
    public private(set) var dropped = 0
    /// Whether the console asked for the token (and took it).
    public private(set) var authenticated = false

    /// Seconds to wait for each answer of the console.
    public static let answerTimeout = 5.0

    /// Connects and authenticates; `tokenPath` defaults to `$HOME/.emulator_console_auth_token`.
    public init(host: String = "127.0.0.1", port: Int = 5554, tokenPath: String? = nil) throws(LiveError) {
        self.port = port
        fd = try SocketAddress.connect(host, port, what: "android-emulator")
        let greeting = try readAnswer(what: "the console's greeting")
        guard greeting.last == "OK" else { throw failure("the console's greeting did not end in OK: \(greeting.joined(separator: " | "))") }
        if greeting.contains(where: { $0.contains("Authentication required") }) {
            let path = tokenPath ?? ((ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + "/.emulator_console_auth_token")
            guard let data = FileManager.default.contents(atPath: path) else {
                throw failure("the console asks for its token and \(path) cannot be read; start the emulator once as this user to create it")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty, !token.contains(where: { $0.isNewline || $0 == " " }) else {
                throw failure("\(path) holds no token (expected one word); the emulator writes it at start")
            }
            try sendLine("auth " + token)
            let answer = try readAnswer(what: "the answer to auth")
            if let refusal = answer.first(where: { $0.hasPrefix("KO") }) {
                throw failure("the console refused the token in \(path) (\(refusal)); is it this emulator's user?")
            }
            authenticated = true
        }
    }

    deinit { close() }

    func failure(_ text: String) -> LiveError { LiveError("android-emulator:\(port): \(text)") }

    /// The console line for `fix`.
    public static func command(_ fix: OutgoingFix) -> String {
        let altitude = fix.altitude.isFinite ? formatFixed(fix.altitude, 1) : "0"
        let knots = formatFixed(max(0, fix.speed.isFinite ? fix.speed : 0) * 3600 / 1852, 2)
        return "geo fix \(formatFixed(fix.lng, 7)) \(formatFixed(fix.lat, 7)) \(altitude) \(max(1, min(12, fix.satellites))) \(knots)"
    }

    public func send(_ fix: OutgoingFix) throws(LiveError) {
        try sendLine(Self.command(fix))
        let answer = try readAnswer(what: "the answer to geo fix")
        if let refusal = answer.first(where: { $0.hasPrefix("KO") }) { throw failure("geo fix refused: \(refusal)") }
    }

    func sendLine(_ line: String) throws(LiveError) {
        guard FileDescriptorWriting.writeAll(Array((line + "\r\n").utf8), to: fd, within: Self.answerTimeout, socket: true) else {
            throw failure("the console closed the connection (\(String(cString: strerror(errno))))")
        }
    }

    /// Lines up to and including one that is `OK` or starts with `KO`.
    func readAnswer(what: String) throws(LiveError) -> [String] {
        var lines: [String] = []
        let deadline = SystemClock.shared.now() + Self.answerTimeout
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                var line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                while line.hasSuffix("\r") { line.removeLast() }
                lines.append(line)
                if line == "OK" || line.hasPrefix("KO") { return lines }
            }
            let left = deadline - SystemClock.shared.now()
            guard left > 0 else { throw failure("no answer within \(formatShortNumber(Self.answerTimeout)) s waiting for \(what)") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { throw failure("the console closed the connection waiting for \(what)") }
            pending += buffer[..<n]
            if pending.count > 65_536 { throw failure("an answer over 64 KiB waiting for \(what): not an emulator console?") }
        }
    }

    private var closed = false

    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? sendLine("quit")
        Glibc.close(fd)
    }
}
