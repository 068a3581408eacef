import Foundation
import WalkscapeAudio
import WalkscapeCore
import WalkscapeSystem
import WalkscapeRemoteModel

/// `walkscape import`: makes a valid tour directory from a producer's source: the reference app's test-tour
/// file, a folder of saved API answers, or a GeoJSON/GPX file of points, with a folder of recordings and
/// subtitles. Everything becomes the API's per-language answers first and is merged by `TourAssembler`, as a
/// download is; the directory is built in a `StagingDirectory`, its sizes and SHA-256 written by
/// `ManifestUpdater`, checked by `TourValidator`, and only then renamed onto the destination.
public struct TourImporter {
    /// What to import, and how.
    public struct Request: Sendable {
        public var source: String
        public var destination: String
        /// Where recordings and subtitles are (matched by `MediaNameMatcher`; for saved answers, searched by name too).
        public var audioDirectory: String?
        /// The length of the stand-in for each missing recording; nil refuses missing recordings.
        public var placeholderSeconds: Double?
        public var placeholderSound: PlaceholderRecording.Sound = .silence
        public var force = false
        /// The languages to import (default: every language of the source).
        public var languages: [String]?
        public var city: String?
        public var title: String?
        public var id: String?

        public init(source: String, destination: String) {
            self.source = source
            self.destination = destination
        }
    }

    /// What an import made.
    public struct Outcome: Sendable {
        public var destination: String
        /// `reference app test tour`, `saved API answers`, `GeoJSON points`, `GPX waypoints`.
        public var sourceKind: String
        public var tourID: String
        public var languages: [String]
        public var points: Int
        /// Every file written, relative to the tour, with where it came from (a path, or "placeholder").
        public var files: [(path: String, origin: String, bytes: Int)]
        public var placeholders: Int
        /// The validator's warnings (paths inside the new tour).
        public var warnings: [Diagnostic]
        /// Things worth knowing that changed nothing (ignored files, defaults used).
        public var notes: [String]
        /// Staging directories of killed runs that were removed first.
        public var removedStale: [String]
    }

    /// Asks the import to stop; polled between steps and while copying.
    public var stop = StopToken()

    public init() {}

    static let placeholderScheme = "walkscape-placeholder:/"
    static let fileScheme = "file://"

