import WalkscapeCore

/// What `check --observed` and `check --expect` read besides traces: the phone app's analytics events
/// (`ObservedAnalytics`: a `POST /analytics/events` body, a JSON array, `walkscape collect`'s JSON Lines or the
/// backend's CSV export, with its own RFC 4180 reader) and golden timelines (`TimelineComparison.parse`), on
/// the same text, and the golden's provenance record (`GoldenProvenance`). Every event read says where it was
/// read and has a finite time or none; a timeline that reads compares equal to itself; what a failing check
/// shows of the golden (its lines, event names and provenance) holds no control character or escape sequence.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
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
        for entry in entries { FuzzSupport.check(showable(entry.text) && showable(entry.event), "line \(entry.line) shown raw: \(entry.text.debugDescription)") }
    }
    if let record = GoldenProvenance.find(in: text) {
        let now = GoldenProvenance(walkscape: "0.1.0", tour: "t", tourSHA256: "0", language: "it", options: .null)
        for line in record.explain(against: now) + now.explain(against: record) {
            FuzzSupport.check(showable(line), "a provenance explanation shown raw: \(line.debugDescription)")
        }
    }
    return 0
}

/// Whether `text` can go to a terminal as it is: no C0 or C1 control character (ESC and the one-byte CSI among them).
func showable(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
}
