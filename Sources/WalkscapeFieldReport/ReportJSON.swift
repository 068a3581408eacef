import Foundation

/// The report's data as the bytes inlined into the page: compact JSON, keys sorted, safe inside a
/// `<script type="application/json">` element.
///
/// Same data, same bytes: the keys are sorted, the numbers were rounded when they were made
/// (`ReportRounding`) and are printed in their shortest form, slashes are left as they are. Then every `<`,
/// `>` and `&` becomes `\u003c`, `\u003e`, `\u0026`, and U+2028 and U+2029 become `\u2028` and `\u2029`, so
/// no text from a user's file can end the script element or a JavaScript string. Those characters only
/// occur inside JSON strings, where the escapes mean the same characters.
public enum ReportJSON {
    /// The encoded data, escaped for a script element.
    public static func encode(_ data: ReportData) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapedForScript(Array(try encoder.encode(data)))
    }

    /// `json` with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes.
    public static func escapedForScript(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 64)
        var i = 0
        while i < json.count {
            let byte = json[i]
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            case 0xE2 where i + 2 < json.count && json[i + 1] == 0x80 && (json[i + 2] == 0xA8 || json[i + 2] == 0xA9):
                out += Array((json[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(byte)
            }
            i += 1
        }
        return out
    }
}
