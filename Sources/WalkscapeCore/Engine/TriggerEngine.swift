import Foundation

/// The sequential trigger queue as a pure reducer: `reduce(&state, action)` returns the events the action
/// caused, in time order. `simulate`, `check` and the terminal player all drive this one function.
///
/// Default rules (see `EnginePolicy` for the options):
/// - `next` starts at 1; a point triggers at most once.
/// - Before a fix at t, every audio that ends at or before t finishes in order: at its end e,
///   `audio_finished`, then, if a point is queued, it is dequeued and `audio_started` at e.
/// - At the fix, while point `next` exists and the fix is inside its region (distance ≤ radius, under the policy's `distanceModel`):
///   with nothing playing, `point_triggered` + `audio_started`; else, with fewer than `queueDepth` queued,
///   `point_triggered` + `point_queued`; else stop. After a trigger `next` += 1 and the loop goes on.
/// - After the last fix the audio plays out. When the last point's audio finishes and every point
///   triggered: `tour_completed`; when the trace has ended and audio drained with points never
///   triggered: `tour_incomplete` with `next` and the points missed.
/// - `point_entered`/`point_exited` report every region crossing, with exit hysteresis.
public enum TriggerEngine {
    /// Applies `action` to `state` and returns the events it caused.
    public static func reduce(_ state: inout EngineState, _ action: EngineAction) -> [EngineEvent] {
        var events: [EngineEvent] = []
        reduce(&state, action, into: &events)
        return events
    }

