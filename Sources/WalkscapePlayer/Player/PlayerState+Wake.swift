import WalkscapeCore
import WalkscapeTUI

extension PlayerState {
    /// The longest the player sleeps between two looks at the walk, whatever else: notices from the audio
    /// side, a tour watcher's reload and a live walk's fixes are seen within it.
    public static let longestWake = 0.25

    /// How long (in wall seconds) until what the screen shows may change, when nothing is pressed: the
    /// header's clock reaching its next tenth, the next fix, the next subtitle change of the narration heard at
    /// `heardPosition`, the audio bar's next second, and while a narration waits for its first sample
    /// (`waitingForSound`), a short poll. The player sleeps that long (at most `longestWake`), so that at ×1 it
    /// draws about ten frames a second instead of thirty, and none while paused.
    ///
    /// `awaitingSound(waiting:)` says when the player should poll instead (a narration's first sample or its
    /// drain is due).
    public func wallSecondsUntilShownChange(heardPosition: Double?, waitingForSound: Bool) -> Double {
        let snapshot = session.snapshot
        guard !snapshot.ended, !snapshot.paused, overlay == nil || overlay?.pausesWalk == false else { return PlayerState.longestWake }
        let speed = max(snapshot.speed, 1e-9)
        var walkSeconds: [Double] = []
        // The header's clock shows tenths, rounded: the next change is at the next half tenth.
        let tenth = ((snapshot.time * 10 + 0.5).rounded(.down) + 0.5) / 10
        walkSeconds.append(tenth - snapshot.time)
        if let next = session.nextFixTime { walkSeconds.append(next - snapshot.time) }
        if let playing = snapshot.engine.playing {
            // The narration's end: from there the player polls until the sink has played its last sample.
            walkSeconds.append(playing.endsAt - snapshot.time)
            let position = heardPosition ?? (snapshot.time - playing.startedAt)
            // The audio bar's elapsed second.
            walkSeconds.append((position + 1).rounded(.down) - position)
            if let track = info.subtitles[playing.point] {
                let ms = Int((position * 1000).rounded())
                if let change = track.nextChange(after: ms) { walkSeconds.append(Double(change) / 1000 - position) }
            }
        }
        var wall = (walkSeconds.filter { $0 > 0 }.min() ?? PlayerState.longestWake) / speed
        if waitingForSound { wall = min(wall, 0.004) }
        if let notice = shownNoticeSeconds.isFinite ? shownNoticeSeconds : nil, shownNotice != nil { wall = min(wall, max(0, notice)) }
        // A hair past the change, so that it has happened when the player looks.
        return min(PlayerState.longestWake, wall + 0.001)
    }

    /// Whether the sink is about to say something the walk waits for: a narration's first sample (`waiting`:
    /// the sink's lead says so) or its last (the walk's clock within 50 ms of the narration's end). The player
    /// then polls every few milliseconds, so that a drained narration hands over to the next at once.
    public func awaitingSound(waiting: Bool) -> Bool {
        guard !session.paused, !session.ended else { return false }
        if waiting { return true }
        guard let playing = session.engine.playing else { return false }
        return playing.endsAt - session.traceTime < 0.05
    }
}
