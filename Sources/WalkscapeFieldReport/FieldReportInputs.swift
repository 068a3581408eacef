import WalkscapeCore
import WalkscapeTours
import WalkscapeTraces

/// What a field report is made from, already loaded: the tour, each walk's trace and timeline, the radii
/// advice and the basemap, and the words that say how they were made.
///
/// The command loads these (the same loaders and `Simulation.run` as `simulate` and `radii`) and hands them
/// over; the report only reads the tour's recordings and subtitles, and hashes the trace files.
public struct FieldReportInputs: Sendable {
    /// The tour, loaded for replay in the report's language.
    public var tour: ReplayTour
    /// The tour as named on the command line.
    public var tourArgument: String
    /// The walks, in the order the traces were given.
    public var walks: [SimulatedWalk]
    /// The rules the walks were replayed with (the fixes shown are those its fix delivery hands over).
    public var policy: EnginePolicy
    /// The profile's name (`--profile`), nil for none.
    public var profile: String?
    /// The other options that shaped the figures, name → value, shown in the provenance.
    public var options: [String: ReportData.OptionValue]
    /// The command line as typed, quoted for a POSIX shell.
    public var command: String
    /// walkscape's version.
    public var walkscapeVersion: String
    /// `radii`'s analysis of the same walks, when there is one: the advice table, advised radii, overlaps.
    public var radii: RadiusReport?
    /// The tour's offline map, when it has one.
    public var basemap: Basemap?
    /// Lines shown under the provenance (warnings met while loading).
    public var notes: [String]

    public init(
        tour: ReplayTour, tourArgument: String, walks: [SimulatedWalk], policy: EnginePolicy, profile: String?,
        options: [String: ReportData.OptionValue] = [:], command: String, walkscapeVersion: String, radii: RadiusReport? = nil,
        basemap: Basemap? = nil, notes: [String] = []
    ) {
        self.tour = tour
        self.tourArgument = tourArgument
        self.walks = walks
        self.policy = policy
        self.profile = profile
        self.options = options
        self.command = command
        self.walkscapeVersion = walkscapeVersion
        self.radii = radii
        self.basemap = basemap
        self.notes = notes
    }

    /// One walk: the trace file as given, its fixes, how it was read, and its timeline.
    public struct SimulatedWalk: Sendable {
        /// The path as given, shown in the provenance.
        public var file: String
        /// Where the file is read to be hashed: `file` unless the caller runs from another folder.
        public var path: String
        public var trace: Trace
        /// What the reader found (format, compression, fix count), when known.
        public var summary: TraceSummary?
        /// The timeline of `trace` walked against the tour under the inputs' policy.
        public var timeline: Timeline

        public init(file: String, path: String? = nil, trace: Trace, summary: TraceSummary?, timeline: Timeline) {
            self.file = file
            self.path = path ?? file
            self.trace = trace
            self.summary = summary
            self.timeline = timeline
        }
    }
}
