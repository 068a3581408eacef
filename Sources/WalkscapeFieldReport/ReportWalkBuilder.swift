import Foundation
import WalkscapeCore

/// One walk of the report from a trace and its timeline: the fixes the engine was handed (with the point the
/// walker was heading for and how far it was), each narration from trigger to end, waits, misses, completion.
///
/// Everything comes from the timeline `Simulation.run` made (the one `simulate` prints), so the page's bars
/// are the timeline's events; only the distance to the next point is measured here, with the policy's
/// distance model.
public enum ReportWalkBuilder {
    /// The most fixes a walk's page draws: a map line and a distance chart a few thousand pixels wide need no
    /// more, and a walk of days (millions of fixes) would otherwise make a page of hundreds of megabytes.
    public static let drawnFixLimit = 20_000

    /// The walk named `id` and `name`, from trace number `index`, its line thinned to `limit` fixes.
    public static func walk(
        id: String, name: String, index: Int, trace: Trace, timeline: Timeline, tour: EngineTour, policy: EnginePolicy,
        limit: Int = drawnFixLimit
    ) -> ReportData.ReportedWalk {
        let narrations = heard(timeline)
        let rows = fixes(trace, timeline: timeline, tour: tour, policy: policy, limit: limit)
        return ReportData.ReportedWalk(
            id: id, name: name, trace: index, startTime: ISO8601Time.format(timeline.startTime),
            durationSeconds: trace.count > 0 ? ReportRounding.seconds(trace.elapsed(trace.count - 1)) : 0,
            fixes: rows.drawn, fixCount: rows.drawn.count < rows.delivered ? rows.delivered : nil, narrations: narrations.heard,
            missed: missed(timeline), overlaps: overlaps(narrations.heard, dropped: narrations.dropped),
            completedT: timeline.events.first { $0.kind == .tourCompleted }.map { ReportRounding.seconds($0.t) })
    }

    /// One fix in `stride` of `count`, counted from 0: the fixes a thinned line keeps (with its last).
    static func stride(for count: Int, limit: Int) -> Int { max(1, (count + limit - 1) / max(1, limit)) }

