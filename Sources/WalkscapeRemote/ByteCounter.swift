import Foundation
import Synchronization

/// A byte count shared between the thread that receives and the one that shows progress.
final class ByteCounter: Sendable {
    private let count = Atomic<Int>(0)

    init() {}

    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
