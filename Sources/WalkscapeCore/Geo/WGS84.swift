@preconcurrency import CGeodesic
import Foundation

/// Distances on the WGS84 ellipsoid through Karney's geodesic algorithm (`geod_inverse` from PROJ's
/// `geodesic.h`, accurate to about 15 nm), and the ellipsoid's local radii of curvature for quick estimates.
///
/// This is the model Android documents for `Location.distanceBetween` / `Location.distanceTo` ("defined
/// using the WGS84 ellipsoid"). The C routines are pure maths: no I/O, no global state beyond the constant
/// ellipsoid initialised once, so they belong in the pure core.
public enum WGS84 {
    /// The semi-major axis in metres.
    public static let semiMajorAxis = 6_378_137.0
    /// The flattening.
    public static let flattening = 1 / 298.257223563
    /// The first eccentricity squared, f(2 − f).
    public static let eccentricitySquared = flattening * (2 - flattening)

    /// The ellipsoid, initialised once (`geod_init` only fills in series coefficients).
    private static let geodesic: geod_geodesic = {
        var g = geod_geodesic()
        geod_init(&g, semiMajorAxis, flattening)
        return g
    }()

    /// The geodesic distance in metres between two positions given in degrees.
    @inline(__always)
    public static func distance(lat1: Double, lng1: Double, lat2: Double, lng2: Double) -> Double {
        var s12 = 0.0
        withUnsafePointer(to: geodesic) { g in
            geod_inverse(g, lat1, lng1, lat2, lng2, &s12, nil, nil)
        }
        return s12
    }

    /// The geodesic distance in metres between `a` and `b`.
    public static func distance(_ a: LatLng, _ b: LatLng) -> Double {
        distance(lat1: a.lat, lng1: a.lng, lat2: b.lat, lng2: b.lng)
    }

    /// The meridional radius of curvature M(φ) in metres at geodetic latitude `lat` (degrees):
    /// a(1 − e²) / (1 − e² sin²φ)^{3/2}.
    public static func meridionalRadius(lat: Double) -> Double {
        let s = sin(lat * .pi / 180)
        let w = 1 - eccentricitySquared * s * s
        return semiMajorAxis * (1 - eccentricitySquared) / (w * w.squareRoot())
    }

    /// The prime-vertical radius of curvature N(φ) in metres at geodetic latitude `lat` (degrees):
    /// a / (1 − e² sin²φ)^{1/2}; a parallel's radius is N(φ) cos φ.
    public static func primeVerticalRadius(lat: Double) -> Double {
        let s = sin(lat * .pi / 180)
        return semiMajorAxis / (1 - eccentricitySquared * s * s).squareRoot()
    }
}
