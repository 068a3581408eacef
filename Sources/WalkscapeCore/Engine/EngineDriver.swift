/// Drives the trigger engine one fix at a time: the only place the walk's clock, the phone's fix-delivery
/// filter and the reducer meet. `simulate` folds a whole trace through it, the player feeds it from a replay
/// clock, a live receiver can feed it fixes as they arrive, and the radius analysis replays one walk through it
/// many times with the phone's delivery decided once (`receive(_:delivered:into:)`, `EngineRadiusReplay`); all
/// get the same events for the same fixes.
///
/// The walk's clock counts seconds from the first fix received (`origin`). A fix the phone would not deliver
/// (`EnginePolicy.fixDelivery`) only moves the clock (`.advance`), as in the app.
public struct EngineDriver: Sendable {
    /// The engine's state (what plays, what is queued, which points triggered).
    public private(set) var state: EngineState
    /// Which fixes reach the engine.
    public private(set) var delivery: FixDeliveryFilter
    /// The first fix's time (seconds since 1970), nil before any fix.
    public private(set) var origin: Double?
    /// Fixes received so far.
    public private(set) var received = 0
    /// The last fix received (the walker's position), nil before the first.
    public private(set) var lastFix: Fix?
    /// The last fix the phone delivered to the app, nil before the first.
    public private(set) var lastDeliveredFix: Fix?
    /// True once `end()` has run: no fix is taken after it.
    public private(set) var ended = false
    /// Fixes the app did not get because the screen was locked (`EnginePolicy.device`).
    public private(set) var lockedFixes = 0
    /// True once the app was killed (`DeviceScenario.killedAt`).
    public private(set) var killed = false
    /// The policy's screen locks and kill, read once here: `receive` runs for every fix.
    private let device: DeviceScenario?
    /// Fixes withheld so far (`withheldFixes`).
    private var withheld = 0

