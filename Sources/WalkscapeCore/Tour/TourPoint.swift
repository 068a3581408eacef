/// A numbered stop of a tour: where it is, how near the walker must come, and what it plays.
public struct TourPoint: Sendable, Equatable {
    public var id: String
    /// The position in the walk, from 1.
    public var order: Int
    public var location: LatLng
    /// The geofence: a fix within this many metres (haversine) is inside the point's region.
    public var triggerRadiusMeters: Double
    public var title: LocalizedText
    public var description: LocalizedText?
    public var image: Asset?
    /// The recordings by language, in file order.
    public var tracks: [Track]
    /// The point's index in the file's `points` array (the file may list points out of order).
    public var fileIndex: Int

    public init(
        id: String, order: Int, location: LatLng, triggerRadiusMeters: Double, title: LocalizedText,
        description: LocalizedText? = nil, image: Asset? = nil, tracks: [Track], fileIndex: Int
    ) {
        self.id = id
        self.order = order
        self.location = location
        self.triggerRadiusMeters = triggerRadiusMeters
        self.title = title
        self.description = description
        self.image = image
        self.tracks = tracks
        self.fileIndex = fileIndex
    }

    /// The track in `language`, if the point has one.
    public func track(_ language: String) -> Track? { tracks.first { $0.language == language } }
}
