import Foundation
import WalkscapeTours

/// The recordings a player's audio sink opens: the current version of the tour, which `play --watch` swaps
/// for the reloaded one on the loop's thread while the sink's loader thread reads it.
final class RecordingPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var current: ReplayTour

    init(_ replay: ReplayTour) {
        current = replay
    }

    /// The tour the player plays now.
    var replay: ReplayTour {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// The path of point `order`'s recording in the narration language (nil: none).
    func path(point order: Int) -> String? {
        replay.audioPath(point: order)
    }
}
