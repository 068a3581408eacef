import WalkscapeCore

/// Google's encoded polyline decoder; the first byte picks the precision (5 or 6 digits). What decodes
/// encodes back to a polyline that decodes to the same points.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGooglePolyline(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let first = input.first else { return 0 }
    let precision = first & 1 == 0 ? 5 : 6
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    guard let points = try? GooglePolyline.decode(text, precision: precision) else { return 0 }
    let again = try? GooglePolyline.decode(GooglePolyline.encode(points, precision: precision), precision: precision)
    FuzzSupport.check(again == points, "\(points.count) decoded points do not survive encoding again")
    return 0
}
