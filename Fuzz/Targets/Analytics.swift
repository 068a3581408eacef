import WalkscapeCore

/// What `check --observed` and `check --expect` read besides traces: the phone app's analytics events
/// (`ObservedAnalytics`: a `POST /analytics/events` body, a JSON array, `walkscape collect`'s JSON Lines or the
/// backend's CSV export, with its own RFC 4180 reader) and golden timelines (`TimelineComparison.parse`), on
/// the same text. Every event read says where it was read and has a finite time or none; a timeline that
/// reads compares equal to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalytics(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = String(decoding: FuzzSupport.bytes(start, count), as: UTF8.self)
    if let observed = try? ObservedAnalytics(parsing: text) {
        for event in observed.events {
            FuzzSupport.check(!event.location.isEmpty, "an event without a location: \(event)")
            FuzzSupport.check(event.time?.isFinite ?? true, "an event at \(String(describing: event.time))")
        }
    }
    if let entries = try? TimelineComparison.parse(text) {
        let divergence = TimelineComparison().firstDivergence(expected: entries, actual: entries)
        FuzzSupport.check(divergence == nil, "a timeline differs from itself: \(String(describing: divergence))")
    }
    return 0
}
