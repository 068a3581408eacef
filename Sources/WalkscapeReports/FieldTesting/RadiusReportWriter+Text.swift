import WalkscapeCore
extension RadiusReportWriter {
    /// The report for people: one line a point with the advice, why, overlaps and double passes, each walk
    /// point by point (up to `detailedTraceLimit` walks), and the sweep and noise tables when they ran.
    public func text(_ report: RadiusReport) -> String {
        var out = ""
        let traceWord = report.traces.count == 1 ? "trace" : "traces"
        out += "Trigger radii from \(report.traces.count) \(traceWord); NEEDS: smallest radius triggering on every trace, CLEAR <: largest staying clear of the previous point's audio\n"
        if let profile = report.profile, profile != EngineProfile.prd.rawValue {
            let summary = EngineProfile(rawValue: profile).map { ": " + $0.summary } ?? ""
            out += "Profile \(profile)\(summary)\n"
        }
        if report.fixesDelivered < report.fixes {
            out += "The phone delivers \(report.fixesDelivered) of \(report.fixes) fixes; every figure below is from those.\n"
        }
        if let reason = report.engineReplayReason {
            out += "Exact path: every radius replayed through the engine (slow; the fast probe does not model \(reason)).\n"
        }
        out += "\n"
        var rows: [[String]] = [["#", "POINT", "RADIUS", "TRIGGERED", "CLOSEST", "NEEDS", "CLEAR <", "ADVICE"]]
        for point in report.points {
            let closest = point.traces.map(\.closestApproachMeters).filter(\.isFinite)
            let range: String
            if let low = closest.min(), let high = closest.max() {
                range = low.rounded() == high.rounded() ? meters(low) : "\(formatFixed(low, 0))–\(meters(high))"
            } else {
                range = "—"
            }
            let triggered = point.traces.filter(\.triggered).count
            rows.append([
                String(point.order), title(point.order), meters(point.radiusMeters), "\(triggered)/\(point.traces.count)", range,
                point.minRadiusAllTraces.map(meters) ?? "—", point.maxClearRadiusMeters.map(meters) ?? "—", advice(point.recommendation),
            ])
        }
        out += align(rows, right: [0, 2, 3, 4, 5, 6])
        out += "\n"
        for point in report.points {
            out += "\(point.order)  \(advice(point.recommendation)): \(point.recommendation.reason)\n"
        }

        out += "\n"
        if report.overlaps.isEmpty {
            out += "Consecutive regions: none overlap.\n"
        } else {
            out += "Overlapping consecutive regions (entering both at once queues the second right behind the first):\n"
            for overlap in report.overlaps {
                let a = report.points.first { $0.order == overlap.from }
                let b = report.points.first { $0.order == overlap.to }
                var line = "  \(overlap.from) and \(overlap.to): \(meters(overlap.overlapMeters)) of overlap (centres \(meters(overlap.centresMeters)) apart, radii "
                line += "\(formatFixed(a?.radiusMeters ?? 0, 0)) + \(meters(b?.radiusMeters ?? 0)))"
                if let advised = overlap.recommendedOverlapMeters {
                    line += advised > 0 ? "; with the advised radii \(meters(advised))" : "; none with the advised radii"
                }
                out += line + "\n"
            }
        }
        if report.passedTwice.isEmpty {
            out += "Route: passes through every region once.\n"
        } else {
            let list = report.points.filter { $0.routePasses > 1 }.map { "\($0.order) (\($0.routePasses) passes)" }
            out += "Route passes through a region more than once (loops, out and back, parallel streets): " + list.joined(separator: ", ") + "\n"
        }
        if report.completesBeforeLastPoint, let last = report.points.last {
            out += "Early completion (\(AppCursorRules.earlyCompletionWarning)): point \(last.order) never plays under this profile, whatever its radius.\n"
        }
        if report.refires > 0 {
            out += "Re-fires (\(TimelineWriter.refireWarning)):\n"
            for point in report.points {
                for result in point.traces where result.refires > 0 {
                    out += "  point \(point.order) restarted \(result.refires) time\(result.refires == 1 ? "" : "s") on \(result.trace)\n"
                }
            }
        }

        if report.traces.count <= detailedTraceLimit {
            out += "\nPer trace (times from each trace's first fix):\n"
            var detail: [[String]] = [["#", "TRACE", "CLOSEST", "AT", "FIRST IN", "INSIDE", "ENTRIES", "TRIGGER", "MARGIN", "NEEDS", "CLEAR <"]]
            for point in report.points {
                for result in point.traces {
                    var trigger = result.triggerT.map(TimelineWriter.clock) ?? "never"
                    if let blocked = result.blockedBy { trigger = "blocked by \(blocked)" }
                    if result.refires > 0 { trigger += " ↻\(result.refires)" }
                    detail.append([
                        String(point.order), result.trace, result.closestApproachMeters.isFinite ? meters(result.closestApproachMeters) : "—",
                        result.closestApproachT.map(TimelineWriter.clock) ?? "—", result.firstEntryT.map(TimelineWriter.clock) ?? "—",
                        TimelineWriter.clock(result.secondsInside), String(result.entries), trigger,
                        result.marginMeters.isFinite ? meters(result.marginMeters) : "—", result.minTriggerRadiusMeters.map(meters) ?? "—",
                        result.clearRadiusMeters.map(meters) ?? "—",
                    ])
                }
            }
            out += align(detail, right: [0, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        } else {
            out += "\n(\(report.traces.count) traces: per-trace detail in --json or --csv)\n"
        }

        if let heading = sweepHeading(report) {
            out += "\n" + heading + "\n"
            out += align(grid(report, .sweepShare), right: Set(0..<(report.sweepRadii.count + 1)))
            out += "\n" + Self.delayHeading + "\n"
            out += align(grid(report, .sweepDelay), right: Set(0..<(report.sweepRadii.count + 1)))
            out += "\n"
            for point in report.points { out += "\(point.order)  \(sweepSummary(point))\n" }
        }
        if let heading = noiseHeading(report) {
            out += "\n" + heading + "\n"
            out += align(grid(report, .noise), right: Set(0..<(report.sweepRadii.count + 1)))
            out += "\n"
            for point in report.points where !point.noise.isEmpty { out += "\(point.order)  \(noiseSummary(point))\n" }
        }
        return out
    }

    /// A figure of the sweep and noise grids.
    public enum GridFigure: Sendable {
        /// % of the walks triggering at each swept radius.
        case sweepShare
        /// Mean trigger delay in seconds from the closest approach.
        case sweepDelay
        /// % of the noisy replays triggering.
        case noise
    }

    /// The heading of the sweep's grid, nil when no sweep ran.
    public func sweepHeading(_ report: RadiusReport) -> String? {
        guard let first = report.sweepRadii.first, let last = report.sweepRadii.last else { return nil }
        let step = report.sweepRadii.count > 1 ? report.sweepRadii[1] - report.sweepRadii[0] : 0
        return "Sweep \(formatFixed(first, 0))–\(meters(last)) by \(meters(step)), other points unchanged: % of all \(report.traces.count) traces triggering (· none)"
    }

    /// The heading of the sweep's delays.
    public static let delayHeading = "Mean trigger delay, seconds from the closest approach (negative: before it; · never triggers)"

    /// The heading of the noise trials' grid, nil when they did not run.
    public func noiseHeading(_ report: RadiusReport) -> String? {
        guard let noise = report.noise, !report.sweepRadii.isEmpty else { return nil }
        return "Noise trials: each trace replayed \(noise.runs) times with GPS drift σ \(meters(noise.model.sigmaMeters)) (τ \(formatFixed(noise.model.timeConstantSeconds, 0)) s), "
            + "\(formatShortNumber(noise.model.jumpsPerHour)) jumps/h, \(formatShortNumber(noise.model.dropoutsPerHour)) dropouts/h, seed \(noise.seed): % of replays triggering"
    }

    /// Points down, radii across: the first row the headings (#, then each radius), then one row a point.
    public func grid(_ report: RadiusReport, _ figure: GridFigure) -> [[String]] {
        var rows: [[String]] = [["#"] + report.sweepRadii.map { formatFixed($0, 0) }]
        for point in report.points {
            rows.append([String(point.order)] + report.sweepRadii.indices.map { j in
                switch figure {
                case .sweepShare: return percent(point.sweep[j].triggerShare)
                case .sweepDelay: return point.sweep[j].meanTriggerDelaySeconds.map { formatFixed($0, 0) } ?? "·"
                case .noise: return point.noise.isEmpty ? "" : percent(point.noise[j].triggerProbability)
                }
            })
        }
        return rows
    }

    /// What the sweep says of a point: the radius from which it triggers on every walk, and the advice.
    public func sweepSummary(_ point: RadiusReport.PointReport) -> String {
        var line = ""
        let blocked = point.traces.filter { $0.blockedBy != nil }
        if point.sweepTriggersEveryWalkFrom == nil, !blocked.isEmpty {
            // The advice is over the traces where the earlier points triggered; the sweep counts every
            // trace, those blocked at every radius included: say both, so they do not seem to disagree.
            let usable = point.traces.count - blocked.count
            let by = Set(blocked.compactMap(\.blockedBy)).sorted().map(String.init).joined(separator: ", ")
            let fromUsable = usable == 0 ? nil : point.sweep.first { $0.triggered >= usable }
            line += "no swept radius triggers on all \(point.traces.count) traces: \(blocked.count) blocked by point \(by) at every radius; "
            line += fromUsable.map { "the other \(usable) trigger from \(meters($0.radiusMeters))" } ?? "no swept radius triggers on the other \(usable)"
        } else {
            line += point.sweepTriggersEveryWalkFrom.map { "triggers on every trace from \(meters($0))" } ?? "no swept radius triggers on every trace"
        }
        return line + "; " + advice(point.recommendation)
    }

    /// What the noise trials say of a point: the radius from which it triggers in 95 % of the noisy replays.
    public func noiseSummary(_ point: RadiusReport.PointReport) -> String {
        point.noiseReliableFrom.map { "triggers in ≥ 95 % of noisy replays from \(meters($0))" } ?? "no swept radius triggers in 95 % of noisy replays"
    }

    public func percent(_ share: Double) -> String { share == 0 ? "·" : formatFixed(share * 100, 0) }

    func advice(_ recommendation: RadiusRecommendation) -> String {
        let radius = recommendation.radiusMeters.map(meters) ?? ""
        switch recommendation.verdict {
        case .keep: return "keep \(radius)"
        case .raise: return "raise to \(radius)"
        case .lower: return "lower to \(radius)"
        case .tight: return "tight: \(radius)"
        case .noRadius: return "no radius works"
        }
    }

    func title(_ order: Int) -> String {
        DisplayWidth.truncate(TerminalText.sanitize(pointTitles[order] ?? ""), to: 32)
    }

    public func meters(_ value: Double) -> String { formatFixed(value, 0) + " m" }

    /// Columns two spaces apart, trailing spaces trimmed.
    func align(_ rows: [[String]], right: Set<Int>) -> String {
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i >= widths.count { widths.append(0) }
                widths[i] = max(widths[i], DisplayWidth.of(cell))
            }
        }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                if i > 0 { line += "  " }
                line += DisplayWidth.pad(cell, to: widths[i], right: right.contains(i))
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
