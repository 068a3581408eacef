/// Subtitle cues ordered for lookup by playback position: which cues show at a given millisecond.
///
/// A cue shows from its start (inclusive) to its end (exclusive). Overlapping and nested cues are all
/// shown (in start order, equal starts in file order); zero-length cues never show but count for `next`
/// and `previous`. Every lookup is O(log n), plus O(log n) per cue returned by `active(at:)`, however the
/// cues nest: a binary search over the starts, then a walk down trees of the latest and earliest ends.
public struct SubtitleTrack: Sendable, Equatable {
    /// The cues sorted by start time (stable: equal starts keep file order).
    public let cues: [SubtitleCue]
    /// A segment tree over `cues` by position: leaf `leaves + i` holds `cues[i].endMs`, each inner node the
    /// latest end of its two children (`Int.min` for padding), so a search skips subtrees that have all ended.
    private let maxEnd: [Int]
    /// The same tree with the earliest end (`Int.max` for padding), to find the cues that have ended.
    private let minEnd: [Int]
    /// The number of leaves: the smallest power of two ≥ `cues.count` (at least 1).
    private let leaves: Int

    public init(_ cues: [SubtitleCue]) {
        let sorted = cues.enumerated().sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
        self.cues = sorted
        var leaves = 1
        while leaves < sorted.count { leaves *= 2 }
        var high = [Int](repeating: Int.min, count: 2 * leaves)
        var low = [Int](repeating: Int.max, count: 2 * leaves)
        for (i, cue) in sorted.enumerated() {
            high[leaves + i] = cue.endMs
            low[leaves + i] = cue.endMs
        }
        var node = leaves - 1
        while node >= 1 {
            high[node] = max(high[2 * node], high[2 * node + 1])
            low[node] = min(low[2 * node], low[2 * node + 1])
            node -= 1
        }
        self.leaves = leaves
        maxEnd = high
        minEnd = low
    }

    /// The index of the last cue starting at or before `ms`, or nil when none has started.
    func lastStarted(atOrBefore ms: Int) -> Int? {
        var low = 0
        var high = cues.count
        while low < high {
            let mid = (low + high) / 2
            if cues[mid].startMs <= ms { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The cues showing at `ms`: started at or before it and ending after it, in start order.
    public func active(at ms: Int) -> [SubtitleCue] {
        guard let last = lastStarted(atOrBefore: ms) else { return [] }
        var found: [SubtitleCue] = []
        // Visits, left to right, the subtrees within positions 0...last that hold a cue ending after `ms`.
        func collect(_ node: Int, _ low: Int, _ high: Int) {
            guard low <= last, maxEnd[node] > ms else { return }
            if node >= leaves {
                found.append(cues[low])
                return
            }
            let mid = (low + high) / 2
            collect(2 * node, low, mid)
            collect(2 * node + 1, mid + 1, high)
        }
        collect(1, 0, leaves - 1)
        return found
    }

    /// The first cue starting after `ms` (strictly), if any.
    public func next(after ms: Int) -> SubtitleCue? {
        let index = (lastStarted(atOrBefore: ms) ?? -1) + 1
        return index < cues.count ? cues[index] : nil
    }

    /// The first moment after `ms` at which what shows changes: the next cue's start or the end of a cue
    /// showing now, whichever comes first; nil when nothing changes any more.
    public func nextChange(after ms: Int) -> Int? {
        let ends = active(at: ms).map(\.endMs).filter { $0 > ms }
        return ([next(after: ms)?.startMs].compactMap { $0 } + ends).min()
    }

    /// The cue before the ones showing at `ms` (the "previous line" a player dims), if any: among the cues
    /// that have ended by `ms` (end ≤ `ms`), the one that started last (the later in file order on a tie).
    public func previous(before ms: Int) -> SubtitleCue? {
        guard let last = lastStarted(atOrBefore: ms) else { return nil }
        // The rightmost position in 0...last whose cue has ended: walk down, right child first, into
        // subtrees whose earliest end is at or before `ms`.
        func find(_ node: Int, _ low: Int, _ high: Int) -> Int? {
            guard low <= last, minEnd[node] <= ms else { return nil }
            if node >= leaves { return low }
            let mid = (low + high) / 2
            return find(2 * node + 1, mid + 1, high) ?? find(2 * node, low, mid)
        }
        return find(1, 0, leaves - 1).map { cues[$0] }
    }
}
