/// The few JavaScript behaviours of `admin-analytics.service.ts` that change a figure, written once so the
/// port keeps them: `Math.round`, the text `JSON.stringify` gives a number, the order `Object.entries` lists
/// a record's keys in, and Postgres's case-insensitive `contains` (Prisma's `mode: 'insensitive'`, an ILIKE).
public enum JSSemantics {
    /// `Math.round(x)`: the nearest integer, halves towards +infinity (`Math.round(2.5) == 3`,
    /// `Math.round(-2.5) == -2`), exactly (not `floor(x + 0.5)`, which is wrong just below a half).
    /// Used by every average and percentage (efba3ee L146-149, L189, L229-231, L240, L252-268, L339-341).
    public static func round(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        let floor = x.rounded(.down)
        // x - floor is exact for every double, so the comparison with one half is too.
        let result = x - floor >= 0.5 ? floor + 1 : floor
        return result == 0 ? 0 : result  // -0 prints as 0 in JSON, as JSON.stringify writes it
    }

    /// `Math.round(numerator / denominator * 1000) / 10`: a share in percent with one decimal, 0 when the
    /// denominator is 0 (the service's `total > 0 ? … : 0`).
    public static func percent(_ numerator: Int, of denominator: Int) -> Double {
        denominator > 0 ? round(Double(numerator) / Double(denominator) * 1000) / 10 : 0
    }

    /// `Math.round(total / count * 10) / 10`, 0 when the count is 0.
    public static func average(_ total: Double, over count: Int) -> Double {
        count > 0 ? round(total / Double(count) * 10) / 10 : 0
    }

    /// `Math.round(x * 100) / 100`: euros to the cent.
    public static func cents(_ x: Double) -> Double { round(x * 100) / 100 }

    /// The text `JSON.stringify` writes for a finite number: integers without a fraction (`12`, not `12.0`),
    /// other values in the shortest form that reads back to the same double (`12.3`).
    public static func numberText(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e21 {
            if abs(x) < 9.2e18 { return String(Int64(x)) }
        }
        // Swift's description is the shortest round-trip form too; only the exponent's spelling differs
        // (Swift `1e-05`, JavaScript `1e-5`; Swift `1e+22`, JavaScript `1e+22`).
        var text = x.description
        if let e = text.firstIndex(of: "e") {
            var exponent = String(text[text.index(after: e)...])
            let sign = exponent.first == "-" ? "-" : "+"
            exponent = String(exponent.drop { $0 == "-" || $0 == "+" || $0 == "0" })
            text = String(text[..<e]) + "e" + sign + exponent
        }
        return text
    }

    /// The order `Object.entries` lists a record's keys in: keys that are array indices (`"0"` to
    /// `"4294967294"`, no leading zero) first, in numeric order, then the others in insertion order.
    /// `keys` is in insertion order. (efba3ee L185, L225, L236: the breakdowns are built from records.)
    public static func entriesOrder(_ keys: [String]) -> [String] {
        let indices = keys.filter(isArrayIndex).sorted { UInt64($0)! < UInt64($1)! }
        return indices + keys.filter { !isArrayIndex($0) }
    }

    static func isArrayIndex(_ key: String) -> Bool {
        guard let first = key.utf8.first, key.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), key.utf8.count <= 10 else { return false }
        if first == 48 && key.utf8.count > 1 { return false }
        return UInt64(key)! <= 4_294_967_294
    }

    /// Prisma's `{ contains: word, mode: 'insensitive' }` on Postgres (`ILIKE '%word%'`): whether `text`
    /// holds `word` ignoring letter case, compared scalar by scalar as Postgres compares characters.
    public static func containsInsensitive(_ text: String, _ word: String) -> Bool {
        let haystack = Array(text.lowercased().unicodeScalars)
        let needle = Array(word.lowercased().unicodeScalars)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
