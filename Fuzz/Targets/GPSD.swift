import WalkscapeCore
import WalkscapeTraces

/// gpsd's JSON protocol (`GPSDReport`, as `track --gps gpsd://` and `play --gps` read it): the input is cut
/// into lines at each newline, as the live reader cuts the socket's bytes, and each line is read as one report.
/// A fix has a time between 1980 and 2100, a latitude within ±90°, a longitude within ±180° and an accuracy
/// that is unknown (NaN) or 0–100 km; a line over `GPSDReport.maxLineBytes` is refused, never read.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGPSD(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    for line in input.split(separator: 0x0A, omittingEmptySubsequences: true) {
        let report: GPSDReport
        do {
            report = try GPSDReport.parse(Array(line))
        } catch {
            FuzzSupport.check(!error.message.isEmpty, "a refused line without a reason")
            continue
        }
        FuzzSupport.check(line.count <= GPSDReport.maxLineBytes, "a line of \(line.count) bytes was read")
        guard case let .fix(fix, _) = report else { continue }
        FuzzSupport.check(ValueRanges.isSaneTraceTime(fix.time), "a fix at \(fix.time) s")
        FuzzSupport.check(abs(fix.location.lat) <= 90 && abs(fix.location.lng) <= 180, "a fix at \(fix.location)")
        FuzzSupport.check(fix.accuracy.isNaN || (0...100_000).contains(fix.accuracy), "a fix with accuracy \(fix.accuracy)")
    }
    return 0
}
