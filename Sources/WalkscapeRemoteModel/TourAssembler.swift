import WalkscapeCore
/// Merges per-language API answers (detail, points, manifest) into one tour in the walkscape format, as
/// docs/tour-format.md ("Mapping from the backend API") describes: localized texts from each language's
/// strings, tracks per language from each manifest's audio, subtitles per track from each manifest's
/// subtitles, the image and geometry from the default language. Pure: no I/O.
public enum TourAssembler {
    /// Merges `bundles` (at least one). `source` is kept in the document as `x-walkscape-source` so that
    /// walkscape can name the exact command that downloads the tour again.
    public static func assemble(_ bundles: [RemoteLanguageBundle], source: JSONValue? = nil) throws(TourAssemblyError) -> AssembledTour {
        guard let first = bundles.first else { throw TourAssemblyError("no language to download") }
        // The backend's order of languages decides the default (first); languages it does not list follow.
        let published = first.detail.languages
        let ordered = bundles.sorted { a, b in
            (published.firstIndex(of: a.language) ?? Int.max, bundles.firstIndex { $0.language == a.language }!)
                < (published.firstIndex(of: b.language) ?? Int.max, bundles.firstIndex { $0.language == b.language }!)
        }
        let main = ordered[0]
        let tourID = main.detail.id
        for bundle in ordered {
            guard TourDecoder.isLanguageCode(bundle.language) else {
                throw TourAssemblyError("\"\(bundle.language)\" is not a language code (expected e.g. it, en, pt-BR)")
            }
            if bundle.detail.id != tourID {
                throw TourAssemblyError("tour detail (\(bundle.language)): id is \"\(bundle.detail.id)\", but the \(main.language) detail says \"\(tourID)\"")
            }
            if bundle.manifest.tourId != tourID {
                throw TourAssemblyError("manifest (\(bundle.language)): tourId is \"\(bundle.manifest.tourId)\", expected \"\(tourID)\"")
            }
        }
        let languages = ordered.map(\.language)

        // Points: geometry from the default language, texts from each.
        var seenIDs = Set<String>()
        var basePoints: [RemotePoint] = []
        for point in main.points.sorted(by: { $0.order < $1.order }) {
            guard seenIDs.insert(point.id).inserted else {
                throw TourAssemblyError("points (\(main.language)): point \"\(point.id)\" is listed twice")
            }
            basePoints.append(point)
        }
        guard !basePoints.isEmpty else { throw TourAssemblyError("points (\(main.language)): the tour has no points") }
        var pointsByLanguage: [String: [String: RemotePoint]] = [:]
        for bundle in ordered {
            var byID: [String: RemotePoint] = [:]
            for point in bundle.points {
                guard seenIDs.contains(point.id) else {
                    throw TourAssemblyError("points (\(bundle.language)): point \"\(point.id)\" is not among the \(main.language) points")
                }
                byID[point.id] = point
            }
            for point in basePoints {
                guard let other = byID[point.id] else {
                    throw TourAssemblyError("points (\(bundle.language)): point \"\(point.id)\" (order \(point.order)) is missing")
                }
                if other.order != point.order {
                    throw TourAssemblyError("points (\(bundle.language)): point \"\(point.id)\" has order \(other.order), but \(point.order) in \(main.language)")
                }
            }
            pointsByLanguage[bundle.language] = byID
        }
        let fileNames = safeNames(basePoints.map(\.id))

        // Media, by language and point.
        var files: [PlannedFile] = []
        var plannedPaths: [String: Int] = [:]
        func plan(_ file: RemoteManifest.File, _ document: String, to localPath: String) throws(TourAssemblyError) {
            if let index = plannedPaths[localPath] {
                guard files[index].url == file.fileURL else {
                    throw TourAssemblyError("\(document): \(file.path): two different files would both be stored as \(localPath)")
                }
                return
            }
            plannedPaths[localPath] = files.count
            files.append(PlannedFile(url: file.fileURL, localPath: localPath, size: file.fileSizeBytes, origin: "\(document): \(file.path)"))
        }
        var audio: [String: [String: RemoteManifest.File]] = [:]
        var subtitles: [String: [String: [RemoteManifest.File]]] = [:]
        var images: [String: RemoteManifest.File] = [:]
        var imageDocument: [String: String] = [:]
        for bundle in ordered {
            let document = "manifest (\(bundle.language))"
            var byPoint: [String: RemoteManifest.File] = [:]
            for entry in bundle.manifest.audio {
                guard let point = pointsByLanguage[bundle.language]?[entry.pointId] else {
                    throw TourAssemblyError("\(document): \(entry.path).pointId: \"\(entry.pointId)\" is not a point of the tour")
                }
                if let order = entry.order, order != point.order {
                    throw TourAssemblyError("\(document): \(entry.path).order: \(order), but point \"\(entry.pointId)\" has order \(point.order)")
                }
                guard byPoint[entry.pointId] == nil else {
                    throw TourAssemblyError("\(document): \(entry.path): a second recording for point \"\(entry.pointId)\"")
                }
                byPoint[entry.pointId] = entry
            }
            for point in basePoints where byPoint[point.id] == nil {
                throw TourAssemblyError("\(document): no audio for point \"\(point.id)\" (order \(point.order)); every point needs a recording in every downloaded language (try --lang without \(bundle.language))")
            }
            audio[bundle.language] = byPoint
            var subtitleFiles: [String: [RemoteManifest.File]] = [:]
            for entry in bundle.manifest.subtitles {
                guard seenIDs.contains(entry.pointId) else {
                    throw TourAssemblyError("\(document): \(entry.path).pointId: \"\(entry.pointId)\" is not a point of the tour")
                }
                let subtitleLanguage = entry.language ?? bundle.language
                guard TourDecoder.isLanguageCode(subtitleLanguage) else {
                    throw TourAssemblyError("\(document): \(entry.path).language: \"\(subtitleLanguage)\" is not a language code")
                }
                if subtitleFiles[entry.pointId, default: []].contains(where: { $0.language == subtitleLanguage }) {
                    throw TourAssemblyError("\(document): \(entry.path): a second \(subtitleLanguage) subtitle file for point \"\(entry.pointId)\"")
                }
                subtitleFiles[entry.pointId, default: []].append(entry)
            }
            subtitles[bundle.language] = subtitleFiles
            for entry in bundle.manifest.images where images[entry.pointId] == nil {
                guard seenIDs.contains(entry.pointId) else {
                    throw TourAssemblyError("\(document): \(entry.path).pointId: \"\(entry.pointId)\" is not a point of the tour")
                }
                images[entry.pointId] = entry
                imageDocument[entry.pointId] = document
            }
        }

        var assets: [(path: JSONPath, localPath: String)] = []
        func asset(_ localPath: String, size: Int, at path: JSONPath) -> JSONValue {
            assets.append((path, localPath))
            return .object([("file", .string(localPath)), ("fileSizeBytes", .integer(size))])
        }

        // The document, in the order of docs/tour-format.md.
        var members: [(key: String, value: JSONValue)] = [
            ("formatVersion", .integer(Tour.supportedFormatVersion)), ("id", .string(tourID)), ("slug", .string(main.detail.slug)),
            ("version", .integer(ordered.map(\.manifest.version).max()!)), ("city", .string(main.detail.city)),
            ("durationMinutes", number(main.detail.durationMinutes)), ("distanceKm", number(main.detail.distanceKm)),
            ("languages", .array(languages.map(JSONValue.string))), ("isProtected", .bool(main.detail.isProtected)),
            ("title", localized(ordered.map { ($0.language, $0.detail.title) })),
        ]
        let descriptions = ordered.compactMap { bundle in bundle.detail.description.map { (bundle.language, $0) } }
        if !descriptions.isEmpty { members.append(("description", localized(descriptions))) }
        let completions = ordered.compactMap { bundle in bundle.detail.completionMessage.map { (bundle.language, $0) } }
        if !completions.isEmpty { members.append(("completionMessage", localized(completions))) }
        members.append(("startingPoint", latLng(main.detail.startingPoint ?? basePoints[0].location)))
        if let polyline = ordered.lazy.compactMap(\.detail.routePolyline).first {
            members.append(("routePolyline", .string(polyline)))
        }
        if let polyline = ordered.lazy.compactMap(\.detail.routePreviewPolyline).first {
            members.append(("routePreview", .object([("polyline", .string(polyline))])))
        }
        if let cover = ordered.lazy.compactMap({ bundle in bundle.detail.coverURL.map { url in (url, bundle.language) } }).first {
            let localPath = "cover." + extensionOf(cover.0, allowed: imageExtensions, fallback: "jpg")
            // The API gives no size for the cover: -1 stands for "unknown", and the download fills it in.
            files.append(PlannedFile(url: cover.0, localPath: localPath, size: -1, origin: "tour detail (\(cover.1)): imageUrl"))
            plannedPaths[localPath] = files.count - 1
            members.append(("cover", asset(localPath, size: 0, at: JSONPath([.key("cover")]))))
        }

        var pointValues: [JSONValue] = []
        for (index, point) in basePoints.enumerated() {
            let name = fileNames[index]
            let pointPath = JSONPath([.key("points"), .index(index)])
            var pointMembers: [(key: String, value: JSONValue)] = [
                ("id", .string(point.id)), ("order", .integer(point.order)), ("location", latLng(point.location)),
                ("triggerRadiusMeters", number(point.triggerRadiusMeters)),
            ]
            let titles = ordered.compactMap { bundle in pointsByLanguage[bundle.language]?[point.id]?.title.map { (bundle.language, $0) } }
            pointMembers.append(("title", titles.isEmpty ? localized([(main.language, RemotePoint.untitled)]) : localized(titles)))
            let pointDescriptions = ordered.compactMap { bundle in pointsByLanguage[bundle.language]?[point.id]?.description.map { (bundle.language, $0) } }
            if !pointDescriptions.isEmpty { pointMembers.append(("description", localized(pointDescriptions))) }
            if let image = images[point.id] {
                let localPath = "images/\(name)." + extensionOf(image.fileURL, allowed: imageExtensions, fallback: "jpg")
                try plan(image, imageDocument[point.id]!, to: localPath)
                pointMembers.append(("image", asset(localPath, size: image.fileSizeBytes, at: pointPath.appending("image"))))
            }
            var tracks: [(key: String, value: JSONValue)] = []
            for bundle in ordered {
                let document = "manifest (\(bundle.language))"
                let trackPath = pointPath.appending("tracks").appending(bundle.language)
                let recording = audio[bundle.language]![point.id]!
                let audioPath = "audio/\(bundle.language)/\(name)." + extensionOf(recording.fileURL, allowed: AudioFileTypes.extensions, fallback: "mp3")
                try plan(recording, document, to: audioPath)
                var track: [(key: String, value: JSONValue)] = [("audio", asset(audioPath, size: recording.fileSizeBytes, at: trackPath.appending("audio")))]
                let entries = subtitles[bundle.language]?[point.id] ?? []
                if !entries.isEmpty {
                    var byLanguage: [(key: String, value: JSONValue)] = []
                    for entry in entries {
                        let subtitleLanguage = entry.language ?? bundle.language
                        let localPath = "subtitles/\(bundle.language)/\(name).\(subtitleLanguage).srt"
                        try plan(entry, document, to: localPath)
                        byLanguage.append((subtitleLanguage, asset(localPath, size: entry.fileSizeBytes, at: trackPath.appending("subtitles").appending(subtitleLanguage))))
                    }
                    track.append(("subtitles", .object(byLanguage)))
                }
                tracks.append((bundle.language, .object(track)))
            }
            pointMembers.append(("tracks", .object(tracks)))
            pointValues.append(.object(pointMembers))
        }
        members.append(("points", .array(pointValues)))

        // Fields the format does not define, kept for people (readers ignore them).
        if let difficulty = main.detail.difficulty { members.append(("difficulty", .string(difficulty))) }
        let busInfo = ordered.compactMap { bundle in bundle.detail.busInfo.map { (bundle.language, $0) } }
        if !busInfo.isEmpty { members.append(("busInfo", localized(busInfo))) }
        if let source { members.append(("x-walkscape-source", source)) }

        return AssembledTour(
            document: .object(members), files: files, assets: assets, id: tourID, slug: main.detail.slug,
            version: ordered.map(\.manifest.version).max()!, languages: languages, directoryName: safeName(main.detail.slug),
            offlineMap: ordered.lazy.compactMap(\.manifest.offlineMap).first)
    }

