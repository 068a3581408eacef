import WalkscapeCore
/// Matches the files of a producer's folder of recordings and subtitles to the points of a tour and their
/// languages, by name alone (pure: it is given the relative paths).
///
/// A file belongs to a point when its name (without extension) is the point's id, or starts with the id
/// followed by `.`, `_`, `-` or a space; or else when its first word is the point's order, bare or after
/// letters (`3`, `03`, `p3`, `point3`, `stop_03`). Its languages are the tour languages named by its
/// folders and by the words of its name after the point (`it/p3.mp3`, `p3.it.mp3`, `03-it.wav`); a tour
/// with one language needs none. A subtitle file (`.srt`) names the language of the recording it is timed
/// to and then its own: `p3.it.en.srt` and `it/p3.en.srt` are English subtitles of the Italian recording,
/// `p3.en.srt` English subtitles of the English one. That is the layout of a tour directory itself
/// (`audio/it/p3.mp3`, `subtitles/it/p3.en.srt`), so a tour's own folders can be imported again.
public struct MediaNameMatcher: Sendable {
    /// A point to find files for.
    public struct Point: Sendable, Equatable {
        public var id: String
        public var order: Int
        public init(id: String, order: Int) {
            self.id = id
            self.order = order
        }
    }

    /// What the folder holds for the tour.
    public struct Matches: Sendable, Equatable {
        /// Recording by point order and language.
        public var audio: [Key: String] = [:]
        /// Subtitle files by point order and recording language: (subtitle language, path) in name order.
        public var subtitles: [Key: [Subtitle]] = [:]
        /// Files that name no point or no usable language, with the reason, for a note.
        public var ignored: [(path: String, reason: String)] = []

        public init() {}

        public static func == (lhs: Matches, rhs: Matches) -> Bool {
            lhs.audio == rhs.audio && lhs.subtitles == rhs.subtitles
                && lhs.ignored.map(\.path) == rhs.ignored.map(\.path) && lhs.ignored.map(\.reason) == rhs.ignored.map(\.reason)
        }
    }

    /// A point order and a recording language.
    public struct Key: Sendable, Hashable, Comparable {
        public var order: Int
        public var language: String
        public init(order: Int, language: String) {
            self.order = order
            self.language = language
        }
        public static func < (a: Key, b: Key) -> Bool { (a.order, a.language) < (b.order, b.language) }
    }

    /// One subtitle file for a recording.
    public struct Subtitle: Sendable, Equatable {
        public var language: String
        public var path: String
        public init(language: String, path: String) {
            self.language = language
            self.path = path
        }
    }

    /// Why the folder cannot be used as it is: two files for the same recording.
    public struct Conflict: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    public var points: [Point]
    /// The tour's languages, the default first.
    public var languages: [String]

    public init(points: [Point], languages: [String]) {
        self.points = points
        self.languages = languages
    }

