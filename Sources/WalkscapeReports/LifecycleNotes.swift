import WalkscapeCore

/// The notes a replay with `--screen-locked` or `--killed-at` writes to standard error: positions the app did
/// not get, the kill, the events lost with it, and what a relaunch shows under the profile's build.
public enum LifecycleNotes {
    public static func lines(_ timeline: Timeline, profile: EngineProfile, policy: EnginePolicy, lostEvents: Int, trace: String) -> [String] {
        guard let device = policy.device else { return [] }
        var lines: [String] = []
        let rules = profile.lifecycle
        if !device.screenLocked.isEmpty {
            let windows = device.screenLocked.map { TimelineWriter.clock($0.from) + "-" + TimelineWriter.clock($0.to) }.joined(separator: ", ")
            if device.positionsWhileLocked {
                let why = rules.lockedPositions == .always
                    ? (profile.build == nil ? "walkscape's rules" : "the build tracks in the background")
                    : "background location granted"
                lines.append("\(trace): note: screen locked \(windows): positions arrive as usual (\(profile.rawValue): \(why))")
            } else {
                lines.append("\(trace): note: screen locked \(windows): \(timeline.lockedFixes) of \(timeline.fixes) fixes never reach the app (\(profile.rawValue) without background location: positions stop while the screen is locked)")
            }
        }
        if let kill = timeline.events.last(where: { $0.kind == .appKilled }) {
            var line = "\(trace): note: the app is killed at \(TimelineWriter.clock(kill.t))"
            line += kill.point.map { ": point \($0)'s narration stops" } ?? ""
            line += "; no tour_completed or tour_abandoned"
            if lostEvents > 0 { line += "; \(lostEvents) queued analytics event\(lostEvents == 1 ? "" : "s") never sent (the queue is in memory)" }
            lines.append(line)
            lines.append("\(trace): note: relaunch (\(profile.rawValue)): \(rules.relaunch)")
        } else if let killedAt = device.killedAt {
            lines.append("\(trace): note: the tour completed before the app was killed at \(TimelineWriter.clock(killedAt))")
        }
        if device.racingEventsLost, let end = timeline.events.last(where: { $0.kind == .tourCompleted || $0.kind == .tourIncomplete }),
            end.kind == .tourCompleted || profile.analyticsApp == .androidEfba3ee, !timeline.events.contains(where: { $0.kind == .appKilled }) {
            let name = end.kind == .tourCompleted ? "tour_completed" : "tour_abandoned"
            lines.append("\(trace): note: \(name) at \(TimelineWriter.clock(end.t)) is lost (--racing-events lost): the app sends it from a coroutine that "
                + "the player screen's closing cancels (PlayerViewModel.kt's viewModelScope.launch; read from the code, not measured on a phone)")
        }
        return lines
    }
}
