import WalkscapeCore

/// What the audio side must do after a walk moved: the engine's audio events as player commands.
public enum WalkAudioCommand: Sendable, Equatable {
    /// Start point `point`'s audio `offset` seconds into the recording (heard within `audibleSpeeds`,
    /// time-stretched away from ×1; muted otherwise).
    case play(point: Int, offset: Double)
    case stop
    case pause
    case resume
    case seek(to: Double)

    /// The speeds at which the narration is heard (time-stretched with its pitch kept away from ×1); outside
    /// them it is muted and its clock runs on. Decided once, in the core's `ReplaySpeeds`.
    public static let audibleSpeeds: ClosedRange<Double> = ReplaySpeeds.audible

    /// Whether the narration is heard at `speed`.
    public static func isAudible(speed: Double) -> Bool { audibleSpeeds.contains(speed) }

    /// Whether the command replaces what the sink plays (a new recording, or silence).
    public var replacesAudio: Bool {
        switch self {
        case .play, .stop: return true
        case .pause, .resume, .seek: return false
        }
    }

    /// The commands `events` call for, with the walk's clock at `time` (a start the clock has already passed
    /// begins that far into the recording). A start followed by a stop in the same batch is just a stop.
    ///
    /// `byTime`: the events came from the clock moving (a step), not from a control. A narration that
    /// finishes then is not stopped: the sink has played it out (with `Walk.audioLeads` the engine finishes
    /// it only once the sink has played its last sample), and a stop would flush what the sound card still
    /// holds. A finish that a control caused (skip, replay, next/previous) stops it, as does a cut.
    public static func commands(for events: [EngineEvent], at time: Double, byTime: Bool = false) -> [WalkAudioCommand] {
        var commands: [WalkAudioCommand] = []
        var startedHere: Set<Int> = []
        for event in events {
            switch event.kind {
            case .audioStarted:
                if let point = event.point {
                    commands.append(.play(point: point, offset: max(0, time - event.t)))
                    startedHere.insert(point)
                }
            case .audioFinished:
                if !byTime || event.point.map(startedHere.contains) == true { commands.append(.stop) }
            case .audioCut:
                commands.append(.stop)
            case .audioSeeked:
                commands.append(.seek(to: event.audioSeconds ?? 0))
            default:
                break
            }
        }
        if let lastPlay = commands.lastIndex(where: { if case .play = $0 { return true } else { return false } }),
            let lastStop = commands.lastIndex(of: .stop), lastStop > lastPlay
        {
            return [.stop]
        }
        return commands
    }
}
