import WalkscapeCore

/// A point a walk never played, and why, read from the walk's engine events: what the incomplete-walk
/// screen lists.
public struct MissedPoint: Sendable, Equatable {
    /// Why a point was not played.
    public enum Reason: String, Sendable, Equatable {
        /// The walker never came inside its region.
        case neverEntered
        /// The walker was inside while audio played and the queue had no room (`queueDepth`).
        case enteredWhileQueueFull
        /// The walker was inside only before the points before it had played (points play in order).
        case enteredOutOfOrder
        /// The walker was inside as the next point with room to play it, but left before enough fixes
        /// confirmed it (`confirmFixes`).
        case enteredTooBriefly
        /// The engine skipped it when a later region was entered (`skipMissed`).
        case skipped
    }

    public var order: Int
    public var title: String
    public var reason: Reason

    public init(order: Int, title: String, reason: Reason) {
        self.order = order
        self.title = title
        self.reason = reason
    }

    /// The reason in words (an English key of `UIStrings`).
    public static func describe(_ reason: Reason) -> String {
        switch reason {
        case .neverEntered: return "never entered"
        case .enteredWhileQueueFull: return "entered while the queue was full"
        case .enteredOutOfOrder: return "entered before the points before it"
        case .enteredTooBriefly: return "entered too briefly to trigger"
        case .skipped: return "skipped (a later point was entered)"
        }
    }

    /// Every point of `orders` (1…N) not triggered in `events`, with its reason; `titles` by order.
    public static func classify(events: [EngineEvent], orders: [Int], titles: [Int: String], queueDepth: Int) -> [MissedPoint] {
        var done: [Int: Double] = [:]  // order → time it was triggered or skipped
        var skipped: Set<Int> = []
        for event in events {
            guard let point = event.point else { continue }
            if event.kind == .pointTriggered || event.kind == .pointSkipped, done[point] == nil { done[point] = event.t }
            if event.kind == .pointSkipped { skipped.insert(point) }
        }
        // The audio and queue as they stood once everything at an entry's moment had happened (a fix's
        // entries come before the triggers it causes).
        var entries: [Int: [(t: Double, busy: Bool)]] = [:]
        var playing = false
        var queueLength = 0
        var start = 0
        while start < events.count {
            var end = start
            while end < events.count && events[end].t == events[start].t {
                let event = events[end]
                switch event.kind {
                case .audioStarted: playing = true
                case .audioFinished: playing = false
                default: break
                }
                queueLength = event.queueLength
                end += 1
            }
            for event in events[start..<end] where event.kind == .pointEntered {
                if let point = event.point { entries[point, default: []].append((event.t, playing && queueLength >= queueDepth)) }
            }
            start = end
        }
        var missed: [MissedPoint] = []
        for order in orders where done[order] == nil || skipped.contains(order) {
            let reason: Reason
            if skipped.contains(order) {
                reason = .skipped
            } else if let visits = entries[order], !visits.isEmpty {
                let inTurn = visits.filter { visit in orders.allSatisfy { $0 >= order || (done[$0].map { $0 <= visit.t } ?? false) } }
                if inTurn.isEmpty {
                    reason = .enteredOutOfOrder
                } else {
                    reason = inTurn.contains { $0.busy } ? .enteredWhileQueueFull : .enteredTooBriefly
                }
            } else {
                reason = .neverEntered
            }
            missed.append(MissedPoint(order: order, title: titles[order] ?? "", reason: reason))
        }
        return missed
    }
}
