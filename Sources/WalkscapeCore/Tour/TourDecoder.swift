import Foundation

/// Turns a parsed `tour.json` into a `Tour`, checking the shape of every field and naming each problem by
/// its field path. Decoding goes on after a problem so that one run reports them all.
///
/// Unknown fields are ignored here and kept in the JSON tree (see `JSONValue`) for tools that rewrite the
/// file. Cross-field rules (unique ids, orders 1…N, overlaps, …) are `TourRules`' job.
public struct TourDecoder {
    /// The pattern language codes must follow: a 2–3 letter primary subtag and optional subtags.
    public static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The file name used in diagnostics.
    public var file: String

    public init(file: String) { self.file = file }

    /// Decodes `root`, collecting problems.
    public func decode(_ root: JSONValue) -> TourDecoding {
        var context = Context(file: file)
        let tour = context.decodeTour(root)
        return TourDecoding(tour: tour, diagnostics: context.diagnostics)
    }

    private struct Context {
        let file: String
        var diagnostics: [Diagnostic] = []

        mutating func error(_ path: JSONPath, _ message: String) {
            diagnostics.append(.error(file, path.description, message))
        }

        mutating func warning(_ path: JSONPath, _ message: String) {
            diagnostics.append(.warning(file, path.description, message))
        }

        func describe(_ value: JSONValue) -> String {
            switch value {
            case let .number(n): return "the number \(n)"
            case let .string(s): return "the string " + JSONWriter.quoted(s.count > 40 ? String(s.prefix(40)) + "…" : s)
            case let .bool(b): return b ? "true" : "false"
            default: return value.kindDescription
            }
        }

        /// The member `key` of `object`, reporting it as missing when `required`.
        mutating func member(_ object: JSONValue, _ key: String, at path: JSONPath, required: Bool, expected: String)
            -> JSONValue?
        {
            guard let value = object[key] else {
                if required { error(path.appending(key), "missing, expected \(expected)") }
                return nil
            }
            return value
        }

        /// A string member, made safe for a terminal (`TerminalText.sanitize`) here, where it enters, unless it
        /// is `verbatim` (asset paths, which name files and are refused when they hold control characters).
        mutating func string(_ object: JSONValue, _ key: String, at path: JSONPath, required: Bool = true, nonEmpty: Bool = true, verbatim: Bool = false)
            -> String?
        {
            guard let value = member(object, key, at: path, required: required, expected: "a string") else { return nil }
            guard let text = value.stringValue else {
                error(path.appending(key), "expected a string, got \(describe(value))")
                return nil
            }
            if nonEmpty && text.trimmingCharacters(in: .whitespaces).isEmpty {
                error(path.appending(key), "expected a non-empty string")
                return nil
            }
            return verbatim ? text : TerminalText.sanitize(text)
        }

        mutating func integer(_ object: JSONValue, _ key: String, at path: JSONPath, minimum: Int, what: String) -> Int? {
            guard let value = member(object, key, at: path, required: true, expected: what) else { return nil }
            guard let number = value.intValue, value.doubleValue.map({ $0.rounded() == $0 }) ?? false else {
                error(path.appending(key), "expected \(what), got \(describe(value))")
                return nil
            }
            guard number >= minimum else {
                error(path.appending(key), "expected \(what), got \(number)")
                return nil
            }
            return number
        }

        mutating func number(_ object: JSONValue, _ key: String, at path: JSONPath, what: String, accept: (Double) -> Bool)
            -> Double?
        {
            guard let value = member(object, key, at: path, required: true, expected: what) else { return nil }
            guard let number = value.doubleValue, number.isFinite else {
                error(path.appending(key), "expected \(what), got \(describe(value))")
                return nil
            }
            guard accept(number) else {
                error(path.appending(key), "expected \(what), got \(formatShortNumber(number))")
                return nil
            }
            return number
        }

        mutating func bool(_ object: JSONValue, _ key: String, at path: JSONPath, required: Bool = true) -> Bool? {
            guard let value = member(object, key, at: path, required: required, expected: "true or false") else { return nil }
            if !required && value == .null { return nil }
            guard let flag = value.boolValue else {
                error(path.appending(key), "expected true or false, got \(describe(value))")
                return nil
            }
            return flag
        }

        mutating func latLng(_ object: JSONValue, _ key: String, at path: JSONPath) -> LatLng? {
            guard let value = member(object, key, at: path, required: true, expected: "an object {\"lat\": …, \"lng\": …}")
            else { return nil }
            let here = path.appending(key)
            guard value.objectMembers != nil else {
                error(here, "expected an object {\"lat\": …, \"lng\": …}, got \(describe(value))")
                return nil
            }
            let lat = number(value, "lat", at: here, what: "a latitude in -90…90") { (-90...90).contains($0) }
            let lng = number(value, "lng", at: here, what: "a longitude in -180…180") { (-180...180).contains($0) }
            guard let lat, let lng else { return nil }
            return LatLng(lat: lat, lng: lng)
        }

