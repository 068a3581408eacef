import Foundation
import WalkscapeCore

/// A tour read from disk: where it is, its JSON tree (for rewriting) and the decoded tour with problems.
public struct LoadedTour: Sendable {
    public var location: TourLocation
    /// The document as parsed; nil when it is not valid JSON.
    public var document: JSONValue?
    /// The tour, when the document describes one (possibly with errors, see `diagnostics`).
    public var tour: Tour?
    /// JSON syntax and shape problems, and cross-field rule problems.
    public var diagnostics: [Diagnostic]
}