    /// Sorts `paths` (relative to the folder, `/` between folders) into recordings and subtitles.
    public func match(_ paths: [String]) throws(Conflict) -> Matches {
        var matches = Matches()
        // Longer ids first, so that "p1" never takes the files of "p1-bis".
        let byID = points.sorted { $0.id.count > $1.id.count }
        for path in paths.sorted() {
            let components = path.split(separator: "/").map(String.init)
            guard let name = components.last else { continue }
            let folders = Array(components.dropLast())
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { continue }
            let stem = String(name[..<dot])
            let ext = name[name.index(after: dot)...].lowercased()
            let isAudio = AudioFileTypes.extensions.contains(ext)
            guard isAudio || ext == "srt" else { continue }
            guard let (point, rest) = pointOf(stem, folders: folders, byID: byID) else {
                matches.ignored.append((path, "names no point (expected the point's id or order first, e.g. \(points.first.map { "\($0.id).mp3 or \($0.order).mp3" } ?? "1.mp3"))"))
                continue
            }
            let words = MediaNameMatcher.words(rest)
            let folderLanguages = folders.filter(languages.contains)
            let nameLanguages = words.filter(languages.contains)
            if isAudio {
                let named = Array(Set(folderLanguages + nameLanguages))
                let language: String
                if named.count == 1 {
                    language = named[0]
                } else if named.isEmpty && languages.count == 1 {
                    language = languages[0]
                } else {
                    let why = named.isEmpty
                        ? "names no language of the tour (\(languages.joined(separator: ", "))): put it in a folder named after its language or name it like \(point.order).\(languages[0]).\(ext)"
                        : "names several languages (\(named.sorted().joined(separator: ", "))), expected one"
                    matches.ignored.append((path, why))
                    continue
                }
                let key = Key(order: point.order, language: language)
                if let other = matches.audio[key] {
                    throw Conflict(message: "\(other) and \(path) are both recordings of point \(point.order) (\(point.id)) in \(language); keep one of them")
                }
                matches.audio[key] = path
            } else {
                // The subtitle language is the last language word of the name (any language code);
                // the recording's is the tour language named before it (folder first), else the same.
                let subtitleLanguage = words.last(where: TourDecoder.isLanguageCode) ?? folderLanguages.last
                let before = folderLanguages + (subtitleLanguage.flatMap { last in
                    words.lastIndex(of: last).map { Array(words[..<$0]) } } ?? words).filter(languages.contains)
                let trackLanguage: String?
                if let first = before.first {
                    trackLanguage = first
                } else if let subtitleLanguage, languages.contains(subtitleLanguage) {
                    trackLanguage = subtitleLanguage
                } else if languages.count == 1 {
                    trackLanguage = languages[0]
                } else {
                    trackLanguage = nil
                }
                guard let trackLanguage, let language = subtitleLanguage ?? (languages.count == 1 ? languages[0] : nil) else {
                    matches.ignored.append((path, "does not say which recording it is timed to: name it like \(point.order).\(languages[0]).srt (subtitles of the \(languages[0]) recording) or \(point.order).\(languages[0]).\(languages.count > 1 ? languages[1] : "en").srt"))
                    continue
                }
                let key = Key(order: point.order, language: trackLanguage)
                if let other = matches.subtitles[key]?.first(where: { $0.language == language }) {
                    throw Conflict(message: "\(other.path) and \(path) are both \(language) subtitles of point \(point.order) (\(point.id))'s \(trackLanguage) recording; keep one of them")
                }
                matches.subtitles[key, default: []].append(Subtitle(language: language, path: path))
            }
        }
        // A recording's own language first, then the others in name order.
        for (key, list) in matches.subtitles {
            matches.subtitles[key] = list.filter { $0.language == key.language } + list.filter { $0.language != key.language }
        }
        return matches
    }

    /// The point a file name stands for, and the rest of the name after it.
    func pointOf(_ stem: String, folders: [String], byID: [Point]) -> (Point, String)? {
        for point in byID {
            if stem == point.id { return (point, "") }
            if stem.hasPrefix(point.id), let next = stem.dropFirst(point.id.count).first, MediaNameMatcher.separators.contains(next) {
                return (point, String(stem.dropFirst(point.id.count + 1)))
            }
        }
        // A folder named after the point: `p3/it.mp3`.
        for folder in folders.reversed() {
            if let point = byID.first(where: { $0.id == folder }) { return (point, stem) }
        }
        let words = MediaNameMatcher.words(stem)
        guard let first = words.first else { return nil }
        let letters = first.prefix { $0.isLetter }
        let digits = first.dropFirst(letters.count)
        var rest = Array(words.dropFirst())
        var number = digits
        if digits.isEmpty, let second = rest.first, second.allSatisfy(\.isNumber), !letters.isEmpty {
            number = Substring(second)  // "stop 03", "point_3"
            rest.removeFirst()
        }
        guard !number.isEmpty, number.count <= 6, number.allSatisfy({ $0.isASCII && $0.isNumber }), let order = Int(number),
            let point = points.first(where: { $0.order == order })
        else { return nil }
        return (point, rest.joined(separator: "."))
    }

    static let separators: Set<Character> = [".", "_", "-", " "]

    /// The words of a name: the runs between separators, except that a language code with a region
    /// (`pt-BR`) stays one word.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "." || $0 == "_" || $0 == " " }).flatMap { piece -> [String] in
            piece.contains("-") && TourDecoder.isLanguageCode(String(piece)) ? [String(piece)] : piece.split(separator: "-").map(String.init)
        }
    }
}
