import Foundation
import WalkscapeTUI
import WalkscapeTours

/// The offline map read on a thread of its own, so that the player draws, takes keys and stops on Ctrl-C or
/// SIGTERM while a large or hostile MBTiles file is read (within its budgets: `MBTilesBudget`). Polled once a
/// frame by the loop's thread.
public final class UnderlayLoader: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var taken = false
    private var underlay: MapUnderlay?

    /// The underlay for the route map of `replay`: its basemap (`TourBasemap`) with the streets along the
    /// route worked out once; nil when the tour has no tiles or they cannot be read.
    public static func underlay(for replay: ReplayTour) -> MapUnderlay? {
        guard let basemap = TourBasemap.basemap(replay.tour, at: replay.location) else { return nil }
        return MapUnderlay(basemap: basemap, route: TourBasemap.route(replay.tour))
    }

    /// Starts `load` (nil: no map) on a new thread.
    public init(_ load: @escaping @Sendable () -> MapUnderlay?) {
        let thread = Thread { [self] in
            let result = load()
            lock.lock()
            underlay = result
            finished = true
            lock.unlock()
        }
        // Decoding tiles recurses through protobuf messages: the main thread's stack size, not a worker's.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The map once read (`.some(nil)`: none, or it could not be read), given once; nil while it is being read
    /// and after it was given.
    public func take() -> MapUnderlay?? {
        lock.lock()
        defer { lock.unlock() }
        guard finished && !taken else { return nil }
        taken = true
        return .some(underlay)
    }
}
