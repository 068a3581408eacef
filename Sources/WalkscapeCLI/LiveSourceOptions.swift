import ArgumentParser
import WalkscapeCore
import WalkscapeLive
import WalkscapeRuntime

/// `--gps`, `--clock` and `--record`: where a live walk's positions come from (`track`, `play --gps`).
struct LiveSourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Live positions: \(GPSSourceAddress.forms).", valueName: "SOURCE"))
    var gps: String?

    @Option(help: ArgumentHelp("With --gps, the walk's clock: gps (the fixes' own times, the default) or wall (their arrival).", valueName: "CLOCK"))
    var clock: String?

    @Option(help: ArgumentHelp("With --gps, also write every fix received to this GPX file, valid after every fix.", valueName: "FILE"))
    var record: String?

    func validate() throws {
        if let clock, LiveClock(rawValue: clock) == nil { throw ValidationError("--clock must be gps or wall, got \(TerminalText.sanitize(clock)).") }
        guard let gps else {
            if clock != nil || record != nil { throw ValidationError("--\(clock != nil ? "clock" : "record") is only used with --gps SOURCE.") }
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
}
