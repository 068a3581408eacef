import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTUI

extension PlayerSession {
    /// How many trail positions the map keeps behind the walker.
    public static let trailLength = Walk.trailLength

    /// The frame for this moment. `heardPosition` is what the audio output reports as heard (at ×1); without
    /// it (muted, or no audio) the clock's position in the audio is used.
    public func frame(info: PlayerTourInfo, heardPosition: Double?, muted: Bool, showLog: Bool, overlay: PlayerFrame.Overlay?) -> PlayerFrame {
        PlayerSession.frame(snapshot, events: events, info: info, heardPosition: heardPosition, muted: muted, showLog: showLog, overlay: overlay)
    }

    /// The frame for a walk's `snapshot`, with `events` (the walk's log) in the log pane: all the screen
    /// needs, from a replay or a live walk alike.
    public static func frame(
        _ snapshot: WalkSnapshot, events: [EngineEvent], info: PlayerTourInfo, heardPosition: Double?, muted: Bool, showLog: Bool,
        overlay: PlayerFrame.Overlay?
    ) -> PlayerFrame {
        let engine = snapshot.engine
        let points = engine.tour.points
        let playing = engine.playing?.point
        let queued = Set(engine.queue)
        let next = engine.next <= points.count ? engine.next : nil
        let mapPoints = points.map { point -> MapScene.Point in
            let index = point.order - 1
            let state: MapScene.PointState
            if point.order == playing {
                state = .playing
            } else if queued.contains(point.order) {
                state = .queued
            } else if engine.skipped[index] {
                state = .skipped
            } else if engine.triggered[index] {
                state = .visited
            } else if point.order == next {
                state = .next
            } else {
                state = .later
            }
            return MapScene.Point(order: point.order, location: point.location, radiusMeters: point.radiusMeters, state: state)
        }
        let walker = snapshot.lastFix?.location
        let trail = snapshot.trail
        let scene = MapScene(route: info.route.isEmpty ? points.map(\.location) : info.route, points: mapPoints, walker: walker, trail: trail)

        var card: RouteCard?
        if let next, let walker {
            let point = points[next - 1]
            let distance = Geodesy.distance(walker, point.location)
            card = RouteCard(
                order: next, title: info.pointTitles[next] ?? "", distanceMeters: distance,
                bearingDegrees: Geodesy.initialBearing(from: walker, to: point.location),
                status: engine.isInside(point: next) ? .inside : .waiting, placeholder: info.placeholders.contains(next))
        } else if let queuedPoint = engine.queue.first {
            card = RouteCard(order: queuedPoint, title: info.pointTitles[queuedPoint] ?? "", distanceMeters: 0, bearingDegrees: 0, status: .queued, placeholder: info.placeholders.contains(queuedPoint))
        }

        let position = heardPosition ?? snapshot.audioPosition
        var subtitles = SubtitleBox(current: [])
        if let playing, let track = info.subtitles[playing], let position {
            let ms = Int((position * 1000).rounded())
            subtitles = SubtitleBox(current: track.active(at: ms).map(\.displayText), previous: track.previous(before: ms).map(\.displayText))
        }
        let audio = AudioBar(
            title: playing.flatMap { info.pointTitles[$0] }, elapsed: position ?? 0,
            duration: playing.map { points[$0 - 1].audioSeconds } ?? 0, queued: engine.queue.count, paused: snapshot.paused, muted: muted)

        let stopOrder = playing ?? next ?? points.count
        // A live walk's fix age is the wall time since the last fix arrived; a replay's is on the walk's clock.
        let live = snapshot.fixWallAge != nil || snapshot.sourceEnded != nil
        var gps = PlayerFrame.GPS(fixAge: nil, accuracy: nil, live: live, sourceEnded: snapshot.sourceEnded != nil)
        if let fix = snapshot.lastFix {
            gps.fixAge = snapshot.fixWallAge ?? snapshot.fixAge
            gps.accuracy = fix.accuracy.isNaN ? nil : fix.accuracy
        }
        // The log pane's lines, only when it is shown (a frame is built ten times a second).
        let log = !showLog ? [] : events.suffix(40).map { event -> String in
            var line = TimelineWriter.clock(event.t) + " " + event.kind.rawValue
            if let point = event.point { line += " \(point)" }
            return line
        }
        return PlayerFrame(
            tourTitle: info.title, stop: points.isEmpty ? nil : (order: stopOrder, count: points.count, title: info.pointTitles[stopOrder] ?? ""),
            gps: gps, traceTime: snapshot.time, speed: snapshot.speed, map: scene, routeCard: card, subtitles: subtitles, audio: audio,
            log: log, showLog: showLog, overlay: overlay, paused: snapshot.paused, seekStepSeconds: engine.policy.manualControls.seekStepSeconds)
    }

    /// The completion summary once the tour has ended.
    public func completionSummary(info: PlayerTourInfo, donation: String?) -> CompletionSummary {
        let played = engine.triggered.filter { $0 }.count
        let missed = tour.points.indices.filter { !engine.triggered[$0] }.map { tour.points[$0].order }
        let snapshot = self.snapshot
        let missedPoints = MissedPoint.classify(
            events: events, orders: tour.points.map(\.order), titles: info.pointTitles, queueDepth: engine.policy.queueDepth)
        return CompletionSummary(
            played: played, missed: missed, walkingSeconds: snapshot.lastFixTime ?? 0, distanceMeters: snapshot.distanceMeters,
            message: info.completionMessage, donation: donation, missedPoints: missedPoints)
    }
}
