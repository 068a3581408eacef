/// The name a misspelt one most likely meant, by edit distance, for "did you mean …?" messages.
public enum ClosestName {
    /// The candidate closest to `name` (fewest insertions, deletions and substitutions, ignoring case; ties go
    /// to the earlier candidate), or nil when even the closest needs more than a third of the name's length in
    /// edits (at least 2 allowed).
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let limit = max(2, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(name.lowercased(), candidate.lowercased())
            if d <= limit, d < best?.distance ?? Int.max { best = (candidate, d) }
        }
        return best?.name
    }

    /// The Levenshtein distance between `a` and `b`, in characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
