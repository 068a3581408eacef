import WalkscapeCore
import WalkscapeMap

/// The vector tile decoder (the offline map): gzip or zlib sniffing and inflating, the protobuf message, tags
/// against keys and values, geometry commands. A tile that decodes must decode the same way twice, and its
/// features' points stay within the decoder's limit.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzVectorTile(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let layers = try? VectorTileDecoder.decode(input) else { return 0 }
    precondition((try? VectorTileDecoder.decode(input)) == layers, "decoding is not deterministic")
    for layer in layers {
        precondition((1...65536).contains(layer.extent))
        for feature in layer.features {
            precondition(feature.parts.reduce(0) { $0 + $1.count } <= VectorTileGeometry.maxPoints + feature.parts.count)
            _ = MapFeatureClass.classify(layer: layer.name, kind: feature.kind, properties: feature.properties)
        }
    }
    return 0
}
