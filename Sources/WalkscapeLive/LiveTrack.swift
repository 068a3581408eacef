import Foundation
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeSystem

/// `walkscape track`: a live walk from a gpsd or an NMEA stream through the runtime's `Walk`, each event
/// handed on as it happens, until the source ends or a stop signal arrives.
///
/// The fixes go from a `LiveFixReader` (its own thread) into a `FixQueue`, optionally through a
/// `GPXRecorder` first, and the walk takes them on the chosen clock (`LiveClock`): on the GPS clock the
/// timeline is the one `simulate` gives for the same fixes, however fast they came.
public struct LiveTrack {
    /// Asks the loop to stop (by default, a stop signal while `StopSignals` watches); the one token its work polls.
    public var stop: StopToken = StopSignals.token()
    /// What ended the walk.
    public enum Ending: Equatable, Sendable {
        /// The source ended (gpsd closed, the stream broke): why.
        case sourceEnded(String)
        /// A stop signal (its number).
        case interrupted(Int32)
    }

    /// How the walk ended, and what it saw.
    public struct Outcome: Sendable {
        public var ending: Ending
        public var timeline: Timeline
        public var engine: EngineState
        /// Fixes taken from the source, fixes dropped as older than the one before, fixes dropped as far from
        /// the others' time (`FixTimeGate`), lines it could not read.
        public var fixes: Int
        public var dropped: Int
        public var far: Int = 0
        public var unreadable: (count: Int, first: String?)
        /// What the NMEA parser counted over the stream (bad checksums, void fixes, …), one line a kind.
        public var streamWarnings: [String] = []
        /// Fixes written to `--record`, and why recording stopped early (nil: it did not).
        public var recorded: Int?
        public var recordFailure: String?
    }

    public var tour: EngineTour
    public var policy: EnginePolicy
    public var address: GPSSourceAddress
    public var clock: LiveClock
    /// `--record FILE`: every fix received is written there as it arrives.
    public var recordPath: String?
    /// `--idle-timeout S`: the walk ends when nothing came from the source for this long (nil: never).
    public var idleTimeout: Double?
    /// The tour's points and route vertices (`ReplayTour.reachTargets`): positions far from them are warned about.
    public var reachTargets: [LatLng] = []
    /// The wait between steps of the walk when no fix arrives (the walk also steps at once on each fix).
    public var tick = 0.05

    public init(
        tour: EngineTour, policy: EnginePolicy, address: GPSSourceAddress, clock: LiveClock, recordPath: String? = nil, idleTimeout: Double? = nil
    ) {
        self.idleTimeout = idleTimeout
        self.tour = tour
        self.policy = policy
        self.address = address
        self.clock = clock
        self.recordPath = recordPath
    }

    /// Runs the walk: `sinks` hear every update (a `TimelineSink` that prints each event, say), `status` gets
    /// one line when the source connects and one for each warning while the walk goes on. Stops when `stop` fires (a signal, with
    /// `StopSignals` installed by the caller). Throws one line when the source cannot be reached or the record file cannot be made.
    public func run(sinks: [any WalkSink], status: (String) -> Void) throws(LiveError) -> Outcome {
        let monotonic = SystemClock()
        let feed = try LiveFeed(
            address: address, clock: clock, recordPath: recordPath, idleTimeout: idleTimeout, reachTargets: reachTargets, monotonic: monotonic)
        let queue = feed.queue
        status("walkscape track: reading \(address.description) on the \(clock == .gps ? "GPS" : "wall") clock"
            + (recordPath.map { ", recording to \(TerminalText.sanitize($0))" } ?? ""))
        let timeline = TimelineSink()
        let everySink: [any WalkSink] = [timeline] + sinks
        var walk = Walk(tour: tour, policy: policy, source: queue, speed: 1)
        // The walk returns its updates; the loop hands each to the sinks.
        for sink in everySink { sink.take(walk.startUpdate, from: walk) }
        var last = monotonic.now()
        var ending: Ending
        while true {
            let signal = stop.signal
            if signal != 0 {
                ending = .interrupted(signal)
                break
            }
            if queue.isFinished {
                ending = .sourceEnded(queue.endReason ?? "the source ended")
                break
            }
            feed.waitForFix(seconds: tick)
            for warning in feed.takeWarnings() { status("walkscape track: warning: \(warning)") }
            let now = monotonic.now()
            let update = walk.step(wallSeconds: now - last)
            for sink in everySink { sink.take(update, from: walk) }
            last = now
        }
        feed.stop()
        for warning in feed.takeWarnings() { status("walkscape track: warning: \(warning)") }
        let end = walk.endNow()
        for sink in everySink { sink.take(end, from: walk) }
        let counts = queue.counts
        let gated = feed.droppedFixes
        return Outcome(
            ending: ending, timeline: timeline.timeline(withheldFixes: walk.driver.withheldFixes), engine: walk.engine, fixes: counts.pushed,
            dropped: counts.dropped + gated.older, far: gated.far, unreadable: feed.problems, streamWarnings: feed.nmeaWarnings,
            recorded: feed.recorder?.fixes, recordFailure: feed.recorder?.failure)
    }
}
