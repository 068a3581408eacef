/// The part of a trace the radius analysis reads, as reusable columns: time, position and the accuracy the
/// engine's gate compares (noise trials refill one of these thousands of times without reallocating).
///
/// Only the first `count` entries of each column are fixes; the columns may be longer (spare capacity).
public struct FixColumns: Sendable {
    public var times: [Double] = []
    public var latitudes: [Double] = []
    public var longitudes: [Double] = []
    /// The accuracy as the engine sees it (`Trace.effectiveAccuracy`), NaN when unknown.
    public var accuracies: [Double] = []
    public var count = 0

    public init() {}

    /// The fixes of `trace`.
    public init(_ trace: Trace) {
        times = trace.times
        latitudes = trace.latitudes
        longitudes = trace.longitudes
        accuracies = (0..<trace.count).map(trace.effectiveAccuracy)
        count = trace.count
    }

    /// Makes room for `n` fixes (columns only grow) and sets `count` to `n`.
    mutating func resize(_ n: Int) {
        if times.count < n {
            let extra = n - times.count
            times += repeatElement(0, count: extra)
            latitudes += repeatElement(0, count: extra)
            longitudes += repeatElement(0, count: extra)
            accuracies += repeatElement(.nan, count: extra)
        }
        count = n
    }

    /// Seconds since the first fix, for fix `i`.
    @inline(__always)
    public func elapsed(_ i: Int) -> Double { times[i] - times[0] }

    public func location(_ i: Int) -> LatLng { LatLng(lat: latitudes[i], lng: longitudes[i]) }
}
