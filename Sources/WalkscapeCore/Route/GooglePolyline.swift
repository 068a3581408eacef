/// Google's Encoded Polyline Algorithm Format (the API draft's `routePreview.polyline`).
///
/// Each coordinate is rounded to `precision` decimals (5 by default), delta-encoded against the previous
/// point, zig-zag encoded, and written as 5-bit chunks offset by 63 into printable ASCII.
public enum GooglePolyline {
    /// Decodes an encoded polyline into positions.
    public static func decode(_ text: String, precision: Int = 5) throws(RouteDecodingError) -> [LatLng] {
        let bytes = Array(text.utf8)
        let factor = pow10(precision)
        var points: [LatLng] = []
        var index = 0
        var lat = 0
        var lng = 0
        func nextValue(_ index: inout Int) throws(RouteDecodingError) -> Int {
            var result = 0
            var shift = 0
            let start = index
            while true {
                guard index < bytes.count else {
                    throw RouteDecodingError(offset: start, message: "the encoded polyline ends in the middle of a value")
                }
                let byte = Int(bytes[index])
                guard (63...126).contains(byte) else {
                    throw RouteDecodingError(offset: index, message: "character out of the polyline alphabet (ASCII 63…126)")
                }
                index += 1
                let chunk = byte - 63
                guard shift <= 30 else {
                    throw RouteDecodingError(offset: start, message: "value too long for a coordinate")
                }
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { break }
            }
            return (result & 1) != 0 ? ~(result >> 1) : (result >> 1)
        }
        while index < bytes.count {
            lat += try nextValue(&index)
            guard index < bytes.count else {
                throw RouteDecodingError(offset: index, message: "the encoded polyline ends after a latitude, expected a longitude")
            }
            lng += try nextValue(&index)
            let point = LatLng(lat: Double(lat) / factor, lng: Double(lng) / factor)
            guard point.isValid else {
                throw RouteDecodingError(offset: index, message: "decoded position \(point) is out of range")
            }
            points.append(point)
        }
        return points
    }

    /// Encodes positions with `precision` decimals.
    public static func encode(_ points: [LatLng], precision: Int = 5) -> String {
        let factor = pow10(precision)
        var out = ""
        var previousLat = 0
        var previousLng = 0
        func append(_ value: Int) {
            var v = value < 0 ? ~(value << 1) : (value << 1)
            while v >= 0x20 {
                out.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (v & 0x1F)) + 63)))
                v >>= 5
            }
            out.unicodeScalars.append(Unicode.Scalar(UInt8(v + 63)))
        }
        for point in points {
            let lat = Int((point.lat * factor).rounded())
            let lng = Int((point.lng * factor).rounded())
            append(lat - previousLat)
            append(lng - previousLng)
            previousLat = lat
            previousLng = lng
        }
        return out
    }

    private static func pow10(_ n: Int) -> Double {
        var f = 1.0
        for _ in 0..<max(0, n) { f *= 10 }
        return f
    }
}
