import WalkscapeCore
import WalkscapeRemoteModel

/// What reading one MBTiles file may cost. An MBTiles file is a SQLite database from outside, and its `tiles` or
/// `metadata` may be a view: one that never ends, yields no row, or makes a gigabyte value from a few bytes.
/// `MBTilesFile` stops a statement that reads more rows than allowed, runs more SQLite steps (virtual-machine
/// instructions, counted by SQLite's progress handler) or more seconds inside SQLite than allowed, and refuses
/// any value longer than `maxValueBytes` (SQLite's length limit, before the value is made) and more than
/// `maxTotalBytes` of values read in all.
public struct MBTilesBudget: Sendable, Equatable {
    /// The most rows one read of the `tiles` table may give: a tour's map holds at most as many tiles as
    /// `download` fetches.
    public var maxTiles: Int
    /// The most rows one read of the `metadata` table may give (a real file has a dozen).
    public var maxMetadataRows: Int
    /// The longest one value (a tile's bytes, a metadata text) may be: a tile inflates to at most this much.
    public var maxValueBytes: Int
    /// The most bytes of values the file may give over its handle's life.
    public var maxTotalBytes: Int
    /// The most SQLite steps one statement may take (a scan of 10,000 tiles takes a few hundred thousand).
    public var maxSteps: Int
    /// The most seconds one statement may spend inside SQLite (a backstop for steps that each take long).
    public var maxSeconds: Double

    public init(
        maxTiles: Int = MapTilePlan.maxTiles, maxMetadataRows: Int = 1_000, maxValueBytes: Int = VectorTileDecoder.maxInflatedBytes,
        maxTotalBytes: Int = 256 << 20, maxSteps: Int = 20_000_000, maxSeconds: Double = 20
    ) {
        self.maxTiles = maxTiles
        self.maxMetadataRows = maxMetadataRows
        self.maxValueBytes = maxValueBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxSteps = maxSteps
        self.maxSeconds = maxSeconds
    }

    /// What reading has cost so far: `steps` and `seconds` of the statement running or run last, `rows` it
    /// gave, and `bytes` of values over the handle's life.
    public struct Usage: Sendable, Equatable {
        public var steps = 0
        public var seconds = 0.0
        public var rows = 0
        public var bytes = 0
    }
}
