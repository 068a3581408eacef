import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

/// `JSONTextSplicer`: values replaced where they stand, every other byte kept.
@Suite struct JSONTextSplicerTests {
    static let text = "\u{FEFF}{ \"a\\u0062\" :[1 , {\"r\":  2.50e0 ,\"s\":\"x\\\"}\"}],\r\n\t\"r\":7,\"r\":8 ,\"t\":[[],{}], \"u\": null}"

    func splice(_ replacements: [JSONPath: String], _ text: String = text) throws -> String {
        String(decoding: try JSONTextSplicer(replacements: replacements).apply(to: Array(text.utf8)), as: UTF8.self)
    }

    @Test func replacesOnlyTheNamedValuesKeepingEveryOtherByte() throws {
        let inner = JSONPath([.key("ab"), .index(1), .key("r")])
        let result = try splice([inner: "125", JSONPath([.key("u")]): "true"])
        expectEqual(result, Self.text.replacingOccurrences(of: "2.50e0", with: "125").replacingOccurrences(of: "null", with: "true"))
        let plain = try splice([JSONPath([.key("r")]): "3"], "{\"r\" :\t1.0}")
        expectEqual(plain, "{\"r\" :\t3}")
        try expectEqual(JSONParser().parse(plain)["r"], .number("3"))
    }

    @Test func replacesEveryOccurrenceOfARepeatedKey() throws {
        let result = try splice([JSONPath([.key("r")]): "9"])
        expectContains(result, "\"r\":9,\"r\":9 ,")
        expectContains(result, "2.50e0")  // the nested "r" is another path
    }

    @Test func refusesAPathThatIsNotThereAndTextThatIsNotJSON() {
        #expect(throws: JSONTextSplicer.SpliceError.self) { try splice([JSONPath([.key("missing")]): "1"]) }
        #expect(throws: JSONTextSplicer.SpliceError.self) { try splice([JSONPath([.key("a")]): "1"], "{\"a\": 1") }
        #expect(throws: JSONTextSplicer.SpliceError.self) { try splice([JSONPath([.key("a")]): "1"], "{\"a\": 1} x") }
        #expect(throws: JSONTextSplicer.SpliceError.self) { try splice([JSONPath([.key("a")]): "1"], "{\"a\": tru}") }
        #expect(throws: JSONTextSplicer.SpliceError.self) {
            try splice([JSONPath([.key("a")]): "1"], String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000))
        }
    }
}
