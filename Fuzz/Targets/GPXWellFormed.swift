// fuzz-flags: -I Sources/CLibXML2 -Xcc -I/usr/include/libxml2
import CLibXML2
import Foundation
import WalkscapeCore
import WalkscapeTraces

/// Differential: the GPX reader against libxml2's well-formedness verdict on the same bytes. A document that
/// libxml2 rejects (what `xmllint --noout --nonet` rejects) must not give fixes.
///
/// libxml2 parses without loading anything from the network or a DTD file and without substituting entities,
/// so that only well-formedness is judged.
#if LIBFUZZER
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzGPXWellFormed(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzSupport.bytes(start, count)
    var parser = GPXStreamParser()
    guard let (trace, _) = try? parser.parse(input), trace.count > 0 else { return 0 }
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    xmlResetLastError()
    let document = input.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            xmlReadMemory(chars.baseAddress, Int32(chars.count), "input.gpx", nil, options)
        }
    }
    if document == nil {
        // libxml2's own words (line and message), so that a failure in CI says what it found wrong.
        let verdict = xmlGetLastError().map { error in
            "line \(error.pointee.line): " + (error.pointee.message.map { String(cString: $0) } ?? "no message")
        } ?? "no error recorded"
        FuzzSupport.check(false, "libxml2 rejects the document (\(verdict.trimmingCharacters(in: .whitespacesAndNewlines))), but the GPX reader read \(trace.count) fixes from it")
    }
    xmlFreeDoc(document)
    return 0
}