        /// Texts by language, sanitised for the terminal where they enter (`keepNewlines` for descriptions).
        mutating func localized(_ object: JSONValue, _ key: String, at path: JSONPath, required: Bool, keepNewlines: Bool = true) -> LocalizedText? {
            let expected = "an object of texts by language ({\"en\": \"…\"})"
            guard let value = member(object, key, at: path, required: required, expected: expected) else { return nil }
            let here = path.appending(key)
            if value == .null && !required { return nil }  // the backend sends `"completionMessage": null`
            guard let members = value.objectMembers else {
                error(here, "expected \(expected), got \(describe(value))")
                return nil
            }
            var entries: [LocalizedText.Entry] = []
            for (language, text) in members {
                guard TourDecoder.isLanguageCode(language) else {
                    error(here.appending(language), "\"\(language)\" is not a language code, expected one like \"it\", \"en\" or \"pt-BR\"")
                    continue
                }
                guard let string = text.stringValue else {
                    error(here.appending(language), "expected a string, got \(describe(text))")
                    continue
                }
                entries.append(LocalizedText.Entry(language: language, text: TerminalText.sanitize(string, keepNewlines: keepNewlines)))
            }
            if members.isEmpty && required { error(here, "expected at least one language's text, got an empty object") }
            return LocalizedText(entries)
        }

        mutating func asset(_ value: JSONValue, at path: JSONPath, role: Asset.Role) -> Asset? {
            guard value.objectMembers != nil else {
                error(path, "expected an asset object {\"file\": …, \"fileSizeBytes\": …, \"sha256\": …}, got \(describe(value))")
                return nil
            }
            guard let file = string(value, "file", at: path, verbatim: true) else { return nil }
            var asset = Asset(file: file, path: path)
            if let problem = asset.pathProblem { error(path.appending("file"), problem) }
            let lower = file.lowercased()
            let shown = TerminalText.sanitize(file)  // for the messages below; the asset keeps the path as written
            switch role {
            case .audio where !AudioFileTypes.hasAudioExtension(file):
                error(path.appending("file"), "\"\(shown)\" is not an audio file name, expected one ending in \(AudioFileTypes.extensionList)")
            case .subtitles where !lower.hasSuffix(".srt"):
                error(path.appending("file"), "\"\(shown)\" is not an .srt file, expected SubRip subtitles")
            case .mapTiles where !lower.hasSuffix(".mbtiles"):
                error(path.appending("file"), "\"\(shown)\" is not an .mbtiles file, expected vector tiles in one MBTiles file")
            default: break
            }
            if let size = value["fileSizeBytes"] {
                if let bytes = size.intValue, ValueRanges.fileSizeBytes.contains(bytes), size.doubleValue.map({ $0.rounded() == $0 }) ?? false {
                    asset.fileSizeBytes = bytes
                } else {
                    error(path.appending("fileSizeBytes"), "expected a whole number of bytes from 0 to 2^40 (1 TiB), got \(describe(size))")
                }
            }
            if role == .audio, let duration = value["durationSeconds"] {
                if let seconds = duration.doubleValue, seconds >= 0, seconds <= ValueRanges.maxAudioSeconds {
                    asset.durationSeconds = seconds
                } else {
                    error(path.appending("durationSeconds"), "expected the recording's length in seconds, from 0 to 86400, got \(describe(duration))")
                }
            }
            if let digest = value["sha256"] {
                if let hex = digest.stringValue, hex.count == 64, hex.allSatisfy({ $0.isHexDigit }) {
                    asset.sha256 = hex.lowercased()
                    if hex != hex.lowercased() {
                        warning(path.appending("sha256"), "write the digest in lowercase hex (the schema requires it); `walkscape manifest` rewrites it")
                    }
                } else {
                    error(path.appending("sha256"), "expected 64 hex digits (a SHA-256 digest), got \(describe(digest))")
                }
            }
            return asset
        }

