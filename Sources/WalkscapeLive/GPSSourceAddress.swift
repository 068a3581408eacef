import WalkscapeCore

/// Where live positions come from, parsed from `--gps`: a gpsd (its JSON protocol) or an NMEA 0183 stream over
/// TCP (a phone app that streams its GPS, a receiver behind a serial-to-TCP bridge, `walkscape feed`).
public enum GPSSourceAddress: Equatable, Sendable {
    /// `gpsd://HOST[:PORT]` (default port 2947, gpsd's).
    case gpsd(host: String, port: Int)
    /// `nmea:tcp://HOST:PORT`.
    case nmeaTCP(host: String, port: Int)

    /// gpsd's registered port.
    public static let gpsdPort = 2947
    /// The forms `--gps` accepts, for help and errors.
    public static let forms = "gpsd://HOST[:PORT] (default port 2947) or nmea:tcp://HOST:PORT"

    /// Parses `text`, or says what was expected.
    public init(parsing text: String) throws(LiveError) {
        let shown = TerminalText.sanitize(text)
        func hostAndPort(_ rest: Substring, defaultPort: Int?) throws(LiveError) -> (String, Int) {
            var rest = rest
            while rest.last == "/" { rest.removeLast() }
            var host = Substring(rest)
            var portText: Substring?
            if rest.hasPrefix("[") {
                // [IPv6]:PORT
                guard let close = rest.firstIndex(of: "]") else { throw LiveError("--gps \(shown): an IPv6 address needs its closing ]; expected \(Self.forms)") }
                host = rest[rest.index(after: rest.startIndex)..<close]
                let after = rest[rest.index(after: close)...]
                if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw LiveError("--gps \(shown): expected \(Self.forms)") }
            } else if let colon = rest.lastIndex(of: ":") {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            }
            guard !host.isEmpty else { throw LiveError("--gps \(shown): no host; expected \(Self.forms)") }
            guard let portText else {
                guard let defaultPort else { throw LiveError("--gps \(shown): no port; expected \(Self.forms)") }
                return (String(host), defaultPort)
            }
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw LiveError("--gps \(shown): the port must be a number from 1 to 65535, got \(portText.isEmpty ? "nothing" : TerminalText.sanitize(String(portText)))")
            }
            return (String(host), port)
        }
        if text.hasPrefix("gpsd://") {
            let (host, port) = try hostAndPort(text.dropFirst("gpsd://".count), defaultPort: Self.gpsdPort)
            self = .gpsd(host: host, port: port)
        } else if text.hasPrefix("nmea:tcp://") {
            let (host, port) = try hostAndPort(text.dropFirst("nmea:tcp://".count), defaultPort: nil)
            self = .nmeaTCP(host: host, port: port)
        } else {
            throw LiveError("--gps \(shown): expected \(Self.forms)")
        }
    }

    /// The address as the user writes it.
    public var description: String {
        switch self {
        case let .gpsd(host, port): return "gpsd://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case let .nmeaTCP(host, port): return "nmea:tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }
    }
}