    static let imageExtensions = ["jpg", "jpeg", "png", "webp", "gif"]

    /// The lowercased extension of a URL's last path component (query and fragment ignored) when it is one of
    /// `allowed`, else `fallback`. The reference app stores audio as `.mp3` whatever it is; walkscape keeps
    /// the true extension when the URL says it.
    public static func extensionOf(_ url: String, allowed: [String], fallback: String) -> String {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        let last = path.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return fallback }
        let ext = last[last.index(after: dot)...].lowercased()
        return allowed.contains(ext) ? ext : fallback
    }

    /// `text` made safe as one path component: letters, digits, `.`, `_` and `-` kept, anything else `_`;
    /// never empty, never `.` or `..`, never hidden.
    public static func safeName(_ text: String) -> String {
        var name = String(text.unicodeScalars.map { scalar -> Character in
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == ".")
            return ok ? Character(scalar) : "_"
        })
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "_" }
        return String(name.prefix(100))
    }

    /// Safe names for point ids, distinct even when two ids clean up the same way.
    static func safeNames(_ ids: [String]) -> [String] {
        var used = Set<String>()
        return ids.map { id in
            let base = safeName(id)
            var name = base
            var n = 2
            while !used.insert(name).inserted {
                name = "\(base)-\(n)"
                n += 1
            }
            return name
        }
    }

    static func number(_ value: Double) -> JSONValue { .number(formatShortNumber(value)) }

    static func latLng(_ position: LatLng) -> JSONValue {
        .object([("lat", number(position.lat)), ("lng", number(position.lng))])
    }

    static func localized(_ entries: [(String, String)]) -> JSONValue {
        .object(entries.map { (key: $0.0, value: JSONValue.string($0.1)) })
    }
}
