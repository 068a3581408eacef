import Foundation
import WalkscapeCore

/// Writes a `RadiusReport` as JSON, CSV or text tables for people. Fixed decimals and key order: the same
/// report always gives the same bytes.
public struct RadiusReportWriter: Sendable {
    /// Point titles by order, for the text tables.
    public var pointTitles: [Int: String]
    /// Traces listed one by one in text output up to this many (beyond: JSON and CSV have them).
    public var detailedTraceLimit = 10

    public init(pointTitles: [Int: String] = [:]) {
        self.pointTitles = pointTitles
    }

    // MARK: JSON

    /// One pretty document: `meta` members first, then the points, overlaps and settings.
    public func json(_ report: RadiusReport, meta: [(key: String, value: JSONValue)]) -> String {
        var members = meta
        if let profile = report.profile { members.append(("profile", .string(profile))) }
        members.append(("method", .string(report.replaysEngine ? "engine-replay" : "probe")))
        if let reason = report.engineReplayReason { members.append(("engineReplayReason", .string(reason))) }
        members.append(("fixes", .integer(report.fixes)))
        members.append(("fixesDelivered", .integer(report.fixesDelivered)))
        members.append(("refires", .integer(report.refires)))
        if report.completesBeforeLastPoint { members.append(("earlyCompletion", .string(AppCursorRules.earlyCompletionWarning))) }
        members.append(("traces", .array(report.traces.map(JSONValue.string))))
        if let first = report.sweepRadii.first, let last = report.sweepRadii.last {
            members.append(("sweep", .object([
                ("fromMeters", number(first, 1)), ("toMeters", number(last, 1)), ("steps", .integer(report.sweepRadii.count)),
            ])))
        }
        if let noise = report.noise {
            members.append(("noise", .object([
                ("sigmaMeters", number(noise.model.sigmaMeters, 1)), ("timeConstantSeconds", number(noise.model.timeConstantSeconds, 1)),
                ("jumpsPerHour", number(noise.model.jumpsPerHour, 2)), ("dropoutsPerHour", number(noise.model.dropoutsPerHour, 2)),
                ("runs", .integer(noise.runs)), ("seed", .number(String(noise.seed))),
            ])))
        }
        members.append(("points", .array(report.points.map(pointJSON))))
        members.append(("overlaps", .array(report.overlaps.map { overlap in
            .object([
                ("from", .integer(overlap.from)), ("to", .integer(overlap.to)), ("centresMeters", number(overlap.centresMeters, 1)),
                ("overlapMeters", number(overlap.overlapMeters, 1)),
                ("recommendedOverlapMeters", overlap.recommendedOverlapMeters.map { number($0, 1) } ?? .null),
            ])
        })))
        members.append(("passedTwice", .array(report.passedTwice.map(JSONValue.integer))))
        return JSONWriter().write(.object(members))
    }

