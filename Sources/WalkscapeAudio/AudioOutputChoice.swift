import WalkscapeSystem
import WalkscapeCore
/// Which output `--audio` asks for: `pulse`, `none`, `wav:FILE` or `auto` (PulseAudio when a server answers,
/// else `none` with a notice).
public enum AudioOutputChoice: Sendable, Equatable, CustomStringConvertible {
    case auto
    case pulse
    case none
    case wav(path: String)

    /// Parses an `--audio` value; nil when it is none of the forms.
    public init?(argument: String) {
        switch argument {
        case "auto": self = .auto
        case "pulse": self = .pulse
        case "none": self = .none
        default:
            guard argument.hasPrefix("wav:"), argument.count > 4 else { return nil }
            self = .wav(path: String(argument.dropFirst(4)))
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .pulse: "pulse"
        case .none: "none"
        case let .wav(path): "wav:" + path
        }
    }

    /// Opens the output. `auto` falls back to a silent clocked output and calls `notice` once to say so;
    /// `pulse` throws when no server answers. `notice` also receives the output's later notices (server
    /// lost, back).
    public func makeOutput(clock: any MonotonicClock = SystemClock(), notice: @escaping @Sendable (String) -> Void) throws(AudioOutputError) -> any AudioOutput {
        switch self {
        case .none:
            return NullOutput(clock: clock)
        case let .wav(path):
            return WAVFileOutput(path: path, clock: clock)
        case .pulse:
            return try PulseOutput(onNotice: notice)
        case .auto:
            do {
                return try PulseOutput(onNotice: notice)
            } catch {
                notice("\(error.message); playing silently (--audio none)")
                return NullOutput(clock: clock)
            }
        }
    }
}
