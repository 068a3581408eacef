/// A text in several languages, in the order the tour file lists them (`{"it": "…", "en": "…"}`).
public struct LocalizedText: Sendable, Equatable {
    /// Language code and text pairs, in file order.
    public var entries: [Entry]

    /// One language's text.
    public struct Entry: Sendable, Equatable {
        public var language: String
        public var text: String

        public init(language: String, text: String) {
            self.language = language
            self.text = text
        }
    }

    public init(_ entries: [Entry]) { self.entries = entries }

    /// A text in one language only.
    public init(language: String, text: String) { self.entries = [Entry(language: language, text: text)] }

    /// The languages present.
    public var languages: [String] { entries.map(\.language) }

    /// The text in exactly `language`, if present.
    public subscript(language: String) -> String? { entries.first { $0.language == language }?.text }

    /// The text for a reader of `language`: that language, else its base language (`pt` for `pt-BR`),
    /// else each of `fallbacks` in turn, else the first text there is.
    public func resolved(_ language: String?, fallbacks: [String] = []) -> String {
        var candidates: [String] = []
        if let language {
            candidates.append(language)
            if let base = language.split(separator: "-").first { candidates.append(String(base)) }
        }
        candidates += fallbacks
        for candidate in candidates {
            if let text = self[candidate] { return text }
        }
        return entries.first?.text ?? ""
    }
}
