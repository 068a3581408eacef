import WalkscapeCore

/// The walk the runtime's and the player's tests share: three points 300 m apart on a meridian (radius 100 m,
/// audio 20/30/10 s) and a walk north at 2 m/s, one fix a second, from 150 m south of point 1 to 150 m past
/// point 3.
public enum MeridianWalk {
    /// The tour and the trace.
    public static func inputs() -> (EngineTour, Trace) {
        let origin = LatLng(lat: 45, lng: 7)
        let tour = EngineTour(points: (1...3).map { k in
            EngineTour.Point(order: k, id: "p\(k)", location: Geodesy.destination(from: origin, bearing: 0, distance: 300 * Double(k - 1)),
                radiusMeters: 100, audioSeconds: [20.0, 30, 10][k - 1])
        })
        var trace = Trace()
        trace.startSegment()
        for i in 0...525 {
            let p = Geodesy.destination(from: origin, bearing: 0, distance: -150 + 2 * Double(i))
            trace.append(time: 1_000 + Double(i), lat: p.lat, lng: p.lng, accuracy: 5)
        }
        return (tour, trace)
    }
}
