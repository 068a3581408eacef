import Foundation
import WalkscapeCore

/// A tour's detail in one language (`GET /tours/{id}?language=L`), read from the draft or the deployed shape.
///
/// The deployed backend sends `imageUrl`, `routePolyline` ("lat,lng;…"), `completionMessage`, `busInfo`,
/// `difficulty`, `coverTrailerUrl` and `hasAccess`; the draft sends `coverImageUrl` and
/// `routePreview.polyline` (a Google encoded polyline). Both are read.
public struct RemoteTourDetail: Sendable, Equatable {
    /// The language the texts are in (the `language` asked for).
    public var language: String
    public var id: String
    public var slug: String
    public var title: String
    public var description: String?
    public var completionMessage: String?
    public var busInfo: String?
    public var difficulty: String?
    public var city: String
    public var durationMinutes: Double
    public var distanceKm: Double
    /// Every published language of the tour, in the backend's order.
    public var languages: [String]
    public var isProtected: Bool
    public var hasAccess: Bool?
    /// `imageUrl` (deployed) or `coverImageUrl` (draft).
    public var coverURL: String?
    /// nil when the backend has none (it may send `{"lat": null, "lng": null}`).
    public var startingPoint: LatLng?
    /// The deployed route, "lat,lng;lat,lng;…", when non-empty.
    public var routePolyline: String?
    /// The draft route, a Google encoded polyline, when non-empty.
    public var routePreviewPolyline: String?
    /// `downloadInfo.estimatedSizeMb`, when sent.
    public var estimatedSizeMb: Double?

    /// Reads a detail response asked for in `language`.
    public init(_ value: JSONValue, language: String) throws(RemoteFormatError) {
        let fields = try RemoteFields(value, document: "tour detail (\(language))")
        self.language = language
        id = try fields.identifier("id")
        slug = try fields.optionalString("slug") ?? id
        title = try RemoteTourDetail.text(fields, "title", language: language) ?? ""
        if title.trimmingCharacters(in: .whitespaces).isEmpty {
            throw RemoteFormatError(document: fields.document, path: JSONPath([.key("title")]), "missing or empty, expected the tour's title in \(language)")
        }
        description = try RemoteTourDetail.text(fields, "description", language: language)
        completionMessage = try RemoteTourDetail.text(fields, "completionMessage", language: language)
        busInfo = try RemoteTourDetail.text(fields, "busInfo", language: language)
        difficulty = try fields.optionalString("difficulty")
        city = try fields.string("city")
        durationMinutes = try fields.number("durationMinutes", maximum: ValueRanges.maxDurationMinutes, expected: "a number of minutes from 0 to 10080")
        distanceKm = try fields.number("distanceKm", maximum: ValueRanges.maxDistanceKm, expected: "a number of kilometres from 0 to 40075")
        languages = try fields.strings("languages")
        isProtected = try fields.bool("isProtected")
        hasAccess = try fields.optionalBool("hasAccess")
        let deployedCover = try fields.optionalString("imageUrl")
        let draftCover = try fields.optionalString("coverImageUrl")
        coverURL = deployedCover ?? draftCover
        startingPoint = try fields.optionalLatLng("startingPoint")
        routePolyline = try fields.optionalString("routePolyline").flatMap { $0.isEmpty ? nil : $0 }
        routePreviewPolyline = try fields.optionalObject("routePreview").flatMap { preview throws(RemoteFormatError) in
            try preview.optionalString("polyline").flatMap { $0.isEmpty ? nil : $0 }
        }
        estimatedSizeMb = try fields.optionalObject("downloadInfo").flatMap { info throws(RemoteFormatError) in try info.optionalNumber("estimatedSizeMb", in: 0...1_099_511, expected: "a number of megabytes from 0 to 1099511 (1 TiB)") }
    }

    /// A text field in `language`: a plain string, or that language's entry of a map; nil when absent or empty.
    static func text(_ fields: RemoteFields, _ key: String, language: String) throws(RemoteFormatError) -> String? {
        guard let entries = try fields.optionalText(key, keepNewlines: key != "title") else { return nil }
        let text = entries.first { $0.language == nil || $0.language == language }?.text
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