    public func run(_ request: Request) throws(TourImportError) -> Outcome {
        var destination = request.destination
        while destination.count > 1 && destination.hasSuffix("/") { destination.removeLast() }
        if let problem = StagingDirectory.destinationProblem(destination, force: request.force) { throw TourImportError(problem) }
        if let seconds = request.placeholderSeconds, !(seconds > 0 && seconds <= PlaceholderRecording.maxSeconds) {
            throw TourImportError("--placeholder-audio must be more than 0 and at most \(Int(PlaceholderRecording.maxSeconds)) seconds, got \(formatShortNumber(seconds))")
        }
        if let audio = request.audioDirectory, !isDirectory(audio) {
            throw TourImportError("\(audio): not a directory; --audio-dir names the folder of recordings and subtitles")
        }
        var notes: [String] = []
        let (kind, bundles, extras, pointExtras) = try readSource(request, destination: destination, notes: &notes)
        var assembled: AssembledTour
        do { assembled = try TourAssembler.assemble(bundles) } catch {
            throw TourImportError(.invalid, "\(request.source): \(error.message)")
        }
        var document = assembled.document
        // Placeholders are marked on their track; unknown fields of the source are kept.
        var placeholderCount = 0
        for (path, localPath) in assembled.assets {
            guard let planned = assembled.files.first(where: { $0.localPath == localPath }), planned.url.hasPrefix(TourImporter.placeholderScheme) else { continue }
            document.modify(at: Array(path.components.dropLast())) { $0.setMember("placeholder", to: .bool(true)) }
            placeholderCount += 1
        }
        if case var .object(members) = document {
            for (key, value) in extras where !members.contains(where: { $0.key == key }) { members.append((key, value)) }
            document = .object(members)
        }
        for (index, point) in (document["points"]?.arrayElements ?? []).enumerated() {
            guard let id = point["id"]?.stringValue, let more = pointExtras[id] else { continue }
            document.modify(at: [.key("points"), .index(index)]) { value in
                for (key, extra) in more where value[key] == nil { value.setMember(key, to: extra) }
            }
        }

        let (staging, removed) = try StagingDirectory.create(for: destination)
        do throws(TourImportError) {
            let files = try stage(assembled.files, into: staging.path, seconds: request.placeholderSeconds ?? 0, sound: request.placeholderSound)
            try checkInterruption()
            do {
                try AtomicFileWriter.write(Array(JSONWriter().write(document).utf8), to: staging.path + "/tour.json")
            } catch {
                throw TourImportError("\(staging.path)/tour.json: cannot write: \(error.message)")
            }
            do { _ = try ManifestUpdater().update(staging.path) } catch {
                throw TourImportError(.invalid, error.problems.map(\.description).joined(separator: "\n"))
            }
            try checkInterruption()
            let report: ValidationReport
            do { report = try TourValidator(checksTiming: true).validate(staging.path) } catch {
                throw TourImportError("\(staging.path): the tour just written cannot be read: \(error.message)")
            }
            let origins = Dictionary(files.map { ($0.path, $0.origin) }, uniquingKeysWith: { a, _ in a })
            let shown = report.diagnostics.map { TourImporter.relocate($0, from: staging.path, to: destination, origins: origins) }
            if shown.hasErrors {
                throw TourImportError(.invalid, shown.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
            }
            try checkInterruption()
            try staging.install()
            return Outcome(
                destination: destination, sourceKind: kind, tourID: assembled.id, languages: assembled.languages,
                points: document["points"]?.arrayElements?.count ?? 0, files: files, placeholders: placeholderCount,
                warnings: shown, notes: notes.reduce(into: []) { kept, note in if !kept.contains(note) { kept.append(note) } }, removedStale: removed)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// A diagnostic about the staged tour, told about the destination (or, for a copied file, its source).
    static func relocate(_ diagnostic: Diagnostic, from staging: String, to destination: String, origins: [String: String]) -> Diagnostic {
        var moved = diagnostic
        if diagnostic.file.hasPrefix(staging + "/") {
            let relative = String(diagnostic.file.dropFirst(staging.count + 1))
            if let origin = origins[relative], !origin.hasPrefix("placeholder") {
                moved.file = origin
            } else {
                moved.file = destination + "/" + relative
            }
        }
        moved.message = moved.message.replacingOccurrences(of: staging, with: destination)
        return moved
    }

    func checkInterruption() throws(TourImportError) {
        let signal = stop.signal
        if signal != 0 { throw TourImportError(.interrupted(signal: signal), "interrupted by signal \(signal); nothing was written (the staging directory was removed)") }
    }

    // MARK: Sources

    typealias SourceParts = (kind: String, bundles: [RemoteLanguageBundle], extras: [(key: String, value: JSONValue)], pointExtras: [String: [(key: String, value: JSONValue)]])

    func readSource(_ request: Request, destination: String, notes: inout [String]) throws(TourImportError) -> SourceParts {
        let source = request.source
        var info = stat()
        guard stat(source, &info) == 0 else {
            throw TourImportError("\(source): no such file or directory; expected a test-tour JSON file, a GeoJSON or GPX file of points, or a folder of saved API answers")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            return try readAnswers(request, notes: &notes)
        }
        guard info.st_size <= 64 << 20, let data = FileManager.default.contents(atPath: source) else {
            throw TourImportError("\(source): cannot be read (unreadable, or larger than 64 MiB)")
        }
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let sourceTour: SourceTour
        let kind: String
        if source.lowercased().hasSuffix(".gpx") || firstByte == UInt8(ascii: "<") {
            sourceTour = try GPXPointReader.read(data, file: source)
            kind = "GPX waypoints"
        } else {
            let root: JSONValue
            do { root = try JSONParser().parse(Array(data)) } catch {
                throw TourImportError("\(source): \(error.description): not valid JSON; expected a test-tour file, GeoJSON or GPX")
            }
            if root["type"]?.stringValue == "FeatureCollection" {
                sourceTour = try SourceTourReader.featureCollection(root, file: source)
                kind = "GeoJSON points"
            } else if root["tour"] != nil && root["points"] != nil {
                sourceTour = try SourceTourReader.testTour(root, file: source)
                kind = "reference app test tour"
            } else if root["formatVersion"] != nil {
                throw TourImportError("\(source): already a walkscape tour.json; copy its directory instead (and run `walkscape manifest` after changing it)")
            } else {
                throw TourImportError("\(source): not a source walkscape can import; expected the reference app's test-tour file ({\"tour\": …, \"points\": […]}), a GeoJSON FeatureCollection, a GPX file, or a folder of saved API answers")
            }
        }
        return try fromSourceTour(sourceTour, kind: kind, request: request, destination: destination, notes: &notes)
    }

    func fromSourceTour(_ sourceIn: SourceTour, kind: String, request: Request, destination: String, notes: inout [String]) throws(TourImportError) -> SourceParts {
        var source = sourceIn
        let file = source.file
        let ordered = try source.orderedPoints()
        if let title = request.title { source.title = [(nil, title)] }
        // Languages: asked for, else the source's, else the language folders of the recordings.
        var languages = request.languages ?? source.languages
        if let asked = request.languages, !source.languages.isEmpty {
            for language in asked where !source.languages.contains(language) {
                throw TourImportError("--lang \(language): \(file) has no \(language) (its languages: \(source.languages.joined(separator: ", ")))")
            }
        }
        if languages.isEmpty, let audio = request.audioDirectory {
            languages = ((try? FileManager.default.contentsOfDirectory(atPath: audio)) ?? []).sorted().filter { TourDecoder.isLanguageCode($0) && isDirectory(audio + "/" + $0) }
        }
        guard !languages.isEmpty else {
            throw TourImportError("\(file): does not say which languages the tour is in; give --lang (e.g. --lang it,en, the default first)")
        }
        if source.title.isEmpty {
            source.title = [(nil, (destination as NSString).lastPathComponent)]
            notes.append("\(file) gives the tour no title: it is called \"\((destination as NSString).lastPathComponent)\" (--title sets one)")
        }
        guard let city = request.city ?? source.city else {
            throw TourImportError("\(file): does not say which city the tour is in; give --city NAME")
        }
        let id = request.id ?? source.id ?? TourAssembler.safeName((destination as NSString).lastPathComponent)
        let defaulted = ordered.filter { $0.point.radius == nil }
        if !defaulted.isEmpty {
            notes.append("\(defaulted.count) point\(defaulted.count == 1 ? " has" : "s have") no radius in \(file): \(formatShortNumber(SourceTour.defaultRadius)) m used (the reference backend's default); `walkscape radii` advises one from a walk")
        }
        // Recordings and subtitles, by name.
        var matches = MediaNameMatcher.Matches()
        if let audio = request.audioDirectory {
            do throws(MediaNameMatcher.Conflict) {
                matches = try MediaNameMatcher(points: ordered.map { .init(id: $0.id, order: $0.order) }, languages: languages).match(listFiles(audio))
            } catch {
                throw TourImportError(.invalid, "\(audio): \(error.message)")
            }
            for (path, reason) in matches.ignored { notes.append("ignored \(audio)/\(path): \(reason)") }
        } else if request.placeholderSeconds == nil {
            throw TourImportError("\(file): has no recordings; give --audio-dir DIR (one recording per point and language, named like \(ordered[0].order).\(languages[0]).mp3 or \(languages[0])/\(ordered[0].id).mp3), or --placeholder-audio SECONDS to generate stand-ins")
        }
        let audioRoot = request.audioDirectory ?? ""
        let placeholders = request.placeholderSeconds != nil
        let bundles = try source.bundles(languages: languages, id: id, slug: source.slug ?? id, city: city) { (language, points) throws(TourImportError) in
            var audio: [JSONValue] = []
            var subtitles: [JSONValue] = []
            for (pointID, order) in points {
                let key = MediaNameMatcher.Key(order: order, language: language)
                let url: String
                if let path = matches.audio[key] {
                    url = TourImporter.fileScheme + audioRoot + "/" + path
                } else if placeholders {
                    url = TourImporter.placeholderScheme + TourAssembler.safeName(pointID) + ".wav"
                } else {
                    throw TourImportError(.invalid, "\(request.audioDirectory!): no recording for point \(order) (\(pointID)) in \(language); expected a file named like \(order).\(language).mp3 or \(language)/\(pointID).mp3 (or add --placeholder-audio SECONDS to generate a stand-in)")
                }
                audio.append(.object([("pointId", .string(pointID)), ("order", .integer(order)), ("fileUrl", .string(url)), ("fileSizeBytes", .integer(0))]))
                for subtitle in matches.subtitles[key] ?? [] {
                    subtitles.append(.object([("pointId", .string(pointID)), ("language", .string(subtitle.language)),
                        ("fileUrl", .string(TourImporter.fileScheme + audioRoot + "/" + subtitle.path)), ("fileSizeBytes", .integer(0))]))
                }
            }
            return (audio, subtitles)
        }
        for key in matches.audio.keys.sorted() where !languages.contains(key.language) {
            notes.append("ignored \(matches.audio[key]!): \(key.language) is not imported")
        }
        var pointExtras: [String: [(key: String, value: JSONValue)]] = [:]
        for entry in ordered where !entry.point.extras.isEmpty { pointExtras[entry.id] = entry.point.extras }
        return (kind, bundles, source.extras, pointExtras)
    }

    /// A folder of saved API answers: `tour-LANG.json`, `points-LANG.json`, `manifest-LANG.json` (and
    /// optionally `tours.json`), plus the media they name, found in the folder (or `--audio-dir`) by name.
    func readAnswers(_ request: Request, notes: inout [String]) throws(TourImportError) -> SourceParts {
        let folder = request.source.hasSuffix("/") && request.source.count > 1 ? String(request.source.dropLast()) : request.source
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var available: [String] = []
        for name in names where name.hasPrefix("tour-") && name.hasSuffix(".json") {
            let language = String(name.dropFirst(5).dropLast(5))
            if TourDecoder.isLanguageCode(language) { available.append(language) }
        }
        if available.isEmpty && names.contains("tour.json") {
            throw TourImportError("\(folder): already a walkscape tour directory (it has tour.json); copy it instead, or import its points and recordings")
        }
        guard !available.isEmpty else {
            throw TourImportError("\(folder): no tour-LANG.json; a folder of saved API answers holds tour-LANG.json (GET /tours/{id}?language=LANG), points-LANG.json and manifest-LANG.json for each language, and the files they name")
        }
        let languages = request.languages ?? available
        for language in languages where !available.contains(language) {
            throw TourImportError("--lang \(language): \(folder) has no tour-\(language).json (it has \(available.map { "tour-\($0).json" }.joined(separator: ", ")))")
        }
        func load(_ name: String) throws(TourImportError) -> JSONValue {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TourImportError("\(path): missing; save the API's answer there (\(name.hasPrefix("points") ? "GET /tours/{id}/points?language=L" : name.hasPrefix("manifest") ? "GET /tours/{id}/manifest?language=L" : "GET /tours/{id}?language=L"))")
            }
            do { return try JSONParser().parse(Array(data)) } catch {
                throw TourImportError("\(path): \(error.description): not valid JSON; save the API's answer again")
            }
        }
        func fail(_ name: String, _ error: RemoteFormatError) -> TourImportError {
            TourImportError(.invalid, "\(folder)/\(name): \(error.path): \(error.message)")
        }
        // Local files, by path relative to where they were found.
        var roots = [folder]
        if let audio = request.audioDirectory { roots.append(audio) }
        let local: [(root: String, path: String)] = roots.flatMap { root in listFiles(root).map { (root, $0) } }
        var bundles: [RemoteLanguageBundle] = []
        for language in languages {
            let detail: RemoteTourDetail
            var points: [RemotePoint]
            var manifest: RemoteManifest
            do { detail = try RemoteTourDetail(try load("tour-\(language).json"), language: language) } catch let error as RemoteFormatError { throw fail("tour-\(language).json", error) } catch { throw error as! TourImportError }
            do { points = try RemotePoint.decodeList(try load("points-\(language).json"), language: language) } catch let error as RemoteFormatError { throw fail("points-\(language).json", error) } catch { throw error as! TourImportError }
            do { manifest = try RemoteManifest(try load("manifest-\(language).json"), language: language) } catch let error as RemoteFormatError { throw fail("manifest-\(language).json", error) } catch { throw error as! TourImportError }
            var orders: [Int: String] = [:]
            for point in points {
                if let other = orders[point.order] {
                    throw TourImportError(.invalid, "\(folder)/points-\(language).json: point \"\(point.id)\" has order \(point.order), as \"\(other)\" does; each point needs its own order from 1 to \(points.count)")
                }
                orders[point.order] = point.id
            }
            points.sort { $0.order < $1.order }
            func resolve(_ url: String, where _: String) -> String? {
                guard let match = TourImporter.localMatch(for: url, among: local.map(\.path)) else { return nil }
                let root = local.first { $0.path == match }!.root
                return TourImporter.fileScheme + root + "/" + match
            }
            for index in manifest.audio.indices {
                let entry = manifest.audio[index]
                if let found = resolve(entry.fileURL, where: "audio") {
                    manifest.audio[index].fileURL = found
                } else if request.placeholderSeconds != nil {
                    manifest.audio[index].fileURL = TourImporter.placeholderScheme + TourAssembler.safeName(entry.pointId) + ".wav"
                    notes.append("no local file for \(folder)/manifest-\(language).json \(entry.path).fileUrl (\(TourImporter.lastName(entry.fileURL))): a placeholder is generated")
                } else {
                    throw TourImportError(.invalid, "\(folder)/manifest-\(language).json: \(entry.path).fileUrl: no local file named \(TourImporter.lastName(entry.fileURL)) in \(roots.joined(separator: " or ")); save the recording there (or add --placeholder-audio SECONDS to generate a stand-in)")
                }
            }
            for (list, noun) in [(\RemoteManifest.subtitles, "subtitles"), (\RemoteManifest.images, "image")] as [(WritableKeyPath<RemoteManifest, [RemoteManifest.File]>, String)] {
                for index in manifest[keyPath: list].indices {
                    let entry = manifest[keyPath: list][index]
                    guard let found = resolve(entry.fileURL, where: noun) else {
                        throw TourImportError(.invalid, "\(folder)/manifest-\(language).json: \(entry.path).fileUrl: no local file named \(TourImporter.lastName(entry.fileURL)) in \(roots.joined(separator: " or ")); save the \(noun) file there")
                    }
                    manifest[keyPath: list][index].fileURL = found
                }
            }
            var localDetail = detail
            if let cover = detail.coverURL {
                if let found = resolve(cover, where: "cover") {
                    localDetail.coverURL = found
                } else {
                    localDetail.coverURL = nil
                    notes.append("no local file for the cover image (\(TourImporter.lastName(cover))): the tour has no cover")
                }
            }
            bundles.append(RemoteLanguageBundle(language: language, detail: localDetail, points: points, manifest: manifest))
        }
        if names.contains("tours.json") {
            let summaries: [RemoteTourSummary]
            do { summaries = try RemoteTourSummary.decodeList(try load("tours.json")) } catch let error as RemoteFormatError { throw fail("tours.json", error) } catch { throw error as! TourImportError }
            if !summaries.contains(where: { $0.id == bundles[0].detail.id }) {
                notes.append("\(folder)/tours.json does not list tour \(bundles[0].detail.id); the tour-LANG.json answers were used")
            }
        }
        return ("saved API answers", bundles, [], [:])
    }

    /// The last path component of a URL, without query or fragment.
    static func lastName(_ url: String) -> String {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        return String(path.split(separator: "/").last ?? "")
    }

    /// The local file a URL names: the longest local path that is a tail of the URL's path (`p3.mp3`,
    /// `it/p3.mp3` or `audio/it/p3.mp3` for `…/audio/it/p3.mp3`; never `audio/en/p3.mp3`); nil when none is.
    static func localMatch(for url: String, among paths: [String]) -> String? {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        let wanted = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard !wanted.isEmpty else { return nil }
        var best: (path: String, length: Int)?
        for candidate in paths {
            let parts = candidate.split(separator: "/").map(String.init)
            guard parts.count <= wanted.count, Array(wanted.suffix(parts.count)) == parts else { continue }
            if parts.count > best?.length ?? 0 { best = (candidate, parts.count) }
        }
        return best?.path
    }

    // MARK: Files

    /// Copies or generates every planned file into the staging directory; returns what was written.
    func stage(_ files: [PlannedFile], into staging: String, seconds: Double, sound: PlaceholderRecording.Sound) throws(TourImportError) -> [(path: String, origin: String, bytes: Int)] {
        var written: [(path: String, origin: String, bytes: Int)] = []
        for file in files {
            try checkInterruption()
            let target = staging + "/" + file.localPath
            do {
                try FileManager.default.createDirectory(atPath: FilePathText.parent(of: target), withIntermediateDirectories: true)
            } catch {
                throw TourImportError("\(staging): cannot create folders: \((error as NSError).localizedDescription)")
            }
            if file.url.hasPrefix(TourImporter.placeholderScheme) {
                do { try PlaceholderRecording.write(to: target, seconds: seconds, sound: sound) } catch {
                    throw TourImportError("\(file.localPath): cannot write the placeholder recording: \(error.message)")
                }
                written.append((file.localPath, "placeholder, \(formatShortNumber(seconds)) s of \(sound == .silence ? "silence" : "tone")", fileSize(target)))
                continue
            }
            guard file.url.hasPrefix(TourImporter.fileScheme) else {
                throw TourImportError("\(file.origin): \(file.url) is not a local file")
            }
            let source = String(file.url.dropFirst(TourImporter.fileScheme.count))
            if file.localPath.hasPrefix("audio/") {
                do { _ = try AudioProbe.probe(path: source) } catch {
                    throw TourImportError(.invalid, "\(source): not a recording walkscape can play (\(error.message)); expected audio (\(AudioFileTypes.extensionList)): replace the file\(file.localPath.hasPrefix("audio/") ? ", or remove it and add --placeholder-audio SECONDS" : "")")
                }
            }
            try copy(source, to: target)
            written.append((file.localPath, source, fileSize(target)))
        }
        return written
    }

    /// Copies a file in 1 MiB blocks, checking for an interruption between blocks.
    func copy(_ source: String, to target: String) throws(TourImportError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw TourImportError("\(source): cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw TourImportError("\(target): cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            try checkInterruption()
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { throw TourImportError("\(source): cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            var done = 0
            while done < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, count - done) }
                if n <= 0 { throw TourImportError("\(target): cannot be written: \(String(cString: strerror(errno)))") }
                done += n
            }
        }
    }

    func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Regular files under `root`, relative, sorted; hidden files and folders skipped.
    func listFiles(_ root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var info = stat()
            if stat(root + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { files.append(relative) }
        }
        return files.sorted()
    }
}
