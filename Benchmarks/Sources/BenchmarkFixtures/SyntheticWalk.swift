import Foundation
import WalkscapeCore

/// Deterministic inputs for the engine benchmarks: a tour of `points` points on a city-sized loop and a
/// walker going round it at 1.3 m/s with one fix a second and a little GPS noise, `fixes` fixes long.
public enum SyntheticWalk {
    public static func tour(points: Int = 50) -> EngineTour {
        let centre = LatLng(lat: 45.07, lng: 7.686)
        return EngineTour(points: (0..<points).map { i in
            let bearing = 360 * Double(i) / Double(points)
            return EngineTour.Point(
                order: i + 1, id: "p\(i + 1)", location: Geodesy.destination(from: centre, bearing: bearing, distance: 1500),
                radiusMeters: 100 + Double(i % 5) * 40, audioSeconds: 30 + Double(i % 7) * 5)
        })
    }

    public static func trace(fixes: Int = 1_000_000, points: Int = 50) -> Trace {
        let centre = LatLng(lat: 45.07, lng: 7.686)
        var trace = Trace()
        trace.times.reserveCapacity(fixes)
        trace.latitudes.reserveCapacity(fixes)
        trace.longitudes.reserveCapacity(fixes)
        trace.elevations.reserveCapacity(fixes)
        trace.accuracies.reserveCapacity(fixes)
        trace.hdops.reserveCapacity(fixes)
        trace.startSegment()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func noise() -> Double {  // xorshift, ±4 m
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state % 8001) / 1000 - 4
        }
        let circumference = 2 * Double.pi * 1500
        for i in 0..<fixes {
            let bearing = (Double(i) * 1.3).truncatingRemainder(dividingBy: circumference) / circumference * 360
            let here = Geodesy.destination(from: centre, bearing: bearing, distance: 1500 + noise())
            trace.append(time: 1_700_000_000 + Double(i), lat: here.lat, lng: here.lng, elevation: 240, accuracy: 6)
        }
        return trace
    }
}
