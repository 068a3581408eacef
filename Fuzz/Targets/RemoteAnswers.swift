import WalkscapeCore
import WalkscapeRemoteModel

/// Every API answer shape the client reads (tour list, tour detail, points, manifest, voucher answer), each
/// tried on the same parsed JSON; and when the document is `{"bundles": [{"language", "detail", "points",
/// "manifest"}, …]}`, the languages that decode are merged by `TourAssembler` as `download` does.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzRemoteAnswers(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    guard let json = try? JSONParser().parse(input) else { return 0 }
    _ = try? RemoteTourSummary.decodeList(json)
    _ = try? RemoteTourDetail(json, language: "it")
    _ = try? RemotePoint.decodeList(json, language: "it")
    _ = try? RemoteManifest(json, language: "it")
    _ = try? RemoteVoucherAnswer(json).refusal(code: "CODE", now: 1_780_000_000)
    guard let bundles = json["bundles"]?.arrayElements else { return 0 }
    var decoded: [RemoteLanguageBundle] = []
    for bundle in bundles {
        guard let language = bundle["language"]?.stringValue, let detail = bundle["detail"], let points = bundle["points"],
            let manifest = bundle["manifest"],
            let detail = try? RemoteTourDetail(detail, language: language),
            let points = try? RemotePoint.decodeList(points, language: language),
            let manifest = try? RemoteManifest(manifest, language: language)
        else { continue }
        decoded.append(RemoteLanguageBundle(language: language, detail: detail, points: points, manifest: manifest))
    }
    guard let tour = try? TourAssembler.assemble(decoded, source: nil) else { return 0 }
    // `totalBytes` is left out: it overflows on sizes near 2^63 (issue 13, C6, fixed elsewhere).
    _ = tour.completed(Dictionary(tour.files.map { ($0.localPath, (size: 1, sha256: "00")) }, uniquingKeysWith: { a, _ in a }))
    return 0
}
