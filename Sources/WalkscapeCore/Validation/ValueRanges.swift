/// The ranges every number read from outside (a tour file, an API answer, a trace, a command-line option) must
/// fall in, checked once where it is decoded so the rest of the code can compute with it without traps.
///
/// The bounds are far beyond any real tour but small enough that sums, products by 1000 and conversions to
/// `Int` cannot overflow: 10^6 assets of the largest size still sum below `Int.max`, and the largest duration
/// in milliseconds fits an `Int` many times over. docs/tour-format.md lists them.
public enum ValueRanges {
    /// The largest `fileSizeBytes` accepted: 1 TiB (2^40 bytes).
    public static let maxFileSizeBytes = 1 << 40
    /// The walking speeds taken (m/s), from `--walk-speed` and from a check suite's `options.walkSpeed` alike.
    public static let walkSpeeds = 0.1...10.0
    /// File sizes: 0 to 1 TiB.
    public static let fileSizeBytes = 0...maxFileSizeBytes
    /// The longest tour: 10,080 minutes (one week).
    public static let maxDurationMinutes = 10_080.0
    /// The longest tour: 40,075 km (once round the equator).
    public static let maxDistanceKm = 40_075.0
    /// The largest trigger radius: 100 km.
    public static let maxTriggerRadiusMeters = 100_000.0
    /// The largest count of anything counted by a server (voucher uses): 10^9.
    public static let maxCount = 1_000_000_000
    /// Network timeouts: more than 0 and at most one day, in seconds.
    public static let maxTimeoutSeconds = 86_400.0
    /// `--idle-timeout S` (`track`, `play --gps`): a live source silent this long ends the walk; half a second
    /// to one day.
    public static let idleTimeoutSeconds = 0.5...86_400.0
    /// `collect --max-connections`: connections served at once (a descriptor each).
    public static let collectorConnections = 1...65_536
    /// `--phases N`: 1 to 360 replays of one walk (each is a full replay).
    public static let phases = 1...360

    /// The one check of `--phases N`, for every command that takes it (nil: not given).
    public static func checkPhases(_ phases: Int?) throws(ValueProblem) {
        if let phases, !ValueRanges.phases.contains(phases) { throw ValueProblem("--phases must be a whole number from 1 to 360, got \(phases).") }
    }

    /// The most walk replays `walkscape compare` makes: traces × profiles × `--phases` (each a full replay).
    public static let maxComparisonReplays = 1_000_000

    /// The one check of `compare`'s work, from its options alone (before a trace is read).
    public static func checkComparisonReplays(traces: Int, profiles: Int, phases: Int?) throws(ValueProblem) {
        let (byProfiles, overflowA) = traces.multipliedReportingOverflow(by: profiles)
        let (replays, overflowB) = byProfiles.multipliedReportingOverflow(by: phases ?? 1)
        guard overflowA || overflowB || replays > maxComparisonReplays else { return }
        let count = overflowA || overflowB ? "more than \(maxComparisonReplays)" : "\(replays)"
        throw ValueProblem(
            "\(traces) trace\(traces == 1 ? "" : "s") × \(profiles) profiles\(phases.map { " × \($0) phases" } ?? "") would make \(count) replays; at most \(maxComparisonReplays): give fewer --trace\(phases == nil ? "" : " or lower --phases").")
    }

    /// The most fixes `walkscape synth` makes: a fix a second for 11 days (a walk of a tour lasts hours), about
    /// 150 MB of GPX. Checked before the walk is generated, from the path's length, the speed and the pauses.
    public static let maxSyntheticFixes = 1_000_000
    /// The most noisy replays `walkscape radii --noise` makes: --runs × traces × --phases.
    public static let maxNoiseReplays = 1_000_000
    /// `--confirm-fixes K` (and a suite's `confirmFixes`): 1 to 1,000 consecutive fixes (at a fix a second,
    /// over 16 minutes inside a region). `radii` keeps a window of K fixes per point and radius.
    public static let confirmFixes = 1...1_000
    /// The longest recording walkscape accepts, in seconds (24 hours; a narration lasts minutes).
    public static let maxAudioSeconds = 86_400.0

    /// The first absolute time accepted in a trace: 1980-01-01T00:00:00Z (the GPS epoch is 1980-01-06), in
    /// seconds since 1970.
    public static let earliestTraceTime = 315_532_800.0
    /// The first absolute time no longer accepted in a trace: 2100-01-01T00:00:00Z.
    public static let latestTraceTime = 4_102_444_800.0
    /// A trace longer than this (3 days) is read with a warning: a walk does not last that long, and the
    /// replay clock would run for days.
    public static let longTraceSeconds = 3 * 86_400.0

    /// Whether `seconds` (since 1970) is a time a GPS trace can hold: 1980 ≤ t < 2100.
    @inline(__always)
    public static func isSaneTraceTime(_ seconds: Double) -> Bool {
        seconds >= earliestTraceTime && seconds < latestTraceTime
    }

    /// `value` as an `Int` when it is a whole number inside `range`, else nil (never traps).
    public static func wholeNumber(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value.rounded() == value, let int = Int(exactly: value), range.contains(int) else { return nil }
        return int
    }
}
