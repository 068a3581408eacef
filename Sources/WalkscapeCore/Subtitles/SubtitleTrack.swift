/// Subtitle cues ordered for lookup by playback position: which cues show at a given millisecond, in
/// O(log n) for files without pathological nesting.
///
/// Overlapping cues are all shown (in start order); zero-length cues never show but count for `next`.
public struct SubtitleTrack: Sendable, Equatable {
    /// The cues sorted by start time (stable: equal starts keep file order).
    public let cues: [SubtitleCue]
    /// `maxEnd[i]` = the latest end among `cues[0...i]`, so a backward scan can stop early.
    private let maxEnd: [Int]

    public init(_ cues: [SubtitleCue]) {
        let sorted = cues.enumerated().sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
        self.cues = sorted
        var running = Int.min
        maxEnd = sorted.map { cue in
            running = max(running, cue.endMs)
            return running
        }
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
        guard var index = lastStarted(atOrBefore: ms) else { return [] }
        var found: [SubtitleCue] = []
        while index >= 0 && maxEnd[index] > ms {
            if cues[index].endMs > ms { found.append(cues[index]) }
            index -= 1
        }
        return found.reversed()
    }

    /// The first cue starting after `ms`.
    public func next(after ms: Int) -> SubtitleCue? {
        let index = (lastStarted(atOrBefore: ms) ?? -1) + 1
        return index < cues.count ? cues[index] : nil
    }

    /// The cue before the ones showing at `ms` (the "previous line" a player dims), if any.
    public func previous(before ms: Int) -> SubtitleCue? {
        guard let index = lastStarted(atOrBefore: ms) else { return nil }
        var i = index
        while i >= 0 {
            if cues[i].endMs <= ms { return cues[i] }
            i -= 1
        }
        return nil
    }
}
