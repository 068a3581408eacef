import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// `walkscape import`: the reference app's files, saved API answers, point files, and every refusal.
@Suite struct ImportCLITests {
    static let real = "/work/shared/real/walkspace-app"
    static var hasReal: Bool { FileManager.default.fileExists(atPath: real + "/milan-test-tour.json") }

    /// A fresh temporary folder.
    static func scratch() throws -> String {
        let root = NSTemporaryDirectory() + "walkscape-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The entries of `folder` (hidden ones included).
    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: The reference app's files

    @Test(.enabled(if: hasReal), arguments: ["milan-test-tour.json", "custom-test-tour-template.json"])
    func referenceTestTourImportsAndValidates(file: String) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["import", Self.real + "/" + file, "--dest", root + "/tour", "--placeholder-audio", "4"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let validate = try CLI.run(["validate", root + "/tour"])
        expectEqual(validate.status, 0, "\(validate.stdout)\(validate.stderr)")
        // Placeholders are warned about, once per track.
        expectContains(validate.stdout, ".placeholder: warning: point 1 plays a placeholder recording of 4 s")
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/tour/tour.json"))))
        let source = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.real + "/" + file))))
        // Unknown top-level members of the source are kept as they were.
        for (key, value) in source.objectMembers! where key != "tour" && key != "points" {
            expectEqual(document[key], value, "\(key)")
        }
        let points = document["points"]!.arrayElements!
        expectEqual(points.count, source["points"]!.arrayElements!.count)
        for point in points {
            for (_, track) in point["tracks"]!.objectMembers! {
                expectEqual(track["placeholder"], .bool(true))
                expectTrue(track["audio"]!["sha256"]?.stringValue?.count == 64)
            }
        }
        let info = try CLI.run(["info", root + "/tour"])
        expectContains(info.stdout, "0:04.0 *")
        expectContains(info.stdout, "* placeholder recording")
        // Nothing but the tour is left beside it.
        expectEqual(Self.entries(root), ["tour"])
    }

    /// The GPS route the reference app's team replays triggers exactly the points an independent
    /// computation (haversine distances, points taken strictly in order) says it passes, at the same times.
    @Test(.enabled(if: hasReal))
    func milanRouteTriggersThePointsItPasses() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let imported = try CLI.run(["import", Self.real + "/milan-test-tour.json", "--dest", root + "/milan", "--placeholder-audio", "5", "--lang", "en"])
        expectEqual(imported.status, 0, "\(imported.stderr)")
        let route = Self.real + "/milan-test-route.gpx"
        let result = try CLI.run(["simulate", root + "/milan", "--trace", route, "--format", "jsonl"])
        expectEqual(result.status, 0, "\(result.stderr)")
        var triggered: [(order: Int, t: Double)] = []
        for line in result.stdout.split(separator: "\n") {
            let event = try JSONParser().parse(String(line))
            if event["event"]?.stringValue == "point_triggered" {
                triggered.append((event["point"]!.intValue!, event["t"]!.doubleValue!))
            }
        }
        // Independent: the track points and times of the GPX, the tour's centres and radii from the source file.
        let gpx = String(decoding: try Data(contentsOf: URL(fileURLWithPath: route)), as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*(?:<ele>[^<]*</ele>\s*)?<time>([^<]+)</time>"#)
        let formatter = ISO8601DateFormatter()
        let fixes: [(lat: Double, lon: Double, time: Date)] = pattern.matches(in: gpx, range: NSRange(gpx.startIndex..., in: gpx)).map { match in
            let text = { (i: Int) in String(gpx[Range(match.range(at: i), in: gpx)!]) }
            return (Double(text(1))!, Double(text(2))!, formatter.date(from: text(3))!)
        }
        expectTrue(fixes.count > 10)
        let source = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.real + "/milan-test-tour.json"))))
        let stops = source["points"]!.arrayElements!.map { p in
            (order: p["order"]!.intValue!, lat: p["location"]!["lat"]!.doubleValue!, lng: p["location"]!["lng"]!.doubleValue!, radius: p["triggerRadiusMeters"]!.doubleValue!)
        }.sorted { $0.order < $1.order }
        func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
            let r = 6_371_008.8, rad = Double.pi / 180
            let a = pow(sin((lat2 - lat1) * rad / 2), 2) + cos(lat1 * rad) * cos(lat2 * rad) * pow(sin((lon2 - lon1) * rad / 2), 2)
            return 2 * r * asin(min(1, sqrt(a)))
        }
        var expected: [(order: Int, t: Double)] = []
        var next = 0
        for fix in fixes {
            while next < stops.count, haversine(fix.lat, fix.lon, stops[next].lat, stops[next].lng) <= stops[next].radius {
                expected.append((stops[next].order, fix.time.timeIntervalSince(fixes[0].time)))
                next += 1
            }
        }
        expectTrue(!expected.isEmpty)
        expectEqual(triggered.map(\.order), expected.map(\.order))
        for (ours, theirs) in zip(triggered, expected) { expectTrue(abs(ours.t - theirs.t) < 0.001, "point \(ours.order)") }
    }

    // MARK: Saved API answers

    /// Saves the test API server's answers for torino-portici (deployed or draft shape) and the media they
    /// name, as a producer would with curl, into `folder`.
    static func saveAnswers(_ server: APIServer, shape: String, into folder: String) throws {
        let prefix = shape == "deployed" ? "/v1" : "/draft/v1"
        let id = shape == "deployed" ? try server.deployedID("torino-portici") : "torino-portici"
        try write(JSONWriter().write(try server.get(prefix + "/tours")), to: folder + "/tours.json")
        for language in ["it", "en"] {
            try write(JSONWriter().write(try server.get("\(prefix)/tours/\(id)?language=\(language)")), to: "\(folder)/tour-\(language).json")
            try write(JSONWriter().write(try server.get("\(prefix)/tours/\(id)/points?language=\(language)")), to: "\(folder)/points-\(language).json")
            let manifest = try server.get("\(prefix)/tours/\(id)/manifest?language=\(language)")
            try write(JSONWriter().write(manifest), to: "\(folder)/manifest-\(language).json")
            for entry in (manifest["audio"]?.arrayElements ?? []) + (manifest["subtitles"]?.arrayElements ?? []) {
                var url = entry["fileUrl"]!.stringValue!
                if !url.hasPrefix("http") { url = "http://127.0.0.1:\(server.port)\(prefix)/" + url }
                let path = URL(string: url)!.path
                // Kept under the URL's last folders, as `curl --create-dirs -o` would.
                let local = folder + "/" + path.split(separator: "/").suffix(4).joined(separator: "/")
                try FileManager.default.createDirectory(atPath: (local as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(contentsOf: URL(string: url)!).write(to: URL(fileURLWithPath: local))
            }
        }
    }

    @Test(arguments: ["deployed", "draft"])
    func savedAnswersImportLikeADownload(shape: String) throws {
        let server = try APIServer()
        defer { server.stop() }
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.saveAnswers(server, shape: shape, into: root + "/answers")
        let result = try CLI.run(["import", root + "/answers", "--dest", root + "/torino"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "(saved API answers)")
        let validate = try CLI.run(["validate", root + "/torino"])
        expectEqual(validate.status, 0, "\(validate.stdout)")
        // Every recording and subtitle is byte for byte the sample tour's, in the same place.
        let sample = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/tours/torino-portici/tour.json"))))
        let ours = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/torino/tour.json"))))
        for (index, point) in sample["points"]!.arrayElements!.enumerated() {
            for language in ["it", "en"] {
                let theirs = point["tracks"]![language]!["audio"]!["sha256"]
                expectEqual(ours["points"]!.arrayElements![index]["tracks"]![language]!["audio"]!["sha256"], theirs)
            }
        }
        // Same answers, same simulation as the sample tour itself.
        let trace = "fixtures/traces/torino-portici-clean.gpx"
        let a = try CLI.run(["simulate", "tours/torino-portici", "--trace", trace, "--format", "text"])
        let b = try CLI.run(["simulate", root + "/torino", "--trace", trace, "--format", "text"])
        expectEqual(a.stdout, b.stdout)
    }

    /// The warnings `import` counts for the tour it wrote are the ones `validate` finds in it, the talk-time and
    /// silence warnings included.
    @Test func importCountsTheWarningsValidateCounts() throws {
        let server = try APIServer()
        defer { server.stop() }
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.saveAnswers(server, shape: "deployed", into: root + "/answers")
        let imported = try CLI.run(["import", root + "/answers", "--dest", root + "/torino"])
        expectEqual(imported.status, 0, "\(imported.stderr)")
        let validate = try CLI.run(["validate", root + "/torino"])
        expectEqual(validate.status, 0, "\(validate.stdout)")
        func count(_ pattern: String, in text: String) -> Int? {
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            return Int(text[range].filter(\.isNumber))
        }
        let importCount = count("valid \\([0-9]+ warning", in: imported.stdout)
        let validateCount = count("errors, [0-9]+ warning", in: validate.stdout)
        expectTrue(importCount != nil && importCount == validateCount, "import:\n\(imported.stdout)\nvalidate:\n\(validate.stdout)")
        expectContains(imported.stdout, "of silence before point 2", "\(imported.stdout)")
        // Each warning validate prints, import printed too.
        for line in validate.stdout.split(separator: "\n") where line.contains(": warning: ") {
            expectTrue(imported.stdout.contains(line), "\(line)")
        }
    }

    @Test func savedAnswersWithAMissingRecordingNeedPlaceholders() throws {
        let server = try APIServer()
        defer { server.stop() }
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.saveAnswers(server, shape: "deployed", into: root + "/answers")
        try FileManager.default.removeItem(atPath: root + "/answers/torino-portici/audio/en/p2.mp3")
        let refused = try CLI.run(["import", root + "/answers", "--dest", root + "/torino"])
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "manifest-en.json: audio[1].fileUrl: no local file named p2.mp3")
        expectContains(refused.stderr, "--placeholder-audio SECONDS")
        expectEqual(Self.entries(root), ["answers"])
        let result = try CLI.run(["import", root + "/answers", "--dest", root + "/torino", "--placeholder-audio", "7"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let info = try CLI.run(["info", root + "/torino", "--json"])
        let report = try JSONParser().parse(info.stdout)
        let marked = report["points"]!.arrayElements!.compactMap { $0["placeholderAudio"] }
        expectEqual(marked, [.array([.string("en")])])
    }

    // MARK: Point files with a folder of recordings

    static let geojson = """
        {"type": "FeatureCollection", "name": "Portici", "city": "Torino", "languages": ["it", "en"],
         "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [7.6869, 45.0703]},
           "properties": {"id": "castello", "order": 1, "name": {"it": "Piazza Castello", "en": "Castle Square"}, "radius": 120}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [7.6935, 45.0686]},
           "properties": {"id": "po", "order": 2, "name": "Via Po", "radius": 150}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[7.6869, 45.0703], [7.6935, 45.0686]]}, "properties": {}}
         ]}
        """

    /// A recordings folder: WAVs made by `synth`-free means (the sample tour's own files), named by order and id.
    static func recordings(_ folder: String) throws {
        let tour = repositoryRoot + "/tours/torino-portici"
        let files = try FileManager.default.contentsOfDirectory(atPath: tour + "/audio/it").sorted()
        try FileManager.default.createDirectory(atPath: folder + "/it", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tour + "/audio/it/" + files[0], toPath: folder + "/01-castello.it.mp3")
        try FileManager.default.copyItem(atPath: tour + "/audio/it/" + files[1], toPath: folder + "/it/po.mp3")
        try FileManager.default.copyItem(atPath: tour + "/audio/en/" + files[0], toPath: folder + "/castello.en.mp3")
        try write("1\n00:00:00,500 --> 00:00:02,000\nBenvenuti\n", to: folder + "/1.it.srt")
        try write("1\n00:00:00,500 --> 00:00:02,000\nWelcome\n", to: folder + "/1.it.en.srt")
        try write("not for any point", to: folder + "/notes.txt")
    }

    @Test func geoJSONWithRecordingsFolder() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.geojson, to: root + "/stops.geojson")
        try Self.recordings(root + "/rec")
        // Point 2 has no English recording: refused, naming it, then generated on request.
        let refused = try CLI.run(["import", root + "/stops.geojson", "--dest", root + "/t", "--audio-dir", root + "/rec"])
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "no recording for point 2 (po) in en; expected a file named like 2.en.mp3 or en/po.mp3")
        let result = try CLI.run(["import", root + "/stops.geojson", "--dest", root + "/t", "--audio-dir", root + "/rec", "--placeholder-audio", "3", "--placeholder-sound", "tone"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/t/tour.json"))))
        let points = document["points"]!.arrayElements!
        expectEqual(points[0]["title"]!["en"], .string("Castle Square"))
        expectEqual(points[0]["triggerRadiusMeters"]!.doubleValue, 120)
        expectEqual(points[0]["tracks"]!["it"]!["subtitles"]!.objectMembers!.map(\.key), ["it", "en"])
        expectEqual(points[1]["tracks"]!["en"]!["placeholder"], .bool(true))
        expectTrue(points[1]["tracks"]!["it"]!["placeholder"] == nil)
        expectTrue(document["routePolyline"]?.stringValue == "45.070300,7.686900;45.068600,7.693500")
        expectEqual(document["city"], .string("Torino"))
        try expectEqual(CLI.run(["validate", root + "/t"]).status, 0)
    }

    /// Waypoints with the track walked between them: `distanceKm` (and `durationMinutes`) come from the track,
    /// not from straight lines between the stops (1.6 km here against the track's 3.8), so `validate` finds
    /// nothing to say about them. The destination is a one-character name in the current folder, on which
    /// Foundation's `deletingLastPathComponent` traps (the import crashed).
    @Test func waypointsWithATrackTakeTheTracksLength() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Three stops 0.01° of longitude apart (787 m); the track goes round two blocks between them.
        try Self.write("""
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="45.0700" lon="7.6800"><name>A</name></wpt>
            <wpt lat="45.0700" lon="7.6900"><name>B</name></wpt>
            <wpt lat="45.0700" lon="7.7000"><name>C</name></wpt>
            <trk><name>walk</name><trkseg>
            <trkpt lat="45.0700" lon="7.6800"/><trkpt lat="45.0750" lon="7.6800"/><trkpt lat="45.0750" lon="7.6900"/>
            <trkpt lat="45.0700" lon="7.6900"/><trkpt lat="45.0650" lon="7.6900"/><trkpt lat="45.0650" lon="7.7000"/>
            <trkpt lat="45.0700" lon="7.7000"/>
            </trkseg></trk></gpx>
            """, to: root + "/stops.gpx")
        let result = try CLI.run(["import", "stops.gpx", "--dest", "t", "--placeholder-audio", "2", "--city", "X", "--lang", "en"], in: root)
        expectEqual(result.status, 0, "\(result.stderr)")
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/t/tour.json"))))
        // 4 legs of 556 m (north-south) and 2 of 787 m (east-west): 3.80 km, rounded up to the next 0.1 km.
        expectEqual(document["distanceKm"]?.doubleValue, 3.8)
        expectEqual(document["durationMinutes"]?.doubleValue, 51)
        let validated = try CLI.run(["validate", "t"], in: root)
        expectEqual(validated.status, 0)
        expectTrue(!validated.stderr.contains("distanceKm") && !validated.stderr.contains("durationMinutes"), "\(validated.stderr)")
    }

    // MARK: Refusals

    func refusal(_ source: String, named name: String, extra: [String] = [], status: Int32 = 1, expecting fragment: String) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(source, to: root + "/" + name)
        let result = try CLI.run(["import", root + "/" + name, "--dest", root + "/t", "--placeholder-audio", "2", "--city", "X"] + extra)
        expectEqual(result.status, status, "\(result.stderr)")
        expectTrue(result.stderr.contains(fragment), "\(result.stderr)")
        expectEqual(result.stderr.split(separator: "\n").first.map { $0.hasPrefix(root) }, true, "the first line names the file: \(result.stderr)")
        expectEqual(Self.entries(root), [name])
    }

    @Test func duplicateOrderIsRefused() throws {
        let source = Self.geojson.replacingOccurrences(of: "\"order\": 2", with: "\"order\": 1")
        try refusal(source, named: "stops.geojson", expecting: "features[1]: order 1 is also the order of features[0]; each point needs its own order from 1 to 2: renumber one of them")
    }

    @Test func pointWithoutCoordinatesIsRefused() throws {
        let source = Self.geojson.replacingOccurrences(of: "{\"type\": \"Point\", \"coordinates\": [7.6935, 45.0686]}", with: "null")
        try refusal(source, named: "stops.geojson", expecting: "features[1] (po): no coordinates (geometry is null); every point needs a position")
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="45.07" lon="7.68"><name>A</name></wpt>
            <wpt><name>B</name></wpt></gpx>
            """
        try refusal(gpx, named: "stops.gpx", extra: ["--lang", "it"], expecting: "wpt #2 (line 3): no coordinates (expected lat=")
    }

    /// Issue 27, item 14: `import` of a 17-byte GPX whose attribute name (or comment) holds a byte that is not
    /// UTF-8 died of SIGILL (exit 132) inside Foundation's XML parser; it is one line naming the file, exit 2
    /// (a source that cannot be used, docs/authoring.md), nothing made.
    @Test func gpxThatIsNotUTF8IsOneLine() throws {
        let files: [[UInt8]] = [
            Array("<gpx><a".utf8) + [0xC4] + Array("Y/></gpx>".utf8),
            Array("<gpx><!--".utf8) + [0xC4] + Array("Y--></gpx>".utf8),
        ]
        for bytes in files {
            let root = try Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try Data(bytes).write(to: URL(fileURLWithPath: root + "/x.gpx"))
            let result = try CLI.run(["import", root + "/x.gpx", "--dest", root + "/d"])
            expectEqual(result.status, 2, "\(result.status): \(result.stderr)")
            expectTrue(result.stderr.hasPrefix(root + "/x.gpx: line 1: not a readable GPX file (byte 0xC4 is not UTF-8"), "\(result.stderr)")
            expectEqual(result.stderr.split(separator: "\n").count, 1, "\(result.stderr)")
            expectEqual(Self.entries(root), ["x.gpx"])
        }
    }

    @Test func testTourWithDuplicateOrderIsRefused() throws {
        let source = """
            {"tour": {"id": "t", "slug": "t", "title": {"en": "T"}, "city": "C", "durationMinutes": 5, "distanceKm": 1, "languages": ["en"], "isProtected": false},
             "points": [{"id": "a", "order": 1, "title": "A", "location": {"lat": 45, "lng": 9}, "triggerRadiusMeters": 150},
                        {"id": "b", "order": 1, "title": "B", "location": {"lat": 45.01, "lng": 9}, "triggerRadiusMeters": 150}]}
            """
        try refusal(source, named: "tour.test.json", expecting: "points[1]: order 1 is also the order of points[0]; each point needs its own order from 1 to 2")
    }

    @Test func failedImportLeavesNoNewFolders() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.geojson, to: root + "/stops.geojson")
        // Found bad while staging, after the folders for the destination were made.
        try Self.write("not audio", to: root + "/rec/2.en.mp3")
        let result = try CLI.run(["import", root + "/stops.geojson", "--dest", root + "/a/b/t", "--audio-dir", root + "/rec", "--placeholder-audio", "2"])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "rec/2.en.mp3: not a recording walkscape can play")
        expectEqual(Self.entries(root), ["rec", "stops.geojson"])
    }

    @Test func recordingThatIsNotAudioIsRefused() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.geojson, to: root + "/stops.geojson")
        try Self.write("ID3 but not really audio", to: root + "/rec/1.it.mp3")
        let result = try CLI.run(["import", root + "/stops.geojson", "--dest", root + "/t", "--audio-dir", root + "/rec", "--placeholder-audio", "2"])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "\(root)/rec/1.it.mp3: not a recording walkscape can play", "\(result.stderr)")
        expectEqual(Self.entries(root), ["rec", "stops.geojson"])
    }

    @Test func existingDestinationNeedsForce() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(Self.geojson, to: root + "/stops.geojson")
        try Self.write("keep me", to: root + "/t/notes.txt")
        let args = ["import", root + "/stops.geojson", "--dest", root + "/t", "--placeholder-audio", "2"]
        let refused = try CLI.run(args)
        expectEqual(refused.status, 2)
        expectContains(refused.stderr, "\(root)/t: already exists; choose another --dest, or add --force")
        // --force replaces tours only, never a folder of other things.
        let notTour = try CLI.run(args + ["--force"])
        expectEqual(notTour.status, 2)
        expectContains(notTour.stderr, "is not a tour directory (no tour.json)")
        expectEqual(Self.entries(root + "/t"), ["notes.txt"])
        try FileManager.default.removeItem(atPath: root + "/t")
        try expectEqual(CLI.run(args).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/t/tour.json"))
        let again = try CLI.run(args + ["--placeholder-sound", "tone", "--force"])
        expectEqual(again.status, 0, "\(again.stderr)")
        try expectTrue(Data(contentsOf: URL(fileURLWithPath: root + "/t/tour.json")) != before)
        expectEqual(Self.entries(root), ["stops.geojson", "t"])
    }

    /// SIGTERM or SIGINT in the middle: no destination, no staging directory left. A SIGKILLed run's staging
    /// directory is removed by the next import.
    @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
    func interruptedImportLeavesNothing(signal: Int32) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var features: [String] = []
        for i in 1...12 {
            features.append("{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [9.0, \(45.0 + Double(i) * 0.01)]}, \"properties\": {\"name\": \"S\(i)\"}}")
        }
        try Self.write("{\"type\": \"FeatureCollection\", \"features\": [\(features.joined(separator: ","))]}", to: root + "/stops.geojson")
        let started = try CLI.start(["import", root + "/stops.geojson", "--dest", root + "/t", "--placeholder-audio", "300", "--lang", "it,en", "--city", "X"])
        let pid = started.0.processIdentifier
        // As soon as the staging directory exists, the import is under way.
        let deadline = Date().addingTimeInterval(60)
        while !Self.entries(root).contains(where: { $0.hasPrefix(".t.import-") }), Date() < deadline { usleep(2000) }
        usleep(50_000)
        kill(pid, signal)
        let result = CLI.finish(started)
        if signal == SIGKILL {
            expectTrue(Self.entries(root).contains { $0.hasPrefix(".t.import-") })
            let next = try CLI.run(["import", root + "/stops.geojson", "--dest", root + "/t", "--placeholder-audio", "1", "--lang", "it", "--city", "X"])
            expectEqual(next.status, 0, "\(next.stderr)")
            expectContains(next.stderr, "note: removed \(root)/.t.import-")
            expectEqual(Self.entries(root), ["stops.geojson", "t"])
        } else {
            expectEqual(result.status, 128 + signal, "\(result.stderr)")
            expectContains(result.stderr, "interrupted by signal \(signal); nothing was written")
            expectEqual(Self.entries(root), ["stops.geojson"])
        }
    }
}

/// `walkscape new`: a hand-editable tour that validates and plays at once.
@Suite struct NewCLITests {
    /// EDITING.md's step 3 followed to the letter: every line holding `"placeholder": true` deleted from
    /// tour.json. The tour still parses (the member comes first in its object, so no comma is left dangling;
    /// it came last, and the step left `unexpected '}', expected a member name in double quotes`).
    @Test func deletingThePlaceholderLinesAsEditingSaysLeavesValidJSON() throws {
        let root = try ImportCLITests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try expectEqual(CLI.run(["new", root + "/draft", "--city", "Torino", "--lang", "it,en", "--points", "2"]).status, 0)
        let editing = String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/draft/EDITING.md")), as: UTF8.self)
        expectContains(editing, "then delete the track's `\"placeholder\": true`")
        let path = root + "/draft/tour.json"
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { !$0.contains("\"placeholder\": true") }
        expectEqual(lines.count - kept.count, 4, "one placeholder line per point and language")
        try Data(kept.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let manifest = try CLI.run(["manifest", root + "/draft"])
        expectEqual(manifest.status, 0, "\(manifest.stderr)")
        let validate = try CLI.run(["validate", root + "/draft"])
        expectTrue(!validate.stdout.contains("placeholder recording"), "\(validate.stdout)")
    }

    /// Issue 46, item 8: a short placeholder (`--placeholder-audio 1e-5` failed on its own subtitle cue, which
    /// began at 0.5 s): the example cue fits inside any placeholder from 0.1 s; shorter ones are refused.
    @Test func shortPlaceholdersGetACueInsideThem() throws {
        let root = try ImportCLITests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let short = try CLI.run(["new", root + "/short", "--city", "Torino", "--lang", "it", "--points", "2", "--placeholder-audio", "0.1"])
        expectEqual(short.status, 0, "\(short.stderr)")
        let srt = String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/short/subtitles/it/p1.it.srt")), as: UTF8.self)
        expectTrue(srt.hasPrefix("1\n00:00:00,025 --> 00:00:00,100\n"), "\(srt)")
        try expectEqual(CLI.run(["validate", root + "/short"]).status, 0)
        let tiny = try CLI.run(["new", root + "/tiny", "--city", "Torino", "--lang", "it", "--placeholder-audio", "1e-5"])
        expectEqual(tiny.status, 2)
        expectTrue(tiny.stderr.hasPrefix("Error: --placeholder-audio must be from 0.1 to 3600 seconds, got 1e-05."), "\(tiny.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: root + "/tiny"))
    }

    @Test func newTourValidatesAndKeepsItsNotesThroughManifest() throws {
        let root = try ImportCLITests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["new", root + "/draft", "--city", "Torino", "--lang", "it,en", "--start", "45.0703,7.6869", "--points", "3"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(ImportCLITests.entries(root + "/draft"), ["EDITING.md", "audio", "subtitles", "tour.json"])
        let validate = try CLI.run(["validate", root + "/draft"])
        expectEqual(validate.status, 0, "\(validate.stdout)")
        // The only warnings are the six placeholders.
        expectEqual(validate.stdout.components(separatedBy: ": warning: ").count - 1, 6, "\(validate.stdout)")
        expectEqual(validate.stdout.components(separatedBy: "plays a placeholder recording of 10 s").count - 1, 6)
        // A hand edit, then `manifest`: the "//" notes survive and the tour stays valid.
        let path = root + "/draft/tour.json"
        var text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"Stop 2\"", with: "\"Via Po\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try Data("1\n00:00:00,500 --> 00:00:02,000\nCiao\n".utf8).write(to: URL(fileURLWithPath: root + "/draft/subtitles/it/p1.it.srt"))
        try expectEqual(CLI.run(["validate", root + "/draft"]).status, 1)
        try expectEqual(CLI.run(["manifest", root + "/draft"]).status, 0)
        try expectEqual(CLI.run(["validate", root + "/draft"]).status, 0)
        let document = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        expectTrue(document["//"]?.stringValue?.contains("EDITING.md") == true)
        expectEqual(document["points"]!.arrayElements![1]["title"]!["it"], .string("Via Po"))
        // A trace walking north along the example points plays all three, in order.
        var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for step in 0...80 {
            gpx += "<trkpt lat=\"\(45.0703 + Double(step) * 0.0001)\" lon=\"7.6869\"><time>2025-01-01T10:\(String(format: "%02d", step / 6)):\(String(format: "%02d", step % 6 * 10))Z</time></trkpt>"
        }
        try Data((gpx + "</trkseg></trk></gpx>").utf8).write(to: URL(fileURLWithPath: root + "/walk.gpx"))
        let simulate = try CLI.run(["simulate", root + "/draft", "--trace", root + "/walk.gpx", "--format", "jsonl"])
        expectEqual(simulate.status, 0, "\(simulate.stderr)")
        let triggered = try simulate.stdout.split(separator: "\n").map { try JSONParser().parse(String($0)) }
            .filter { $0["event"]?.stringValue == "point_triggered" }.map { $0["point"]!.intValue! }
        expectEqual(triggered, [1, 2, 3])
        // Again on the same directory: refused without --force.
        let again = try CLI.run(["new", root + "/draft", "--city", "Torino", "--lang", "it"])
        expectEqual(again.status, 2)
        expectContains(again.stderr, "draft: already exists; choose another directory, or add --force")
    }
}

/// The player marks the next stop when its recording is a placeholder (a real terminal under tmux).
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PlaceholderPlayerTmuxTests {
    @Test func routeCardSaysPlaceholder() throws {
        let root = try ImportCLITests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try expectEqual(CLI.run(["new", root + "/t", "--city", "Torino", "--lang", "it,en", "--start", "45.0703,7.6869", "--points", "2"]).status, 0)
        // Point 2's Italian recording is made real (the sample tour's), its English one stays a placeholder.
        let path = root + "/t/tour.json"
        var text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        try FileManager.default.removeItem(atPath: root + "/t/audio/it/p2.wav")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tours/torino-portici/audio/it/p2.mp3", toPath: root + "/t/audio/it/p2.mp3")
        text = text.replacingOccurrences(of: "audio/it/p2.wav", with: "audio/it/p2.mp3")
        let parts = text.components(separatedBy: "\"placeholder\": true")
        expectEqual(parts.count, 5)  // it, en of point 1; it, en of point 2
        text = parts[0] + "\"placeholder\": true" + parts[1] + "\"placeholder\": true" + parts[2] + "\"placeholder\": false" + parts[3] + "\"placeholder\": true" + parts[4]
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try expectEqual(CLI.run(["manifest", root + "/t"]).status, 0)
        var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for step in 0...40 {
            gpx += "<trkpt lat=\"\(45.0703 + Double(step) * 0.0001)\" lon=\"7.6869\"><time>2025-01-01T10:\(String(format: "%02d", step / 6)):\(String(format: "%02d", step % 6 * 10))Z</time></trkpt>"
        }
        try Data((gpx + "</trkseg></trk></gpx>").utf8).write(to: URL(fileURLWithPath: root + "/walk.gpx"))
        for (language, marked) in [("en", true), ("it", false)] {
            let tmux = Tmux()
            defer { tmux.kill() }
            try tmux.start("cd \(root) && LANG=C.UTF-8 TERM=xterm-256color \(CLI.binary) play t --trace walk.gpx --audio none --speed 1 --lang \(language); sleep 60")
            // The screen's own words follow the locale (C here), whatever the narration's language.
            let heading = "Next stop 2"
            let screen = try tmux.waitFor(timeout: 30) { $0.contains(heading) }
            let card = screen.split(separator: "\n").first { $0.contains(heading) }.map(String.init) ?? ""
            expectTrue(!card.isEmpty, "\(screen)")
            expectEqual(card.contains("placeholder"), marked, "\(language): \(screen)")
        }
    }
}
