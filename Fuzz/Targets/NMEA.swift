import WalkscapeCore
import WalkscapeTraces

/// NMEA 0183 parser: the first byte chooses how the rest is cut into pieces; read whole and in pieces, the
/// answers must be the same.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzNMEA(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let seed = input.first else { return 0 }
    let data = Array(input.dropFirst())
    FuzzSupport.checkChunking({ NMEAParser() }, data, seed: seed)
    return 0
}