    func pointJSON(_ point: RadiusReport.PointReport) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("order", .integer(point.order)), ("id", .string(point.id)),
        ]
        if let title = pointTitles[point.order] { members.append(("title", .string(title))) }
        members += [
            ("lat", number(point.location.lat, 6)), ("lng", number(point.location.lng, 6)),
            ("radiusMeters", number(point.radiusMeters, 1)), ("audioSeconds", number(point.audioSeconds, 3)),
            ("traces", .array(point.traces.map(traceJSON))),
            ("minRadiusAllTraces", optional(point.minRadiusAllTraces, 1)),
            ("maxClearRadiusMeters", optional(point.maxClearRadiusMeters, 1)),
            ("recommendedRadiusMeters", optional(point.recommendation.radiusMeters, 1)),
            ("verdict", .string(point.recommendation.verdict.rawValue)), ("reason", .string(point.recommendation.reason)),
            ("routePasses", .integer(point.routePasses)),
        ]
        if !point.sweep.isEmpty {
            members.append(("sweep", .array(point.sweep.map { cell in
                .object([
                    ("radiusMeters", number(cell.radiusMeters, 1)), ("triggerShare", number(cell.triggerShare, 4)),
                    ("triggered", .integer(cell.triggered)), ("meanTriggerDelaySeconds", optional(cell.meanTriggerDelaySeconds, 3)),
                ])
            })))
        }
        if !point.noise.isEmpty {
            members.append(("noise", .array(point.noise.map { cell in
                .object([
                    ("radiusMeters", number(cell.radiusMeters, 1)), ("triggerProbability", number(cell.triggerProbability, 4)),
                    ("triggered", .integer(cell.triggered)), ("runs", .integer(cell.runs)),
                ])
            })))
        }
        return .object(members)
    }

    func traceJSON(_ result: RadiusReport.TraceResult) -> JSONValue {
        .object([
            ("trace", .string(result.trace)),
            ("closestApproachMeters", optional(result.closestApproachMeters.isFinite ? result.closestApproachMeters : nil, 1)),
            ("closestApproachT", optional(result.closestApproachT, 3)),
            ("firstEntryT", optional(result.firstEntryT, 3)), ("secondsInside", number(result.secondsInside, 3)),
            ("entries", .integer(result.entries)), ("triggered", .bool(result.triggered)), ("triggerT", optional(result.triggerT, 3)),
            ("marginMeters", optional(result.marginMeters.isFinite ? result.marginMeters : nil, 1)),
            ("minTriggerRadiusMeters", optional(result.minTriggerRadiusMeters, 1)),
            ("clearRadiusMeters", optional(result.clearRadiusMeters, 1)),
            ("blockedBy", result.blockedBy.map(JSONValue.integer) ?? .null),
            ("refires", .integer(result.refires)),
        ])
    }

    func number(_ value: Double, _ decimals: Int) -> JSONValue { .number(formatFixed(value, decimals)) }
    func optional(_ value: Double?, _ decimals: Int) -> JSONValue { value.map { number($0, decimals) } ?? .null }

    // MARK: CSV

    /// One row a point and trace, with the point's advice repeated on each row (for spreadsheets).
    public func csv(_ report: RadiusReport) -> String {
        var out = "point,id,radius_m,trace,closest_m,closest_t,first_entry_t,seconds_inside,entries,triggered,trigger_t,margin_m,min_trigger_radius_m,clear_radius_m,blocked_by,min_radius_all_traces_m,max_clear_radius_m,recommended_radius_m,verdict,refires\n"
        for point in report.points {
            for result in point.traces {
                let cells: [String] = [
                    String(point.order), csvField(point.id), formatFixed(point.radiusMeters, 1), csvField(result.trace),
                    cell(result.closestApproachMeters.isFinite ? result.closestApproachMeters : nil, 1), cell(result.closestApproachT, 3),
                    cell(result.firstEntryT, 3), formatFixed(result.secondsInside, 3), String(result.entries), result.triggered ? "true" : "false",
                    cell(result.triggerT, 3), cell(result.marginMeters.isFinite ? result.marginMeters : nil, 1),
                    cell(result.minTriggerRadiusMeters, 1), cell(result.clearRadiusMeters, 1), result.blockedBy.map(String.init) ?? "",
                    cell(point.minRadiusAllTraces, 1), cell(point.maxClearRadiusMeters, 1), cell(point.recommendation.radiusMeters, 1),
                    point.recommendation.verdict.rawValue, String(result.refires),
                ]
                out += cells.joined(separator: ",") + "\n"
            }
        }
        return out
    }

    /// One row a point and swept radius: share of traces triggering, mean delay, and the noise trials'
    /// probability when they ran.
    public func sweepCSV(_ report: RadiusReport) -> String {
        var out = "point,id,radius_m,trigger_share,triggered,traces,mean_trigger_delay_s,noise_trigger_probability,noise_runs\n"
        for point in report.points {
            for (j, sweep) in point.sweep.enumerated() {
                let noise = j < point.noise.count ? point.noise[j] : nil
                let cells: [String] = [
                    String(point.order), csvField(point.id), formatFixed(sweep.radiusMeters, 1), formatFixed(sweep.triggerShare, 4),
                    String(sweep.triggered), String(sweep.traces), cell(sweep.meanTriggerDelaySeconds, 3),
                    cell(noise?.triggerProbability, 4), noise.map { String($0.runs) } ?? "",
                ]
                out += cells.joined(separator: ",") + "\n"
            }
        }
        return out
    }

    func cell(_ value: Double?, _ decimals: Int) -> String { value.map { formatFixed($0, decimals) } ?? "" }

    /// A CSV field, quoted when it holds a comma, quote or line break.
    func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
