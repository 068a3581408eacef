/// Why a player key did nothing, shown on the last row for a moment (`PlayerState.refusalSeconds`). Each text
/// is an English key of `UIStrings`, translated when the screen draws it.
public enum KeyRefusal {
    /// b on a tour without map tiles (or with tiles that cannot be read).
    public static let noMapTiles = "b: this tour has no map tiles (walkscape tiles adds them)"
    /// p before a second point has played (walkscape replays the point before the playing one; the apps go
    /// back one point from the first).
    public static let noPreviousPoint = "p: no previous point until a second one has played"
    /// n once the last point has played, or after the end.
    public static let noNextPoint = "n: no next point: the last one has played"
    /// n under walkscape's controls while nothing plays (it skips the playing narration).
    public static let nothingToSkip = "n: nothing is playing to skip"
    /// ←/→ while no narration plays (they seek within the playing one).
    public static func nothingToSeek(forward: Bool) -> String {
        "\(forward ? "→" : "←"): no narration is playing to seek in"
    }
}
