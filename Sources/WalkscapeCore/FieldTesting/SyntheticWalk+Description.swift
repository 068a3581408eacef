extension SyntheticWalk {
    /// The description `walkscape synth` writes into its trace: the path's length and what it follows, the
    /// pace, the pauses (at each point, for its narration in `pauseLanguage`; nil when it does not pause), the
    /// GPS errors, and how many fixes were made.
    public func description(followsRoute: Bool, pauseLanguage: String?, fixes: Int) -> String {
        var text = "walkscape synth: \(formatFixed(Geodesy.pathLength(path), 0)) m along the tour's "
        text += followsRoute ? "route line" : "points in order"
        text += " at \(formatShortNumber(meanSpeed)) m/s, a fix every \(formatShortNumber(interval)) s"
        if let pauseLanguage { text += ", pausing at each point for its \(pauseLanguage) audio" }
        text += "; GPS drift \(formatShortNumber(errors.sigmaMeters)) m, \(formatShortNumber(errors.jumpsPerHour)) jumps/h, "
        return text + "\(formatShortNumber(errors.dropoutsPerHour)) dropouts/h; \(fixes) fixes"
    }
}