    /// A driver for `tour` under `policy`, not started yet (`start(into:)`; any other call starts it first).
    /// `phase` moves the phone's delivery grid (`FixDeliveryFilter`, `--phases`); minimum moves are measured
    /// on the policy's `distanceModel`.
    public init(tour: EngineTour, policy: EnginePolicy = .standard, phase: Double = 0) {
        state = EngineState(tour: tour, policy: policy)
        delivery = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel, phase: phase)
        device = policy.device
    }

    public var tour: EngineTour { state.tour }
    public var policy: EnginePolicy { state.policy }
    /// The engine's clock: seconds since the first fix, as far as fixes and `advance` have moved it.
    public var clock: Double { state.clock }
    /// Fixes the phone withheld so far (by the driver's filter, or by the caller's decision in
    /// `receive(_:delivered:into:)`); fixes the locked screen kept from the app are `lockedFixes`.
    public var withheldFixes: Int { withheld }
    /// A fix's time on the walk's clock (seconds since the first fix; 0 before any).
    public func walkTime(of fix: Fix) -> Double { fix.time - (origin ?? fix.time) }

    /// The walk starts at t = 0 (`tour_started`).
    public mutating func start(into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .start, into: &events)
    }

    /// Takes one fix: the clock moves to its time, and the engine sees it when the phone delivers it.
    /// Returns whether it was delivered. Fixes after `end` are ignored (returns false).
    @discardableResult
    public mutating func receive(_ fix: Fix, into events: inout [EngineEvent]) -> Bool {
        guard let t = admit(fix, into: &events) else { return false }
        return take(fix, at: t, delivered: delivery.delivers(t: t, location: fix.location), into: &events)
    }

    /// Takes one fix whose delivery the caller has decided: exactly `receive(_:into:)` (the origin, the
    /// counters, the screen locks and the kill, `.advance` for a withheld fix) except that `delivered`
    /// replaces the driver's own `FixDeliveryFilter`, which is not consulted.
    ///
    /// For a caller that decides delivery once for many replays of one walk (`EngineRadiusReplay`): the
    /// decisions must be the ones the filter would make, fed the fixes `receive` feeds it — every fix
    /// received before `end`, except those the screen lock keeps from the app, which ignore `delivered`.
    /// Returns whether the engine got the fix as a fix (false after `end`, when killed or locked, or withheld).
    @discardableResult
    public mutating func receive(_ fix: Fix, delivered: Bool, into events: inout [EngineEvent]) -> Bool {
        guard let t = admit(fix, into: &events) else { return false }
        return take(fix, at: t, delivered: delivered, into: &events)
    }

    /// The part of `receive` before delivery is decided: the fix's walk time (setting the origin at the
    /// first fix), or nil when the fix goes no further — the walk has ended, the app is killed at or before
    /// it, or the locked screen keeps it from the app (it then only moves the clock).
    @inline(__always)
    private mutating func admit(_ fix: Fix, into events: inout [EngineEvent]) -> Double? {
        guard !ended else { return nil }
        let start: Double
        if let origin {
            start = origin
        } else {
            start = fix.time
            origin = start
        }
        let t = fix.time - start
        if let device {
            if let killedAt = device.killedAt, t >= killedAt {
                kill(at: killedAt, into: &events)
                return nil
            }
            if !device.positionsArrive(at: t) {
                received += 1
                lastFix = fix
                lockedFixes += 1
                TriggerEngine.reduce(&state, .advance(to: t), into: &events)
                return nil
            }
        }
        return t
    }

    /// The part of `receive` after delivery is decided: a delivered fix reaches the engine, a withheld one
    /// only moves the clock (`.advance`). Returns `delivered`.
    @inline(__always)
    private mutating func take(_ fix: Fix, at t: Double, delivered: Bool, into events: inout [EngineEvent]) -> Bool {
        received += 1
        lastFix = fix
        if delivered {
            lastDeliveredFix = fix
            TriggerEngine.reduce(&state, .fix(t: t, location: fix.location, accuracy: fix.accuracy), into: &events)
            return true
        }
        withheld += 1
        TriggerEngine.reduce(&state, .advance(to: t), into: &events)
        return false
    }

    /// Time passes to `t` (seconds since the first fix) with no fix: audio that ends by then finishes.
    public mutating func advance(to t: Double, into events: inout [EngineEvent]) {
        guard !ended else { return }
        TriggerEngine.reduce(&state, .advance(to: t), into: &events)
    }

    /// No more fixes: the audio plays out and the tour ends, complete or not. Idempotent. When the app is to
    /// be killed (`DeviceScenario.killedAt`), time runs on to that moment first (the app keeps playing after
    /// the trace ends), and the kill ends the walk instead.
    public mutating func end(into events: inout [EngineEvent]) {
        if !killed, !state.ended, let killedAt = device?.killedAt {
            kill(at: max(killedAt, clock), into: &events)
        }
        if !killed { TriggerEngine.reduce(&state, .traceEnded, into: &events) }
        ended = true
    }

    /// The app's process dies at `t`: time runs on to it (audio that ends by then finishes, and may complete
    /// the tour); then, unless the tour completed, `app_killed` stops the playing audio (its point, when one
    /// played) and names the next point and the points never triggered. Nothing happens after it.
    mutating func kill(at t: Double, into events: inout [EngineEvent]) {
        guard !killed else { return }
        killed = true
        ended = true
        TriggerEngine.reduce(&state, .advance(to: t), into: &events)
        if state.ended { return }
        let playing = state.playing?.point
        state.playing = nil
        let missed = state.tour.points.indices.filter { !state.triggered[$0] }.map { state.tour.points[$0].order }
        events.append(EngineEvent(t: t, kind: .appKilled, point: playing, queueLength: 0, next: state.next, missed: missed))
        state.ended = true
    }

    // MARK: Controls (the listener's keys), at time `t` (default: the engine's clock)

    /// Moves the playing audio to `offset` seconds into it.
    public mutating func seekAudio(to offset: Double, at t: Double? = nil, into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .seekAudio(to: offset, at: t ?? clock), into: &events)
    }

    /// Skips the rest of the playing audio: it finishes now and the queue moves on.
    public mutating func skipAudio(at t: Double? = nil, into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .skipAudio(at: t ?? clock), into: &events)
    }

    /// Replays point `point`'s audio from its start (never triggers or skips points).
    public mutating func replayAudio(point: Int, at t: Double? = nil, into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .replayAudio(point: point, at: t ?? clock), into: &events)
    }

    /// The profile's next button (`policy.manualControls`): under walkscape's controls this is `skipAudio`; on
    /// iOS it plays the screen's next point, on Android it moves the GPS cursor to it (`EngineAction.nextPoint`).
    public mutating func nextPoint(at t: Double? = nil, into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .nextPoint(at: t ?? clock), into: &events)
    }

    /// The profile's previous button (`policy.manualControls`; `EngineAction.previousPoint`).
    public mutating func previousPoint(at t: Double? = nil, into events: inout [EngineEvent]) {
        TriggerEngine.reduce(&state, .previousPoint(at: t ?? clock), into: &events)
    }
}
