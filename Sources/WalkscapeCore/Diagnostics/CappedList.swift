/// A list of per-item reports (warnings) that keeps the first `limit` and only counts the rest, so a file with
/// a million bad items costs a counter, not a million messages.
///
/// Commands print the kept items and then `moreLine` ("… and 999980 more warnings").
public struct CappedList<Element: Sendable>: Sendable {
    /// How many warnings a command prints per file before summing up the rest.
    public static var defaultLimit: Int { 20 }

    /// The most items kept.
    public let limit: Int
    /// The first `limit` items, in the order they were appended.
    public private(set) var items: [Element] = []
    /// How many items were appended in all.
    public private(set) var total = 0

    public init(limit: Int = CappedList.defaultLimit) {
        self.limit = max(0, limit)
    }

    /// How many items were counted but not kept.
    public var omitted: Int { total - items.count }

    /// Counts one item; `item` is only evaluated when it is kept.
    public mutating func append(_ item: @autoclosure () -> Element) {
        total += 1
        if items.count < limit { items.append(item()) }
    }

    /// Counts `count` more items that were not kept (already left out elsewhere).
    public mutating func countOmitted(_ count: Int) {
        total += max(0, count)
    }

    /// The line that sums up the items not kept ("… and 12 more warnings"), nil when every item was kept.
    public func moreLine(_ noun: String = "warning") -> String? {
        CappedList.moreLine(omitted: omitted, noun)
    }

    /// "… and N more warnings" for `omitted` items not shown, nil when none.
    public static func moreLine(omitted: Int, _ noun: String = "warning") -> String? {
        omitted > 0 ? "… and \(omitted) more \(noun)\(omitted == 1 ? "" : "s")" : nil
    }
}
