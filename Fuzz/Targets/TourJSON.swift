import WalkscapeCore

/// A `tour.json` as `TourLoader` reads it: the JSON parser, the tour decoder, and the cross-field rules on
/// whatever tour the decoder gives.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzTourJSON(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let document = try? JSONParser().parse(input) else { return 0 }
    let decoding = TourDecoder(file: "tour.json").decode(document)
    if let tour = decoding.tour {
        _ = TourRules(file: "tour.json").check(tour)
    }
    return 0
}
