import WalkscapeCore
import WalkscapeTraces

/// KML (`gx:Track` with `<when>`/`<gx:coord>`, `LineString` `<coordinates>`), read by the GPX stream scanner
/// when the root is `<kml>`: seeded from the KML fixtures with KML tokens; as `GPX`, the first byte chooses how
/// the rest is cut into pieces, and read whole and in pieces the answers must be the same.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzKML(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let seed = input.first else { return 0 }
    FuzzSupport.checkChunking({ GPXStreamParser() }, Array(input.dropFirst()), seed: seed)
    return 0
}
