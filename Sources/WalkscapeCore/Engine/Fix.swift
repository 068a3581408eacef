/// One GPS position as it reaches walkscape, from a trace file or a live receiver: when, where, how precise.
public struct Fix: Sendable, Equatable {
    /// When the fix was taken, in seconds since 1970 (a trace's times; a live receiver's GPS time). The
    /// driver counts the walk's clock from the first fix it receives.
    public var time: Double
    public var location: LatLng
    /// The horizontal error in metres (NaN: unknown).
    public var accuracy: Double

    public init(time: Double, location: LatLng, accuracy: Double = .nan) {
        self.time = time
        self.location = location
        self.accuracy = accuracy
    }
}

extension Trace {
    /// Fix `i` as a source hands it to the driver: its time, position and effective accuracy.
    public func fix(_ i: Int) -> Fix {
        Fix(time: times[i], location: location(i), accuracy: effectiveAccuracy(i))
    }
}
