import Foundation
import WalkscapeCore
import WalkscapeTraces
import WalkscapeRemoteModel

/// The sources of `walkscape import` read in the core: the input as the reference app's test-tour file, as
/// a GeoJSON FeatureCollection and as a GPX file of waypoints (`GPXPointReader`), each turned into the API's
/// answers and merged by `TourAssembler`; and its lines as file names for `MediaNameMatcher`. Whatever is
/// read must assemble into a tour that the decoder reads back without an error of shape. The waypoints,
/// title and lines `GPXStreamParser` keeps must not depend on where the input is cut into pieces.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzImportSources(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let paths = String(decoding: input, as: UTF8.self).split(separator: "\n").prefix(64).map(String.init)
    let matcher = MediaNameMatcher(points: [.init(id: "p1", order: 1), .init(id: "p1-b", order: 2), .init(id: "3", order: 3)], languages: ["it", "en", "pt-BR"])
    if let matches = try? matcher.match(paths) {
        for (key, path) in matches.audio { FuzzSupport.check(paths.contains(path) && (1...3).contains(key.order), "matched \(path)") }
    }
    var sources: [SourceTour] = []
    if let document = try? JSONParser().parse(input) {
        if let read = try? SourceTourReader.testTour(document, file: "s.json") { sources.append(read) }
        if let read = try? SourceTourReader.featureCollection(document, file: "s.json") { sources.append(read) }
    } else {
        checkWaypointChunking(input)
        if let read = try? GPXPointReader.read(Data(input), file: "w.gpx") { sources.append(read) }
    }
    for source in sources {
        guard let points = try? source.orderedPoints() else { continue }
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

/// Reads `input` as a file of waypoints whole and in the pieces its first byte gives: the same waypoints,
/// title and lines of points, or the same error.
func checkWaypointChunking(_ input: [UInt8]) {
    func read(_ pieces: [ArraySlice<UInt8>]) -> Result<([GPXWaypoint], String?, [[LatLng]]), TraceParseError> {
        var parser = GPXStreamParser()
        parser.readsWaypoints = true
        return Result { () throws(TraceParseError) in
            for piece in pieces { try parser.feed(Array(piece)) }
            _ = try parser.finishDocument()
            return (parser.waypoints, parser.metadataName, parser.pointLines)
        }
    }
    let whole = read([input[...]])
    let cut = read(FuzzSupport.chunks(input, seed: input.first ?? 0))
    switch (whole, cut) {
    case (.success(let a), .success(let b)):
        FuzzSupport.check(a.0 == b.0, "the waypoints read in pieces differ from those read whole")
        FuzzSupport.check(a.1 == b.1 && a.2 == b.2, "the title or lines read in pieces differ from those read whole")
    case (.failure(let a), .failure(let b)):
        FuzzSupport.check(a.description == b.description, "the error read in pieces differs: \(a) against \(b)")
    default:
        FuzzSupport.check(false, "read whole and read in pieces, the waypoints do not agree: \(whole) against \(cut)")
    }
}
