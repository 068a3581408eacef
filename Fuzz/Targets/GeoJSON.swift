import WalkscapeCore
import WalkscapeTraces

/// GeoJSON trace parser: the first byte chooses how the rest is cut into pieces; read whole and in pieces,
/// the answers must be the same.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGeoJSON(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let seed = input.first else { return 0 }
    FuzzSupport.checkChunking({ GeoJSONTraceParser() }, Array(input.dropFirst()), seed: seed)
    return 0
}
