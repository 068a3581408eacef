import Foundation
import WalkscapeCore
import WalkscapeReports

/// The radii advice of the report from `radii`'s analysis of the same walks: the table (one row a point:
/// radius, needs, clear of, advice, overlaps), the advised radius of each point, and the overlapping regions.
public enum ReportAdviceBuilder {
    /// The advice table; `titles` are the points' titles in the report's language, `phases` the phases each
    /// trace was replayed under (nil: one), `spreads` each walk's `PhaseSpread` under them (a column when given),
    /// `walks` the number of walks (default: the analysis's traces).
    public static func advice(
        _ report: RadiusReport, titles: [Int: String], profile: String?, phases: Int?, spreads: [PhaseSpread] = [], walks: Int? = nil
    ) -> ReportData.Advice {
        var columns: [(String, String)] = [
            ("point", "#"), ("title", "Point"), ("radius", "Radius"), ("needs", "Needs"), ("clearOf", "Clear <"),
            ("advice", "Advice"), ("overlaps", "Overlaps"),
        ]
        let writer = RadiusReportWriter()
        let sweep = writer.sweepHeading(report) != nil, noise = writer.noiseHeading(report) != nil
        if sweep { columns.append(("sweep", "Sweep: every walk from")) }
        if noise { columns.append(("noise", "Noise: ≥ 95 % from")) }
        if !spreads.isEmpty { columns.append(("phasesSpread", "Phases (spread)")) }
        let rows = report.points.map { point in
            let overlapping = report.overlaps.filter { $0.from == point.order || $0.to == point.order }
                .map { "\($0.from)-\($0.to): \(metres($0.overlapMeters))" }
            var cells = [
                "point": "\(point.order)", "title": titles[point.order] ?? point.id, "radius": metres(point.radiusMeters),
                "needs": point.minRadiusAllTraces.map(metres) ?? "none triggers on every walk",
                "clearOf": point.maxClearRadiusMeters.map(metres) ?? "-",
                "advice": adviceText(point.recommendation), "overlaps": overlapping.isEmpty ? "-" : overlapping.joined(separator: "; "),
            ]
            if sweep { cells["sweep"] = point.sweepTriggersEveryWalkFrom.map(metres) ?? "none swept" }
            if noise { cells["noise"] = point.noiseReliableFrom.map(metres) ?? "none swept" }
            if !spreads.isEmpty { cells["phasesSpread"] = phasesText(point.order, spreads) }
            return ReportData.Row(point: point.order, verdict: point.recommendation.verdict.rawValue, cells: cells)
        }
        // With phases the analysis counts each trace once a phase: the title counts the walks.
        let walks = walks ?? report.traces.count
        var title = "Trigger radii from \(walks) walk\(walks == 1 ? "" : "s")"
        let settings = [profile, phases.map { "\($0) phases" }].compactMap { $0 }
        if !settings.isEmpty { title += " (" + settings.joined(separator: ", ") + ")" }
        var notes = report.points.map { "Point \($0.order): \($0.recommendation.reason)." }
        if let reason = report.engineReplayReason { notes.append("Every radius was replayed through the engine: \(reason).") }
        if !report.passedTwice.isEmpty {
            notes.append("The route passes twice by point" + (report.passedTwice.count == 1 ? " " : "s ") + report.passedTwice.map(String.init).joined(separator: ", ") + ".")
        }
        var legend = "NEEDS: the smallest radius that triggers on every walk; CLEAR <: the largest that stays clear of where walkers were before the previous point's audio ended; ADVICE: a radius between them with a margin for GPS error (walkscape radii)."
        if sweep { legend += " SWEEP: the smallest swept radius that triggers on every walk, the other points unchanged." }
        if noise { legend += " NOISE: the smallest swept radius that triggers in 95 % of the noisy replays." }
        return ReportData.Advice(
            title: title, legend: legend, columns: columns.map { ReportData.Column(key: $0.0, label: $0.1) }, rows: rows, notes: notes,
            grids: grids(report, writer: writer))
    }

