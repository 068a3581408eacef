/// The deployed backend's route encoding: `"lat,lng"` pairs joined by `;` (`"45.07,7.68;45.08,7.69"`).
///
/// Spaces around numbers and a trailing `;` are tolerated; every pair must hold two finite numbers in range.
public enum LatLngListPolyline {
    /// Decodes the pairs in order.
    public static func decode(_ text: String) throws(RouteDecodingError) -> [LatLng] {
        var points: [LatLng] = []
        var offset = 0
        let pairs = text.split(separator: ";", omittingEmptySubsequences: false)
        for (index, pair) in pairs.enumerated() {
            defer { offset += pair.count + 1 }
            let trimmed = pair.trimmingSpaces()
            if trimmed.isEmpty {
                if index == pairs.count - 1 && index > 0 { continue }
                throw RouteDecodingError(offset: offset, message: "empty pair \(index + 1), expected \"lat,lng\"")
            }
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = Double(parts[0].trimmingSpaces()), let lng = Double(parts[1].trimmingSpaces())
            else {
                throw RouteDecodingError(offset: offset, message: "pair \(index + 1) is \"\(trimmed)\", expected \"lat,lng\" with two numbers")
            }
            let point = LatLng(lat: lat, lng: lng)
            guard point.isValid else {
                throw RouteDecodingError(offset: offset, message: "pair \(index + 1) (\(trimmed)) is out of range, expected lat in -90…90 and lng in -180…180")
            }
            points.append(point)
        }
        return points
    }

    /// Encodes positions as `"lat,lng;lat,lng"` with `decimals` decimals (default 6, about 0.1 m).
    public static func encode(_ points: [LatLng], decimals: Int = 6) -> String {
        points.map { formatFixed($0.lat, decimals) + "," + formatFixed($0.lng, decimals) }.joined(separator: ";")
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return s
    }
}