    /// `walk` with its replays under each phase k/N of the fix delivery (`timelines`, one a phase in order, as
    /// `PhaseSpread.timelines` makes them): per phase, the fixes delivered and what they triggered. With a
    /// delivery rule the walk carries every fix of the trace (`track`) and each phase the delivered ones'
    /// indices into it; without one every phase is handed every fix.
    public static func withPhases(
        _ walk: ReportData.ReportedWalk, trace: Trace, timelines: [Timeline], policy: EnginePolicy, limit: Int = drawnFixLimit
    ) -> ReportData.ReportedWalk {
        var walk = walk
        let n = timelines.count
        var delivered: [[Int]] = []
        if policy.fixDelivery != nil {
            // Each phase's delivered fixes, thinned to its share of `drawnFixLimit` (every one while they fit),
            // and the track holds only the fixes some phase draws, so that the page stays the same size however
            // long the walk.
            let share = max(1, limit / max(1, n))
            let step = stride(for: trace.count, limit: share)
            delivered = PhaseSpread.fractions(n).map { phase in
                var filter = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel, phase: phase)
                var kept: [Int] = []
                var last: Int?
                var seen = 0
                for i in 0..<trace.count where filter.delivers(t: trace.elapsed(i), location: trace.location(i)) {
                    if seen % step == 0 { kept.append(i) }
                    seen += 1
                    last = i
                }
                if let last, kept.last != last { kept.append(last) }
                return kept
            }
            let track = step == 1 ? Array(0..<trace.count) : Array(Set(delivered.joined())).sorted()
            walk.track = track.map { i in
                let location = trace.location(i)
                return [ReportRounding.seconds(trace.elapsed(i)), ReportRounding.degrees(location.lat), ReportRounding.degrees(location.lng)]
            }
            if step > 1 {
                // Indices into the thinned track, not the trace.
                let position = Dictionary(uniqueKeysWithValues: track.enumerated().map { ($0.element, $0.offset) })
                delivered = delivered.map { $0.compactMap { position[$0] } }
            }
        }
        walk.phases = zip(PhaseSpread.fractions(n), timelines).enumerated().map { k, phase in
            var gaps: [Int]?
            if policy.fixDelivery != nil {
                var last = 0
                gaps = delivered[k].map { i in
                    defer { last = i }
                    return i - last
                }
            }
            return ReportData.WalkPhase(
                k: k, of: n, fixes: gaps, narrations: heard(phase.1).heard, missed: missed(phase.1),
                completedT: phase.1.events.first { $0.kind == .tourCompleted }.map { ReportRounding.seconds($0.t) })
        }
        return walk
    }

    /// The fixes the phone's delivery hands to the engine (all of them without a delivery rule), each with
    /// the point still to trigger next after it was handled and the distance to that point; over
    /// `limit`, thinned to one in every few (as many as the trace has over the limit), keeping the
    /// last fix and every fix after which the next point changed. `delivered` counts them all.
    static func fixes(
        _ trace: Trace, timeline: Timeline, tour: EngineTour, policy: EnginePolicy, limit: Int = drawnFixLimit
    ) -> (drawn: [ReportData.FixRow], delivered: Int) {
        guard trace.count > 0 else { return ([], 0) }
        var filter = FixDeliveryFilter(policy.fixDelivery, distance: policy.distanceModel)
        let orders = tour.points.map(\.order).sorted()
        let byOrder = Dictionary(tour.points.map { ($0.order, $0) }, uniquingKeysWith: { first, _ in first })
        let step = stride(for: trace.count, limit: limit)
        var done = Set<Int>()
        var nextEvent = 0
        var rows: [ReportData.FixRow] = []
        var delivered = 0
        var lastRow: ReportData.FixRow?
        var previous: (t: Double, location: LatLng)?
        for i in 0..<trace.count {
            let t = trace.elapsed(i)
            let location = trace.location(i)
            guard filter.delivers(t: t, location: location) else { continue }
            // The events this fix caused carry its time: take them before looking for the next point.
            while nextEvent < timeline.events.count && timeline.events[nextEvent].t <= t + 1e-9 {
                let event = timeline.events[nextEvent]
                if let point = event.point, event.kind == .pointTriggered || event.kind == .pointSkipped { done.insert(point) }
                nextEvent += 1
            }
            let next = orders.first { !done.contains($0) }
            let distance = next.flatMap { byOrder[$0] }.map { ReportRounding.meters(policy.distanceModel.distance(location, $0.location)) }
            let accuracy = trace.effectiveAccuracy(i)
            var speed: Double? = trace.speeds[i].isNaN ? nil : Double(trace.speeds[i])
            if speed == nil, let previous, t > previous.t {
                speed = policy.distanceModel.distance(previous.location, location) / (t - previous.t)
            }
            let row = ReportData.FixRow(
                t: ReportRounding.seconds(t), lat: ReportRounding.degrees(location.lat), lng: ReportRounding.degrees(location.lng),
                accuracy: accuracy.isNaN ? nil : ReportRounding.meters(accuracy), speed: speed.map(ReportRounding.speed),
                nextPoint: next, distanceToNext: distance)
            if delivered % step == 0 || row.nextPoint != rows.last?.nextPoint {
                rows.append(row)
                lastRow = nil
            } else {
                lastRow = row
            }
            delivered += 1
            previous = (t, location)
        }
        if let lastRow { rows.append(lastRow) }
        return (rows, delivered)
    }

    /// Each narration heard, in the order it started, and the triggers that never started (dropped, with
    /// their time and place).
    static func heard(_ timeline: Timeline) -> (heard: [ReportData.HeardNarration], dropped: [(point: Int, t: Double, location: LatLng)]) {
        var heard: [ReportData.HeardNarration] = []
        var pending: [Int: (t: Double, location: LatLng)] = [:]
        var lastLocation = LatLng(lat: 0, lng: 0)
        // The narration playing: its index in `heard` and its length.
        var playing: (index: Int, seconds: Double)?
        func cut(at t: Double) {
            guard let current = playing else { return }
            let into = t - heard[current.index].startT
            if into < current.seconds - 0.0005 { heard[current.index].cutAtSeconds = ReportRounding.seconds(max(0, into)) }
            playing = nil
        }
        for event in timeline.events {
            if let location = event.location { lastLocation = location }
            switch event.kind {
            case .pointTriggered, .pointRefired:
                if let point = event.point { pending[point] = (event.t, event.location ?? lastLocation) }
            case .audioStarted:
                guard let point = event.point else { continue }
                cut(at: event.t)
                let trigger = pending.removeValue(forKey: point) ?? (event.t, lastLocation)
                let seconds = event.audioSeconds ?? 0
                heard.append(ReportData.HeardNarration(
                    point: point, triggerT: ReportRounding.seconds(trigger.t), startT: ReportRounding.seconds(event.t),
                    endT: ReportRounding.seconds(event.t + seconds), cutAtSeconds: nil,
                    lat: ReportRounding.degrees(trigger.location.lat), lng: ReportRounding.degrees(trigger.location.lng)))
                playing = (heard.count - 1, seconds)
            case .audioCut, .audioFinished:
                // A finish before the recording's end is a cut too (the apps restart a narration that way).
                cut(at: event.t)
            default:
                break
            }
        }
        let dropped = pending.map { (point: $0.key, t: $0.value.t, location: $0.value.location) }.sorted { ($0.t, $0.point) < ($1.t, $1.point) }
        return (heard, dropped)
    }

    /// Points that never played: skipped when a later one triggered first, never reached before the walk
    /// ended, or left when the app completed the tour early.
    static func missed(_ timeline: Timeline) -> [ReportData.Missed] {
        var missed: [ReportData.Missed] = []
        var seen = Set<Int>()
        for event in timeline.events {
            if event.kind == .pointSkipped, let point = event.point, seen.insert(point).inserted {
                missed.append(ReportData.Missed(point: point, t: ReportRounding.seconds(event.t), reason: "skipped: a later point triggered first"))
            }
            if event.kind == .tourIncomplete {
                for point in event.missed ?? [] where seen.insert(point).inserted {
                    missed.append(ReportData.Missed(point: point, t: nil, reason: "never triggered before the walk ended"))
                }
            }
            // An app that completes the tour early (Android on the second-to-last narration's end) names the
            // points it never played on its tour_completed.
            if event.kind == .tourCompleted {
                for point in event.missed ?? [] where seen.insert(point).inserted {
                    missed.append(ReportData.Missed(
                        point: point, t: ReportRounding.seconds(event.t), reason: "never played: the app completed the tour first"))
                }
            }
        }
        return missed
    }

    /// Narrations that waited behind another (and triggers dropped while one played), with the one playing.
    static func overlaps(_ heard: [ReportData.HeardNarration], dropped: [(point: Int, t: Double, location: LatLng)]) -> [ReportData.Overlap] {
        func playing(at t: Double, before limit: Int) -> Int? {
            heard.prefix(limit).last { narration in
                let end = narration.cutAtSeconds.map { narration.startT + $0 } ?? narration.endT
                return narration.startT <= t && t < end
            }?.point
        }
        var overlaps: [ReportData.Overlap] = []
        for (index, narration) in heard.enumerated() where narration.startT - narration.triggerT >= 0.001 {
            overlaps.append(ReportData.Overlap(
                point: narration.point, behind: playing(at: narration.triggerT, before: index), t: narration.triggerT,
                waitSeconds: ReportRounding.seconds(narration.startT - narration.triggerT), lat: narration.lat, lng: narration.lng))
        }
        for trigger in dropped {
            let t = ReportRounding.seconds(trigger.t)
            guard let behind = playing(at: t, before: heard.count) else { continue }
            overlaps.append(ReportData.Overlap(
                point: trigger.point, behind: behind, t: t, waitSeconds: 0, lat: ReportRounding.degrees(trigger.location.lat),
                lng: ReportRounding.degrees(trigger.location.lng)))
        }
        return overlaps.sorted { ($0.t, $0.point) < ($1.t, $1.point) }
    }
}
