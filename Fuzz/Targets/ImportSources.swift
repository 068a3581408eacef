import WalkscapeCore

/// The sources of `walkscape import` read in the core: the input as the reference app's test-tour file and
/// as a GeoJSON FeatureCollection, each turned into the API's answers and merged by `TourAssembler`; and
/// its lines as file names for `MediaNameMatcher`. Whatever is read must assemble into a tour that the
/// decoder reads back without an error of shape.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportSources(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let paths = String(decoding: input, as: UTF8.self).split(separator: "\n").prefix(64).map(String.init)
    let matcher = MediaNameMatcher(points: [.init(id: "p1", order: 1), .init(id: "p1-b", order: 2), .init(id: "3", order: 3)], languages: ["it", "en", "pt-BR"])
    if let matches = try? matcher.match(paths) {
        for (key, path) in matches.audio { FuzzSupport.check(paths.contains(path) && (1...3).contains(key.order), "matched \(path)") }
    }
    guard let document = try? JSONParser().parse(input) else { return 0 }
    for shape in 0..<2 {
        let read: SourceTour?
        if shape == 0 {
            read = try? SourceTourReader.testTour(document, file: "s.json")
        } else {
            read = try? SourceTourReader.featureCollection(document, file: "s.json")
        }
        guard let source = read, let points = try? source.orderedPoints() else { continue }
        let languages = source.languages.isEmpty ? ["it"] : source.languages
        guard let bundles = try? source.bundles(languages: languages, id: "t", slug: "t", city: "C", media: { _, points in
            (points.map { .object([("pointId", .string($0.id)), ("order", .integer($0.order)), ("fileUrl", .string("a.mp3")), ("fileSizeBytes", .integer(1))]) }, [])
        }) else { continue }
        FuzzSupport.check(bundles.allSatisfy { $0.points.count == points.count }, "points lost")
        guard let assembled = try? TourAssembler.assemble(bundles) else { continue }
        let decoded = TourDecoder(file: "tour.json").decode(assembled.document)
        FuzzSupport.check(decoded.tour != nil, "an assembled import does not decode: \(decoded.diagnostics.first.map(\.description) ?? "")")
    }
    return 0
}
