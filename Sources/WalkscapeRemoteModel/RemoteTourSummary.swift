import WalkscapeCore
/// One tour of the remote catalogue (`GET /tours`), read from the draft or the deployed shape.
public struct RemoteTourSummary: Sendable, Equatable {
    public var id: String
    public var slug: String
    public var title: LocalizedText
    public var city: String
    public var durationMinutes: Double
    public var distanceKm: Double
    public var languages: [String]
    public var isProtected: Bool
    /// The cover image URL: `imageUrl` (deployed) or `coverImageUrl` (draft).
    public var coverURL: String?
    /// Whether the caller may download it (deployed backend, only sent with a token).
    public var hasAccess: Bool?

    /// Reads a `GET /tours` response: an array of list items (or `{"tours": […]}`).
    public static func decodeList(_ value: JSONValue) throws(RemoteFormatError) -> [RemoteTourSummary] {
        try RemoteFields.list(value, key: "tours", noun: "tours", document: "tour list") { fields throws(RemoteFormatError) in
            try RemoteTourSummary(fields)
        }
    }

    /// Reads one list item.
    public init(_ fields: RemoteFields) throws(RemoteFormatError) {
        id = try fields.identifier("id")
        slug = try fields.optionalString("slug") ?? id
        let languages = try fields.strings("languages")
        self.languages = languages
        let texts = try fields.optionalText("title") ?? []
        title = LocalizedText(texts.map { LocalizedText.Entry(language: $0.language ?? languages.first ?? "und", text: $0.text) })
        city = try fields.optionalString("city") ?? ""
        durationMinutes = try fields.optionalNumber("durationMinutes", in: 0...ValueRanges.maxDurationMinutes, expected: "a number of minutes from 0 to 10080") ?? 0
        distanceKm = try fields.optionalNumber("distanceKm", in: 0...ValueRanges.maxDistanceKm, expected: "a number of kilometres from 0 to 40075") ?? 0
        isProtected = try fields.bool("isProtected")
        let deployedCover = try fields.optionalString("imageUrl")
        let draftCover = try fields.optionalString("coverImageUrl")
        coverURL = deployedCover ?? draftCover
        hasAccess = try fields.optionalBool("hasAccess")
    }
}
