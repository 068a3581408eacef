import Foundation

/// What decoding a `tour.json` gave: the tour, when its shape allowed one, and every problem found.
public struct TourDecoding: Sendable {
    /// The tour; nil when the document is too broken to describe one (it is not an object, or an
    /// unsupported format version). A tour may come with errors: check `diagnostics.hasErrors`.
    public var tour: Tour?
    public var diagnostics: [Diagnostic]
}