        mutating func decodeTour(_ root: JSONValue) -> Tour? {
            let path = JSONPath()
            guard root.objectMembers != nil else {
                error(path, "expected a JSON object describing a tour, got \(describe(root))")
                return nil
            }
            guard let versionValue = root["formatVersion"] else {
                error(path.appending("formatVersion"), "missing, expected 1 (this is not a walkscape tour file, or it predates formatVersion)")
                return nil
            }
            guard let formatVersion = versionValue.intValue else {
                error(path.appending("formatVersion"), "expected the integer 1, got \(describe(versionValue))")
                return nil
            }
            guard formatVersion == Tour.supportedFormatVersion else {
                error(
                    path.appending("formatVersion"),
                    formatVersion > Tour.supportedFormatVersion
                        ? "formatVersion \(formatVersion) is newer than this walkscape reads (1); update walkscape"
                        : "formatVersion \(formatVersion) is not supported, expected 1")
                return nil
            }
            let id = string(root, "id", at: path)
            let slug = string(root, "slug", at: path)
            let version = integer(root, "version", at: path, minimum: 1, what: "a whole number ≥ 1")
            let city = string(root, "city", at: path)
            let duration = number(root, "durationMinutes", at: path, what: "a number of minutes from 0 to 10080 (one week)") { $0 >= 0 && $0 <= ValueRanges.maxDurationMinutes }
            let distance = number(root, "distanceKm", at: path, what: "a number of kilometres from 0 to 40075") { $0 >= 0 && $0 <= ValueRanges.maxDistanceKm }
            let languages = decodeLanguages(root, at: path)
            let isProtected = bool(root, "isProtected", at: path)
            let title = localized(root, "title", at: path, required: true, keepNewlines: false)
            let description = localized(root, "description", at: path, required: false)
            let completion = localized(root, "completionMessage", at: path, required: false)
            let donation = decodeDonationURL(root, at: path)
            let start = latLng(root, "startingPoint", at: path)
            let route = decodeRoute(root, at: path)
            var cover: Asset?
            if let value = root["cover"], value != .null { cover = asset(value, at: path.appending("cover"), role: .cover) }
            var mapTiles: Asset?
            if let value = root["mapTiles"], value != .null { mapTiles = asset(value, at: path.appending("mapTiles"), role: .mapTiles) }
            let points = decodePoints(root, at: path)

            return Tour(
                formatVersion: formatVersion, id: id ?? "", slug: slug ?? "", version: version ?? 1, city: city ?? "",
                durationMinutes: duration ?? 0, distanceKm: distance ?? 0, languages: languages,
                isProtected: isProtected ?? false, title: title ?? LocalizedText([]), description: description,
                completionMessage: completion, startingPoint: start ?? points.first?.location ?? LatLng(lat: 0, lng: 0),
                route: route, cover: cover, points: points, donationUrl: donation, mapTiles: mapTiles)
        }

        /// The optional `donationUrl`: an http or https link without spaces or control characters (`null`: absent).
        mutating func decodeDonationURL(_ root: JSONValue, at path: JSONPath) -> String? {
            guard let value = root["donationUrl"], value != .null else { return nil }
            let here = path.appending("donationUrl")
            guard let text = value.stringValue else {
                error(here, "expected an http or https link as a string, got \(describe(value))")
                return nil
            }
            let lower = text.lowercased()
            let scheme = lower.hasPrefix("https://") ? 8 : (lower.hasPrefix("http://") ? 7 : 0)
            guard scheme > 0, text.count > scheme, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
            else {
                error(here, "expected an http or https link like \"https://example.org/donate\" (no spaces), got \(describe(value))")
                return nil
            }
            return text
        }

        mutating func decodeLanguages(_ root: JSONValue, at path: JSONPath) -> [String] {
            guard let value = member(root, "languages", at: path, required: true, expected: "an array of language codes")
            else { return [] }
            let here = path.appending("languages")
            guard let elements = value.arrayElements else {
                error(here, "expected an array of language codes, got \(describe(value))")
                return []
            }
            if elements.isEmpty { error(here, "expected at least one language, got an empty array") }
            var languages: [String] = []
            for (i, element) in elements.enumerated() {
                guard let code = element.stringValue, TourDecoder.isLanguageCode(code) else {
                    error(here.appending(index: i), "expected a language code like \"it\" or \"en\", got \(describe(element))")
                    continue
                }
                if languages.contains(code) {
                    error(here.appending(index: i), "\"\(code)\" is listed twice")
                    continue
                }
                languages.append(code)
            }
            return languages
        }

        mutating func decodeRoute(_ root: JSONValue, at path: JSONPath) -> Route? {
            if let value = root["routePolyline"], value != .null {
                let here = path.appending("routePolyline")
                guard let text = value.stringValue else {
                    error(here, "expected a string of \"lat,lng\" pairs joined by ';', got \(describe(value))")
                    return nil
                }
                do {
                    let points = try LatLngListPolyline.decode(text)
                    if points.count < 2 { warning(here, "the route has \(points.count) position(s), expected at least 2") }
                    return Route(encoding: .latLngList, points: points)
                } catch {
                    self.error(here, "cannot decode the route \(error)")
                    return nil
                }
            }
            if let preview = root["routePreview"], preview != .null {
                let here = path.appending("routePreview")
                guard preview.objectMembers != nil else {
                    error(here, "expected an object {\"polyline\": \"<encoded polyline>\"}, got \(describe(preview))")
                    return nil
                }
                guard let text = string(preview, "polyline", at: here, verbatim: true) else { return nil }
                do {
                    let points = try GooglePolyline.decode(text)
                    if points.count < 2 {
                        warning(here.appending("polyline"), "the route has \(points.count) position(s), expected at least 2")
                    }
                    return Route(encoding: .googleEncoded, points: points)
                } catch {
                    self.error(here.appending("polyline"), "cannot decode the encoded polyline \(error)")
                    return nil
                }
            }
            return nil
        }

