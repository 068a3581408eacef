import WalkscapeRuntime

/// Where a live walk's positions come from, and how they are taken: `--gps`, `--clock`, `--record` and
/// `--idle-timeout` as values.
public struct LiveWalkSource: Sendable {
    public var address: GPSSourceAddress
    public var clock: LiveClock
    /// A GPX file every fix received is also written to.
    public var record: String?
    /// Seconds of silence from the source that end the walk.
    public var idleSeconds: Double

    public init(address: GPSSourceAddress, clock: LiveClock, record: String?, idleSeconds: Double) {
        self.address = address
        self.clock = clock
        self.record = record
        self.idleSeconds = idleSeconds
    }
}
