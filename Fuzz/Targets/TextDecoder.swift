import WalkscapeCore

/// The text decoder for files without a declared encoding: any bytes decode; valid UTF-8 without a BOM or
/// NUL bytes decodes to exactly that text.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzTextDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    let result = TextDecoder.decode(input)
    if result.encoding == .utf8 {
        FuzzSupport.check(Array(result.text.utf8) == input, "UTF-8 input decoded to other text")
    }
    return 0
}
