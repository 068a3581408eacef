import WalkscapeCore

/// The backend's `lat,lng;lat,lng` polyline decoder.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzLatLngListPolyline(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let text = String(decoding: input, as: UTF8.self)
    guard let points = try? LatLngListPolyline.decode(text) else { return 0 }
    for point in points {
        FuzzSupport.check(point.lat.isFinite && point.lng.isFinite, "a decoded point is not finite: \(point)")
    }
    return 0
}
