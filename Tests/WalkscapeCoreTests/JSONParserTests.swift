import Testing
import WalkscapeTestSupport
@testable import WalkscapeCore

@Suite struct JSONParserTests {
    @Test func parsesAllValueKindsAndKeepsKeyOrder() throws {
        let value = try JSONParser().parse(#"{"b": 1, "a": [true, false, null, "x\n\u00e9\ud83d\ude00"], "c": {"z": -0.5e2}}"#)
        expectTrue(value.objectMembers?.map(\.key) == ["b", "a", "c"])
        expectEqual(value["b"], .number("1"))
        expectEqual(value["a"], .array([.bool(true), .bool(false), .null, .string("x\né😀")]))
        expectTrue(value["c"]?["z"]?.doubleValue == -50)
    }

    @Test func keepsNumberTextForRoundTrips() throws {
        let text = "{\n  \"lat\": 45.0703,\n  \"big\": 12345678901234567890,\n  \"e\": 1E+3\n}\n"
        let value = try JSONParser().parse(text)
        expectEqual(JSONWriter().write(value), text)
    }

    @Test func skipsUTF8ByteOrderMark() throws {
        let value = try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        expectEqual(value, .array([.number("1")]))
    }

    @Test(arguments: [
        ("", 1, 1, "empty"),
        ("{\"a\": 1,\n  \"b\": [1, 2", 2, 13, "truncated"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
        ("[1, 2,]", 1, 6, "a trailing comma after the array's last element: JSON allows none before ']'; delete this ','"),
        ("{\"a\": 1,\n  \"b\": 2,\n}", 2, 9, "a trailing comma after the object's last member: JSON allows none before '}'; delete this ','"),
        ("{\"a\": 1, 2}", 1, 10, "expected a member name in double quotes"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate member \"a\""),
        ("[01]", 1, 3, "leading zeros"),
        ("\"abc", 1, 5, "inside the string that starts at line 1, column 1"),
        ("[1] x", 1, 5, "after the end"),
        ("{\"a\": tru}", 1, 7, "expected 'true'"),
        ("[\"\\ud800\"]", 1, 9, "surrogate"),
        ("\u{7}", 1, 1, "expected a value"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(input: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try JSONParser().parse(input)
            Issue.record("expected an error for \(input.debugDescription)")
        } catch {
            expectEqual(error.line, line, "\(error)")
            expectEqual(error.column, column, "\(error)")
            expectTrue(error.message.contains(fragment), "\(error)")
        }
    }

    @Test func refusesDeepNestingInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse(deep) }
    }

    @Test func refusesInvalidUTF8InStrings() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func writerEscapesControlCharactersAndKeepsUnicode() throws {
        let value = JSONValue.object([("t", .string("a\"b\\c\u{1}é\u{2028}"))])
        let text = JSONWriter(pretty: false).write(value)
        #expect(text == #"{"t":"a\"b\\c\u0001é\u2028"}"#)
        try expectEqual(JSONParser().parse(text), value)
    }

    @Test func modifyChangesOnlyTheAddressedMember() {
        var value = JSONValue.object([("points", .array([.object([("x", .integer(1)), ("keep", .string("k"))])]))])
        value.modify(at: [.key("points"), .index(0)]) { $0.setMember("x", to: .integer(2)) }
        value.modify(at: [.key("points"), .index(5)]) { $0 = .null }
        expectTrue(value["points"]?.arrayElements?.first == .object([("x", .integer(2)), ("keep", .string("k"))]))
    }
}