    /// Applies `action`, appending its events to `events` (the allocation-free form for long traces).
    public static func reduce(_ state: inout EngineState, _ action: EngineAction, into events: inout [EngineEvent]) {
        switch action {
        case .start:
            guard !state.started else { return }
            state.started = true
            state.clock = 0
            events.append(EngineEvent(t: 0, kind: .tourStarted, queueLength: 0))
        case let .advance(t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
        case let .fix(t, location, accuracy):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            if let gate = state.policy.minAccuracyMeters, accuracy > gate {
                state.ignoredFixes += 1
                return
            }
            evaluate(t: t, location: location, &state, &events)
        case let .seekAudio(offset, t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            guard let playing = state.playing else { return }
            let length = playing.endsAt - playing.startedAt
            let position = min(max(0, offset), length)
            state.playing = EngineState.Playing(point: playing.point, startedAt: t - position, endsAt: t - position + length)
            events.append(EngineEvent(t: t, kind: .audioSeeked, point: playing.point, queueLength: state.queue.count, audioSeconds: position))
            finishAudio(through: t, &state, &events)  // seeking to the very end finishes it
        case let .skipAudio(t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            skip(at: t, &state, &events)
        case let .replayAudio(point, t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            replay(point: point, at: t, &state, &events)
        case let .nextPoint(t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            manualStep(forward: true, at: t, &state, &events)
        case let .previousPoint(t):
            startIfNeeded(&state, &events)
            finishAudio(through: t, &state, &events)
            state.clock = max(state.clock, t)
            manualStep(forward: false, at: t, &state, &events)
        case .traceEnded:
            startIfNeeded(&state, &events)
            finishAudio(through: .infinity, &state, &events)
            guard !state.ended else { return }
            state.ended = true
            if !state.allTriggered {
                let missed = state.tour.points.indices.filter { !state.triggered[$0] }.map { state.tour.points[$0].order }
                events.append(EngineEvent(t: state.clock, kind: .tourIncomplete, queueLength: 0, next: nextOrder(state), missed: missed))
            }
        }
    }

    /// The next/previous buttons under the policy's `ManualControls` (see there for the upstream lines).
    static func manualStep(forward: Bool, at t: Double, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        let count = state.tour.points.count
        guard count > 0 else { return }
        /// Stops whatever plays (the app's `audioManager.stop()`): the narration is cut at `t`.
        func stop() {
            if let playing = state.playing {
                state.playing = nil
                events.append(EngineEvent(t: t, kind: .audioCut, point: playing.point, queueLength: state.queue.count))
            }
        }
        func complete() {
            stop()
            guard !state.ended else { return }
            state.ended = true
            let missed = state.tour.points.indices.filter { !state.triggered[$0] }.map { state.tour.points[$0].order }
            events.append(EngineEvent(t: t, kind: .tourCompleted, point: state.tour.points[count - 1].order, queueLength: 0, missed: missed.isEmpty ? nil : missed))
        }
        if state.ended && state.policy.appCursor?.completesOnReachingLastPoint == true { return }  // Android's player has closed
        switch state.policy.manualControls.navigation {
        case .walkscape:
            if forward {
                skip(at: t, &state, &events)
            } else if let previous = state.pointBeforeCurrent {
                replay(point: previous, at: t, &state, &events)
            }
        case .screenIndex:
            let screen = state.screenPoint
            if forward {
                guard screen < count else { return complete() }
                stop()
                state.manualScreenPoint = screen + 1
                startAudio(point: screen + 1, at: t, &state, &events)
            } else {
                guard screen > 1 else { return }
                stop()
                state.manualScreenPoint = screen - 1
                startAudio(point: screen - 1, at: t, &state, &events)
            }
        case .cursor:
            let target = forward ? state.cursor + 1 : state.cursor - 1
            if forward && state.cursor >= count { return complete() }
            guard target >= 1, target <= count else { return }
            stop()
            state.cursor = target
            state.manualScreenPoint = nil
            state.queue.removeAll()
            state.cursorActive = true
            state.triggered[target - 1] = true
            state.next = max(state.next, target + 1)
            let order = state.tour.points[target - 1].order
            events.append(EngineEvent(t: t, kind: .pointTriggered, point: order, queueLength: 0))
            startAudio(point: order, at: t, &state, &events)
        }
    }

    /// Ends the playing narration at `t` (the queue moves on): walkscape's skip and its next button.
    static func skip(at t: Double, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        guard let playing = state.playing else { return }
        state.playing = EngineState.Playing(point: playing.point, startedAt: playing.startedAt, endsAt: t)
        finishAudio(through: t, &state, &events)
    }

    /// Plays point `point`'s narration from its start at `t`, the playing one finishing there: walkscape's
    /// replay and its previous button.
    static func replay(point: Int, at t: Double, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        guard point >= 1, point <= state.tour.points.count else { return }
        if let playing = state.playing {
            state.playing = nil
            events.append(EngineEvent(t: t, kind: .audioFinished, point: playing.point, queueLength: state.queue.count))
        }
        startAudio(point: point, at: t, &state, &events)
    }

    static func nextOrder(_ state: EngineState) -> Int? {
        state.next <= state.tour.points.count ? state.tour.points[state.next - 1].order : nil
    }

    static func startIfNeeded(_ state: inout EngineState, _ events: inout [EngineEvent]) {
        if !state.started { reduce(&state, .start, into: &events) }
    }

    /// Finishes every audio that ends at or before `t`, starting queued audio at each end time.
    static func finishAudio(through t: Double, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        while let playing = state.playing, playing.endsAt <= t {
            let end = playing.endsAt
            state.playing = nil
            state.clock = max(state.clock, end)
            events.append(EngineEvent(t: end, kind: .audioFinished, point: playing.point, queueLength: state.queue.count))
            if state.policy.appCursor != nil {
                advanceCursor(at: end, &state, &events)
            } else if !state.queue.isEmpty {
                let point = state.queue.removeFirst()
                startAudio(point: point, at: end, &state, &events)
            } else if playing.point == state.tour.points.last?.order, state.allTriggered, !state.ended {
                state.ended = true
                events.append(EngineEvent(t: end, kind: .tourCompleted, point: playing.point, queueLength: 0))
            }
        }
    }

    /// App cursor: audio finished at `t`. When the current point has triggered, the cursor moves on (or the
    /// tour completes after the last point); a flagged next point triggers and plays at once.
    static func advanceCursor(at t: Double, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        let count = state.tour.points.count
        guard state.cursor <= count, state.triggered[state.cursor - 1] else { return }
        if state.cursor == count {
            // Android completes when the last point's narration ends whatever was missed (the cursor reaches
            // the last point by the next button: `PlayerViewModel.kt` lines 106–109 at 5c84126).
            if state.policy.appCursor?.completesOnReachingLastPoint == true, !state.ended {
                state.ended = true
                let missed = state.tour.points.indices.filter { !state.triggered[$0] }.map { state.tour.points[$0].order }
                events.append(EngineEvent(t: t, kind: .tourCompleted, point: state.tour.points[count - 1].order, queueLength: 0, missed: missed))
                return
            }
            if state.allTriggered, !state.ended {
                state.ended = true
                events.append(EngineEvent(t: t, kind: .tourCompleted, point: state.tour.points[count - 1].order, queueLength: 0))
            }
            return
        }
        state.cursor += 1
        state.manualScreenPoint = nil
        state.cursorActive = false
        if !state.queue.isEmpty {
            state.queue.removeAll()
            let index = state.cursor - 1
            state.triggered[index] = true
            state.next = max(state.next, state.cursor + 1)
            state.cursorActive = true
            let order = state.tour.points[index].order
            events.append(EngineEvent(t: t, kind: .pointTriggered, point: order, queueLength: 0))
            startAudio(point: order, at: t, &state, &events)
        }
        // Android: reaching the last point completes the tour at once; the player closes and stops the audio.
        if state.policy.appCursor?.completesOnReachingLastPoint == true, state.cursor == count, !state.ended {
            state.ended = true
            let missed = state.tour.points.indices.filter { !state.triggered[$0] }.map { state.tour.points[$0].order }
            events.append(EngineEvent(t: t, kind: .tourCompleted, point: state.tour.points[count - 1].order, queueLength: 0, missed: missed))
            if let playing = state.playing {
                state.playing = nil
                events.append(EngineEvent(t: t, kind: .audioCut, point: playing.point, queueLength: 0))
            }
        }
    }

    static func startAudio(point order: Int, at t: Double, location: LatLng? = nil, distance: Double? = nil, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        let seconds = state.tour.points[order - 1].audioSeconds
        state.playing = EngineState.Playing(point: order, startedAt: t, endsAt: t + seconds)
        state.lastStarted = order
        events.append(EngineEvent(t: t, kind: .audioStarted, point: order, distance: distance, location: location, queueLength: state.queue.count, audioSeconds: seconds))
    }

    /// Geofencing at one fix: crossings, then sequential triggers.
    ///
    /// Every decision compares the exact distance under the policy's `distanceModel` (haversine on the sphere,
    /// or Karney's geodesic on WGS84) with a radius. For speed, a quick equirectangular estimate on the same
    /// model's local radii decides when it is clearly (by more than 1 %) on one side of the threshold; near a
    /// threshold the exact distance decides, so the outcome is the exact model's. The estimate's error is
    /// bounded well inside the 1 % band (docs/profiles.md, "Distances"; `EngineEstimateBoundTests`).
    static func evaluate(t: Double, location: LatLng, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        let tour = state.tour
        let lat = location.lat
        let lng = location.lng
        state.stamp &+= 1
        let stamp = state.stamp
        let cell = tour.cell(lat: lat, lng: lng)
        if cell < 0 && state.insideList.isEmpty {  // nowhere near any region
            state.scratchCount = 0
            return
        }
        let fixLatRadians = lat * .pi / 180
        let queueLength = state.queue.count
        let hysteresis = state.policy.triggerHysteresis
        let model = state.policy.distanceModel

        // The points to look at: those whose grid cell holds the fix, and those the walker is inside.
        var insideList = state.insideList
        state.insideList = []
        let computedCos = cos(fixLatRadians)
        let geometry = tour.geometryPointer
        var count = 0
        state.scratch.withUnsafeMutableBufferPointer { scratch in
        state.geofence.withUnsafeMutableBufferPointer { fence in
            if cell >= 0 {
                for k in Int(tour.cellStartPointer[cell])..<Int(tour.cellStartPointer[cell + 1]) {
                    let index = Int(tour.cellItemsPointer[k])
                    if fence[index].seenStamp != stamp && geometry[index].mayReach(lat: lat, lng: lng) {
                        fence[index].seenStamp = stamp
                        scratch[count] = index
                        count += 1
                    }
                }
            }
            for index in insideList where fence[index].seenStamp != stamp {
                fence[index].seenStamp = stamp
                scratch[count] = index
                count += 1
            }
            // Few points: insertion sort, so events come in point order.
            if count > 1 {
                for i in 1..<count {
                    let value = scratch[i]
                    var j = i
                    while j > 0 && scratch[j - 1] > value {
                        scratch[j] = scratch[j - 1]
                        j -= 1
                    }
                    scratch[j] = value
                }
            }

            for i in 0..<count {
                let index = scratch[i]
                let point = geometry[index]
                let estimate = point.mayReach(lat: lat, lng: lng)
                    ? point.approximateDistance(model, lat: lat, lng: lng, fixCos: computedCos) : .infinity
                var exactDistance = Double.nan
                let isIn: Bool
                if estimate < point.radius * 0.99 {
                    isIn = true
                } else if estimate > point.radius * 1.01 + 0.01 {
                    isIn = false
                } else {
                    exactDistance = point.distance(model, lat: lat, lng: lng, latRadians: fixLatRadians, cosLat: computedCos)
                    isIn = exactDistance <= point.radius
                }
                var track = fence[index]
                var leaves = false
                if track.inside && !isIn {
                    if estimate > point.exitRadius * 1.01 + 0.01 {
                        leaves = true
                    } else if estimate < point.exitRadius * 0.99 {
                        leaves = false
                    } else {
                        if exactDistance.isNaN { exactDistance = point.distance(model, lat: lat, lng: lng, latRadians: fixLatRadians, cosLat: computedCos) }
                        leaves = exactDistance > point.exitRadius
                    }
                }
                // With trigger hysteresis a fix between the radius and the exit radius still counts as inside.
                if isIn || (hysteresis && track.inside && !leaves) {
                    track.streak += 1
                    track.insideNowStamp = stamp
                } else {
                    track.streak = 0
                }
                if !track.inside {
                    if isIn {
                        track.inside = true
                        insideList.append(index)
                        if exactDistance.isNaN { exactDistance = point.distance(model, lat: lat, lng: lng, latRadians: fixLatRadians, cosLat: computedCos) }
                        events.append(EngineEvent(t: t, kind: .pointEntered, point: tour.points[index].order, distance: exactDistance, location: location, queueLength: queueLength))
                    }
                } else if !isIn {
                    if leaves {
                        track.inside = false
                        insideList.removeAll { $0 == index }
                        if exactDistance.isNaN { exactDistance = point.distance(model, lat: lat, lng: lng, latRadians: fixLatRadians, cosLat: computedCos) }
                        events.append(EngineEvent(t: t, kind: .pointExited, point: tour.points[index].order, distance: exactDistance, location: location, queueLength: queueLength))
                    }
                }
                track.exactDistance = exactDistance
                fence[index] = track
            }
        }
        }
        state.scratchCount = count
        state.insideList = insideList
        // A point with a streak was inside at its last evaluation, so it is in `insideList` and was looked
        // at here; points outside every candidate cell have a streak of 0 already.
        if let rules = state.policy.appCursor {
            evaluateCursor(rules, t: t, location: location, &state, &events)
            return
        }
        if state.next > tour.points.count { return }

        func exact(_ index: Int) -> Double {
            if state.geofence[index].seenStamp != stamp { return .infinity }
            let known = state.geofence[index].exactDistance
            if !known.isNaN { return known }
            let d = tour.geometry[index].distance(state.policy.distanceModel, lat: lat, lng: lng, latRadians: fixLatRadians, cosLat: cos(fixLatRadians))
            state.geofence[index].exactDistance = d
            return d
        }

        func confirmedInside(_ index: Int) -> Bool {
            state.geofence[index].insideNowStamp == stamp && state.geofence[index].streak >= state.policy.confirmFixes
        }
        func canTake() -> Bool { state.playing == nil || state.queue.count < state.policy.queueDepth }
        func reported(_ index: Int) -> Double? {
            let d = exact(index)
            return d.isFinite ? d : nil
        }

        // Skipping: a later point confirmed inside while `next` is not.
        if state.policy.skipMissed, state.next <= tour.points.count, !confirmedInside(state.next - 1), canTake() {
            if let target = state.scratch.prefix(state.scratchCount).filter({ $0 > state.next - 1 && confirmedInside($0) }).min() {
                for index in (state.next - 1)..<target {
                    state.skipped[index] = true
                    events.append(EngineEvent(t: t, kind: .pointSkipped, point: tour.points[index].order, distance: reported(index), location: location, queueLength: state.queue.count))
                }
                state.next = target + 1
            }
        }

        while state.next <= tour.points.count {
            let index = state.next - 1
            guard confirmedInside(index) else { break }
            let order = tour.points[index].order
            if state.playing == nil {
                state.triggered[index] = true
                state.next += 1
                let d = reported(index)
                events.append(EngineEvent(t: t, kind: .pointTriggered, point: order, distance: d, location: location, queueLength: state.queue.count))
                startAudio(point: order, at: t, location: location, distance: d, &state, &events)
            } else if state.queue.count < state.policy.queueDepth {
                state.triggered[index] = true
                state.next += 1
                let d = reported(index)
                events.append(EngineEvent(t: t, kind: .pointTriggered, point: order, distance: d, location: location, queueLength: state.queue.count))
                state.queue.append(order)
                events.append(EngineEvent(t: t, kind: .pointQueued, point: order, distance: d, location: location, queueLength: state.queue.count))
            } else {
                break
            }
        }
    }
    /// App cursor at one fix, after the region crossings: the current point fires when the walker is inside
    /// its region (again on re-entry with `refiresOnReentry`), then the point after it is flagged when the
    /// walker is inside its region (and the current one's, with `queueNeedsCurrentRegion`).
    static func evaluateCursor(_ rules: AppCursorRules, t: Double, location: LatLng, _ state: inout EngineState, _ events: inout [EngineEvent]) {
        let tour = state.tour
        let count = tour.points.count
        guard state.cursor <= count else { return }
        // An app that closes its player on completion (Android) stops tracking: nothing fires any more.
        if state.ended && rules.completesOnReachingLastPoint { return }
        let stamp = state.stamp
        func inside(_ index: Int) -> Bool {
            state.geofence[index].insideNowStamp == stamp && state.geofence[index].streak >= state.policy.confirmFixes
        }
        func distance(_ index: Int) -> Double? {
            guard state.geofence[index].seenStamp == stamp else { return nil }
            let known = state.geofence[index].exactDistance
            if !known.isNaN { return known }
            let latRadians = location.lat * .pi / 180
            let d = tour.geometry[index].distance(state.policy.distanceModel, lat: location.lat, lng: location.lng, latRadians: latRadians, cosLat: cos(latRadians))
            state.geofence[index].exactDistance = d
            return d
        }
        /// Stops whatever plays at `t` (the app replaces the player's item).
        func interrupt() {
            if let playing = state.playing {
                state.playing = nil
                events.append(EngineEvent(t: t, kind: .audioFinished, point: playing.point, queueLength: state.queue.count))
            }
        }

        let current = state.cursor - 1
        let order = tour.points[current].order
        let insideCurrent = inside(current)
        if insideCurrent {
            if !state.cursorActive {
                state.cursorActive = true
                if !state.triggered[current] {
                    interrupt()
                    state.triggered[current] = true
                    state.next = max(state.next, state.cursor + 1)
                    let d = distance(current)
                    events.append(EngineEvent(t: t, kind: .pointTriggered, point: order, distance: d, location: location, queueLength: state.queue.count))
                    startAudio(point: order, at: t, location: location, distance: d, &state, &events)
                } else if rules.refiresOnReentry {
                    state.refires += 1
                    let d = distance(current)
                    events.append(EngineEvent(t: t, kind: .pointRefired, point: order, distance: d, location: location, queueLength: state.queue.count))
                    interrupt()
                    startAudio(point: order, at: t, location: location, distance: d, &state, &events)
                }
            }
        } else if rules.refiresOnReentry {
            state.cursorActive = false
        }

        let following = current + 1
        if state.policy.queueDepth >= 1, following < count, state.queue.isEmpty, inside(following),
            !rules.queueNeedsCurrentRegion || insideCurrent {
            state.queue = [tour.points[following].order]
            events.append(EngineEvent(t: t, kind: .pointQueued, point: tour.points[following].order, distance: distance(following), location: location, queueLength: 1))
        }
    }
}
