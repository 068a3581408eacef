import ArgumentParser
import WalkscapeCore
import WalkscapeLive
import WalkscapeRuntime

/// `--gps`, `--clock`, `--record` and `--idle-timeout`: where a live walk's positions come from (`track`, `play --gps`).
struct LiveSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Live positions: \(GPSSourceAddress.forms).", valueName: "SOURCE"))
    var gps: String?

    @Option(help: ArgumentHelp("With --gps, the walk's clock: gps (the fixes' own times, the default) or wall (their arrival).", valueName: "CLOCK"))
    var clock: String?

    @Option(help: ArgumentHelp("With --gps, also write every fix received to this GPX file, valid after every fix.", valueName: "FILE"))
    var record: String?

    @Option(help: ArgumentHelp(
        "With --gps, end the walk when nothing came from the source for this many seconds (0.5 to 86400; default \(formatShortNumber(Self.defaultIdleTimeout))).",
        valueName: "S"))
    var idleTimeout: Double?

    /// The silence that ends a live walk when `--idle-timeout` is not given: a minute.
    static let defaultIdleTimeout = 60.0

    func validate() throws {
        if let clock, LiveClock(rawValue: clock) == nil { throw ValidationError("--clock must be gps or wall, got \(TerminalText.sanitize(clock)).") }
        if let idleTimeout, !(idleTimeout.isFinite && ValueRanges.idleTimeoutSeconds.contains(idleTimeout)) {
            throw ValidationError(
                "--idle-timeout must be seconds from \(formatShortNumber(ValueRanges.idleTimeoutSeconds.lowerBound)) to "
                    + "\(formatShortNumber(ValueRanges.idleTimeoutSeconds.upperBound)), got \(formatShortNumber(idleTimeout)).")
        }
        guard let gps else {
            if clock != nil || record != nil || idleTimeout != nil {
                throw ValidationError("--\(clock != nil ? "clock" : record != nil ? "record" : "idle-timeout") is only used with --gps SOURCE.")
            }
            return
        }
        do {
            _ = try GPSSourceAddress(parsing: gps)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The parsed source (validated), nil without --gps.
    var address: GPSSourceAddress? { gps.flatMap { try? GPSSourceAddress(parsing: $0) } }
    var liveClock: LiveClock { clock.flatMap(LiveClock.init(rawValue:)) ?? .gps }
    /// `--idle-timeout`, else a minute.
    var idleSeconds: Double { idleTimeout ?? Self.defaultIdleTimeout }
}
