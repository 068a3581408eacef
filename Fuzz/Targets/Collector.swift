import WalkscapeCore
import WalkscapeRemoteModel

/// `walkscape collect`'s intake (`AnalyticsIntake`, what its HTTP handler asks of every request a phone sends):
/// the first byte picks the method and path (mostly `POST /v1/analytics/events`), the rest is the body. Every
/// answer is one the backend gives (204 without a body, 400, 404 or 413 in NestJS's shape); what is accepted,
/// written one event a line as the collector appends it, is read back by `check --observed`
/// (`ObservedAnalytics`) as the same events, names, points and times.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzCollector(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let first = input.first else { return 0 }
    let requests = [("POST", "/v1/analytics/events"), ("POST", "/analytics/events?debug=1"), ("GET", "/v1/analytics/events"), ("POST", "/v1/tours")]
    let (method, path) = requests[Int(first >> 6) % requests.count]
    let contentTypes: [String?] = ["application/json", "Application/JSON; charset=utf-8", "text/plain", nil]
    let contentType = contentTypes[Int(first >> 4) % contentTypes.count]
    let body = Array(input.dropFirst())
    let answer = AnalyticsIntake.answer(method: method, path: path, contentType: contentType, body: body.count > AnalyticsIntake.bodyLimit ? nil : body)
    if !AnalyticsIntake.isJSON(contentType: contentType), method == "POST", AnalyticsIntake.isEndpoint(path), answer.status != 413 {
        FuzzSupport.check(answer.status == 400, "a body sent as \(contentType ?? "no Content-Type") was read: status \(answer.status)")
    }
    FuzzSupport.check([204, 400, 404, 413].contains(answer.status), "status \(answer.status)")
    FuzzSupport.check((answer.status == 204) == (answer.body == nil), "status \(answer.status) with body \(String(describing: answer.body))")
    guard answer.status == 204 else {
        FuzzSupport.check(answer.events.isEmpty, "a refusal kept \(answer.events.count) events")
        return 0
    }
    FuzzSupport.check(!answer.events.isEmpty, "204 for a batch without events")
    let writer = JSONWriter(pretty: false)
    let file = answer.events.map { writer.write($0) + "\n" }.joined()
    let read: [ObservedAnalytics.Event]
    do {
        read = try ObservedAnalytics(parsing: file).events
    } catch {
        FuzzSupport.check(false, "check --observed refuses what collect accepted: \(error)\n\(file)")
        return 0
    }
    FuzzSupport.check(read.count == answer.events.count, "\(answer.events.count) events accepted, \(read.count) read back")
    for (event, value) in zip(read, answer.events) {
        FuzzSupport.check(event.name == value["name"]?.stringValue, "name \(event.name) read back from \(writer.write(value))")
        FuzzSupport.check(event.pointID == value["pointId"]?.stringValue, "pointId read back otherwise from \(writer.write(value))")
        FuzzSupport.check(event.time == value["timestamp"]?.stringValue.flatMap(ISO8601Time.parse), "timestamp read back otherwise from \(writer.write(value))")
    }
    return 0
}
