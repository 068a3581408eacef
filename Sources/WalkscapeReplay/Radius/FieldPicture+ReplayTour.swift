import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours

extension FieldPicture {
    /// The picture of a radius report on a loaded tour.
    public init(report: RadiusReport, tour: ReplayTour, walks: [RadiusAnalysis.RecordedWalk]) {
        let traces = walks.count == 1 ? "1 trace" : "\(walks.count) traces"
        self.init(
            report: report, walks: walks, route: SyntheticWalk.path(for: tour.tour), titles: tour.pointTitles(),
            title: "\(tour.title) — trigger radii",
            subtitle: "\(tour.tour.id) · \(traces) · \(report.points.count) points · narration \(tour.language)")
    }
}
