import WalkscapeCore
/// One point of a tour in one language (`GET /tours/{id}/points?language=L`).
public struct RemotePoint: Sendable, Equatable {
    public var id: String
    public var order: Int
    /// nil when the backend had no title in the language (it sends "Untitled Point").
    public var title: String?
    /// nil when empty (the backend sends "" when missing).
    public var description: String?
    public var location: LatLng
    public var triggerRadiusMeters: Double

    /// The backend's stand-in for a point without a title in the asked language.
    public static let untitled = "Untitled Point"

    /// Reads a points response (an array, or `{"points": […]}`) asked for in `language`.
    public static func decodeList(_ value: JSONValue, language: String) throws(RemoteFormatError) -> [RemotePoint] {
        try RemoteFields.list(value, key: "points", noun: "points", document: "points (\(language))") { fields throws(RemoteFormatError) in
            try RemotePoint(fields)
        }
    }

    /// Reads one point.
    public init(_ fields: RemoteFields) throws(RemoteFormatError) {
        id = try fields.identifier("id")
        order = try fields.integer("order", in: 1...Int.max, expected: "an integer ≥ 1")
        let rawTitle = try RemoteTourDetail.text(fields, "title", language: "")
        title = rawTitle == RemotePoint.untitled ? nil : rawTitle
        description = try RemoteTourDetail.text(fields, "description", language: "")
        location = try fields.latLng("location")
        triggerRadiusMeters = try fields.number("triggerRadiusMeters", minimum: .leastNonzeroMagnitude, maximum: ValueRanges.maxTriggerRadiusMeters, expected: "a number of metres > 0 and ≤ 100000")
    }
}
