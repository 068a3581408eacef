import WalkscapeCore

/// The tour's text and geometry the player screen shows, resolved in the listener's language.
public struct PlayerTourInfo: Sendable {
    public var title: String
    /// Point titles by order.
    public var pointTitles: [Int: String]
    public var route: [LatLng]
    public var completionMessage: String?
    /// Subtitles by point order in the chosen subtitle language (none when off or missing).
    public var subtitles: [Int: SubtitleTrack]
    /// Orders of the points whose recording in the chosen language is a placeholder (marked on screen).
    public var placeholders: Set<Int>

    public init(title: String, pointTitles: [Int: String], route: [LatLng], completionMessage: String?, subtitles: [Int: SubtitleTrack], placeholders: Set<Int> = []) {
        self.title = title
        self.pointTitles = pointTitles
        self.route = route
        self.completionMessage = completionMessage
        self.subtitles = subtitles
        self.placeholders = placeholders
    }
}