        mutating func decodePoints(_ root: JSONValue, at path: JSONPath) -> [TourPoint] {
            guard let value = member(root, "points", at: path, required: true, expected: "an array of points") else {
                return []
            }
            let here = path.appending("points")
            guard let elements = value.arrayElements else {
                error(here, "expected an array of points, got \(describe(value))")
                return []
            }
            if elements.isEmpty { error(here, "expected at least one point, got an empty array") }
            var points: [TourPoint] = []
            for (i, element) in elements.enumerated() {
                if let point = decodePoint(element, index: i, at: here.appending(index: i)) { points.append(point) }
            }
            // Stable: points with equal orders keep their file order (TourRules reports the clash).
            return points.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
        }

        mutating func decodePoint(_ value: JSONValue, index: Int, at path: JSONPath) -> TourPoint? {
            guard value.objectMembers != nil else {
                error(path, "expected a point object, got \(describe(value))")
                return nil
            }
            let id = string(value, "id", at: path)
            let order = integer(value, "order", at: path, minimum: 1, what: "a whole number ≥ 1")
            let location = latLng(value, "location", at: path)
            let radius = number(value, "triggerRadiusMeters", at: path, what: "a number of metres > 0 and ≤ 100000") { $0 > 0 && $0 <= ValueRanges.maxTriggerRadiusMeters }
            let title = localized(value, "title", at: path, required: true, keepNewlines: false)
            let description = localized(value, "description", at: path, required: false)
            var image: Asset?
            if let imageValue = value["image"], imageValue != .null {
                image = asset(imageValue, at: path.appending("image"), role: .image)
            }
            let tracks = decodeTracks(value, at: path)
            guard let id, let order, let location, let radius else { return nil }
            return TourPoint(
                id: id, order: order, location: location, triggerRadiusMeters: radius, title: title ?? LocalizedText([]),
                description: description, image: image, tracks: tracks, fileIndex: index)
        }

        mutating func decodeTracks(_ point: JSONValue, at path: JSONPath) -> [Track] {
            let expected = "an object of tracks by language ({\"it\": {\"audio\": …}})"
            guard let value = member(point, "tracks", at: path, required: true, expected: expected) else { return [] }
            let here = path.appending("tracks")
            guard let members = value.objectMembers else {
                error(here, "expected \(expected), got \(describe(value))")
                return []
            }
            var tracks: [Track] = []
            for (language, trackValue) in members {
                let trackPath = here.appending(language)
                guard TourDecoder.isLanguageCode(language) else {
                    error(trackPath, "\"\(language)\" is not a language code, expected one like \"it\" or \"en\"")
                    continue
                }
                guard trackValue.objectMembers != nil else {
                    error(trackPath, "expected a track object {\"audio\": …, \"subtitles\": …}, got \(describe(trackValue))")
                    continue
                }
                guard let audioValue = member(trackValue, "audio", at: trackPath, required: true, expected: "an audio asset"),
                    let audio = asset(audioValue, at: trackPath.appending("audio"), role: .audio)
                else { continue }
                var subtitles: [(language: String, asset: Asset)] = []
                if let subtitleValue = trackValue["subtitles"], subtitleValue != .null {
                    let subtitlePath = trackPath.appending("subtitles")
                    if let subtitleMembers = subtitleValue.objectMembers {
                        for (subtitleLanguage, assetValue) in subtitleMembers {
                            guard TourDecoder.isLanguageCode(subtitleLanguage) else {
                                error(subtitlePath.appending(subtitleLanguage), "\"\(subtitleLanguage)\" is not a language code")
                                continue
                            }
                            if let subtitle = asset(assetValue, at: subtitlePath.appending(subtitleLanguage), role: .subtitles) {
                                subtitles.append((language: subtitleLanguage, asset: subtitle))
                            }
                        }
                    } else {
                        error(subtitlePath, "expected an object of subtitle assets by language, got \(describe(subtitleValue))")
                    }
                }
                let placeholder = bool(trackValue, "placeholder", at: trackPath, required: false) ?? false
                tracks.append(Track(language: language, audio: audio, subtitles: subtitles, isPlaceholder: placeholder))
            }
            return tracks
        }
    }
}