    /// `radii`'s sweep and noise grids with its headings and its lines under them (`RadiusReportWriter`'s texts
    /// cell for cell); nil when neither ran.
    public static func grids(_ report: RadiusReport, writer: RadiusReportWriter = RadiusReportWriter()) -> [ReportData.Grid]? {
        func grid(_ key: String, _ figure: RadiusReportWriter.GridFigure, _ title: String, notes: [String]) -> ReportData.Grid {
            let rows = writer.grid(report, figure)
            return ReportData.Grid(
                key: key, title: title, radii: Array(rows[0].dropFirst()),
                rows: zip(report.points, rows.dropFirst()).map { ReportData.GridRow(point: $0.order, cells: Array($1.dropFirst())) }, notes: notes)
        }
        var grids: [ReportData.Grid] = []
        if let heading = writer.sweepHeading(report) {
            grids.append(grid("sweepShare", .sweepShare, heading, notes: report.points.map { "\($0.order)  \(writer.sweepSummary($0))" }))
            grids.append(grid("sweepDelay", .sweepDelay, RadiusReportWriter.delayHeading, notes: []))
        }
        if let heading = writer.noiseHeading(report) {
            grids.append(grid("noise", .noise, heading, notes: report.points.filter { !$0.noise.isEmpty }.map { "\($0.order)  \(writer.noiseSummary($0))" }))
        }
        return grids.isEmpty ? nil : grids
    }

    /// The advised radius of each point (nil where none works).
    public static func advisedRadii(_ report: RadiusReport) -> [Int: Double?] {
        Dictionary(report.points.map { ($0.order, $0.recommendation.radiusMeters.map(ReportRounding.meters)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The overlapping consecutive regions, each marked at the middle of the lens between the two centres.
    public static func regionOverlaps(_ report: RadiusReport) -> [ReportData.RegionOverlap] {
        let byOrder = Dictionary(report.points.map { ($0.order, $0) }, uniquingKeysWith: { first, _ in first })
        return report.overlaps.compactMap { overlap in
            guard let a = byOrder[overlap.from], let b = byOrder[overlap.to] else { return nil }
            let fraction = overlap.centresMeters > 0 ? min(1, max(0, (a.radiusMeters - overlap.overlapMeters / 2) / overlap.centresMeters)) : 0.5
            return ReportData.RegionOverlap(
                points: [overlap.from, overlap.to], meters: ReportRounding.meters(overlap.overlapMeters),
                centresMeters: ReportRounding.meters(overlap.centresMeters), advisedMeters: overlap.recommendedOverlapMeters.map(ReportRounding.meters),
                lat: ReportRounding.degrees(a.location.lat + (b.location.lat - a.location.lat) * fraction),
                lng: ReportRounding.degrees(a.location.lng + (b.location.lng - a.location.lng) * fraction))
        }
    }

    /// `keep 150 m`, `raise to 180 m`, `lower to 90 m`, `tight: 120 m`, `none`.
    static func adviceText(_ recommendation: RadiusRecommendation) -> String {
        guard let radius = recommendation.radiusMeters else { return "none works" }
        switch recommendation.verdict {
        case .keep: return "keep \(metres(radius))"
        case .raise: return "raise to \(metres(radius))"
        case .lower: return "lower to \(metres(radius))"
        case .tight: return "tight: \(metres(radius))"
        case .noRadius: return "none works"
        }
    }

    /// `40/45 (7.4 s)`: the phases in which the point plays over every walk's phases, and the widest spread of
    /// its start on one walk.
    static func phasesText(_ order: Int, _ spreads: [PhaseSpread]) -> String {
        let points = spreads.compactMap { spread in spread.points.first { $0.order == order } }
        let plays = points.reduce(0) { $0 + $1.plays }
        let total = spreads.reduce(0) { $0 + $1.phases }
        let widest = points.compactMap(\.startSpread).max()
        return "\(plays)/\(total)" + (widest.map { String(format: " (%.1f s)", $0) } ?? "")
    }

    /// Whole metres: `150 m`.
    static func metres(_ value: Double) -> String { String(format: "%.0f m", value) }
}
