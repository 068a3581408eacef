import WalkscapeCore

/// The walk's clock: seconds since the first fix, moved by real (wall) seconds × `speed`, stopped while
/// anyone holds it paused, and set by hand to step one fix. A replay runs on it at any speed; a live walk runs
/// on it at ×1 (fixes then come when they come, and the clock only lets the audio play out between them).
public struct ReplayClock: Sendable, Equatable {
    /// Seconds since the walk's first fix.
    public internal(set) var time: Double = 0
    /// Walk seconds per wall second.
    public var speed: Double
    /// Who holds the clock paused; it stands still while anyone does.
    public private(set) var pauseHolders: Set<PauseHolder> = []

    public init(speed: Double = 1) {
        self.speed = speed
    }

    /// True while someone holds the clock paused.
    public var paused: Bool { !pauseHolders.isEmpty }

    /// Where the clock gets to after `wallSeconds` of real time: nil while paused (or when no time passed).
    public func target(afterWall wallSeconds: Double) -> Double? {
        guard !paused, wallSeconds > 0 else { return nil }
        return time + wallSeconds * speed
    }

    /// Takes or releases `holder`'s hold; returns whether the clock as a whole changed between running and
    /// paused.
    @discardableResult
    public mutating func setPaused(_ hold: Bool, by holder: PauseHolder) -> Bool {
        let was = paused
        if hold { pauseHolders.insert(holder) } else { pauseHolders.remove(holder) }
        return was != paused
    }
}
