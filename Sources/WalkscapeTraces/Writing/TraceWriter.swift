import Foundation
import WalkscapeCore

/// Writes a `Trace` as GPX 1.1, NMEA 0183, GeoJSON or KML, in forms walkscape's own readers (and common tools)
/// read back: the fixtures `walkscape synth` prints.
///
/// Precision: positions to 1e-7° in GPX and GeoJSON (1 cm), 1e-5 minute in NMEA (2 cm); times to the
/// millisecond (GPX, GeoJSON) or the hundredth of a second (NMEA). Accuracy goes to GPX as
/// `opentracks:accuracy_horizontal` and to NMEA as GGA HDOP = accuracy ÷ 5 (the readers' HDOP × 5 m rule);
/// GeoJSON has no field for it.
public enum TraceWriter {
    /// The trace in `format`; `name` and `description` go where the format has room for them.
    public static func write(_ trace: Trace, format: TraceFormat, name: String, description: String = "") -> String {
        switch format {
        case .gpx: return gpx(trace, name: name, description: description)
        case .nmea: return nmea(trace)
        case .geojson: return geojson(trace, name: name, description: description)
        case .kml: return kml(trace, name: name, description: description)
        }
    }

    /// The formats traces are written in: every format walkscape reads, and GPX for Xcode's location
    /// simulation (write only).
    public enum OutputFormat: String, Sendable, CaseIterable {
        case gpx, nmea, geojson, kml
        case xcodeGPX = "xcode-gpx"

        /// The names a command line accepts, comma separated ("gpx, nmea, geojson, kml or xcode-gpx").
        public static var list: String {
            let names = allCases.map(\.rawValue)
            return names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }

    /// The trace in `output`; `name` and `description` go where the format has room for them.
    public static func write(_ trace: Trace, output: OutputFormat, name: String, description: String = "") -> String {
        switch output {
        case .gpx: return gpx(trace, name: name, description: description)
        case .nmea: return nmea(trace)
        case .geojson: return geojson(trace, name: name, description: description)
        case .kml: return kml(trace, name: name, description: description)
        case .xcodeGPX: return xcodeGPX(trace, name: name)
        }
    }

    /// KML 2.2 with Google's extension, as Google Earth and the Android emulator read it: one Placemark per
    /// segment, each a `gx:Track` of `<when>` times followed by `<gx:coord>` positions (longitude latitude
    /// altitude).
    public static func kml(_ trace: Trace, name: String, description: String = "") -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
              <Document>

            """
        out += "    <name>\(xmlEscaped(name))</name>\n"
        if !description.isEmpty { out += "    <description>\(xmlEscaped(description))</description>\n" }
        var starts = trace.segmentStarts.filter { $0 > 0 && $0 < trace.count }
        if trace.count > 0 { starts.insert(0, at: 0) }
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : trace.count
            out += "    <Placemark>\n      <name>\(xmlEscaped(name))</name>\n      <gx:Track>\n"
            for i in start..<end { out += "        <when>\(ISO8601Time.format(trace.times[i]))</when>\n" }
            for i in start..<end {
                out += "        <gx:coord>\(formatFixed(trace.longitudes[i], 7)) \(formatFixed(trace.latitudes[i], 7))"
                if !trace.elevations[i].isNaN { out += " \(formatFixed(Double(trace.elevations[i]), 1))" }
                out += "</gx:coord>\n"
            }
            out += "      </gx:Track>\n    </Placemark>\n"
        }
        out += "  </Document>\n</kml>\n"
        return out
    }

    /// GPX 1.1: one track, one `trkseg` per segment.
    public static func gpx(_ trace: Trace, name: String, description: String = "") -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="walkscape" \(gpxNamespaces)>

            """
        out += "  <metadata>\n    <name>\(xmlEscaped(name))</name>\n"
        if !description.isEmpty { out += "    <desc>\(xmlEscaped(description))</desc>\n" }
        if trace.count > 0 { out += "    <time>\(ISO8601Time.format(trace.times[0]))</time>\n" }
        out += "  </metadata>\n  <trk>\n    <name>\(xmlEscaped(name))</name>\n"
        let starts = Set(trace.segmentStarts)
        for i in 0..<trace.count {
            if i == 0 || starts.contains(i) {
                if i > 0 { out += "    </trkseg>\n" }
                out += "    <trkseg>\n"
            }
            out += gpxPoint(
                lat: trace.latitudes[i], lng: trace.longitudes[i], time: trace.times[i], elevation: trace.elevations[i], hdop: trace.hdops[i],
                accuracy: trace.accuracies[i])
        }
        if trace.count > 0 { out += "    </trkseg>\n" }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    /// The GPX namespaces of `gpx`'s root element (OpenTracks' for the accuracy extension).
    public static let gpxNamespaces = "xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:opentracks=\"http://opentracksapp.com/xmlschemas/v1\""

    /// One `<trkpt>` line (with its newline): position to `decimals` places (7: 1 cm), elevation, time, HDOP
    /// and the horizontal accuracy in OpenTracks' extension, each only when known.
    public static func gpxPoint(
        lat: Double, lng: Double, time: Double, elevation: Float = .nan, hdop: Float = .nan, accuracy: Float = .nan, decimals: Int = 7
    ) -> String {
        var out = "      <trkpt lat=\"\(formatFixed(lat, decimals))\" lon=\"\(formatFixed(lng, decimals))\">"
        if !elevation.isNaN { out += "<ele>\(formatFixed(Double(elevation), 1))</ele>" }
        out += "<time>\(ISO8601Time.format(time))</time>"
        if !hdop.isNaN { out += "<hdop>\(formatFixed(Double(hdop), 1))</hdop>" }
        if !accuracy.isNaN {
            out += "<extensions><opentracks:accuracy_horizontal>\(formatFixed(Double(accuracy), 1))</opentracks:accuracy_horizontal></extensions>"
        }
        return out + "</trkpt>\n"
    }

    /// NMEA 0183: for each fix a `$GPGGA` (satellites, HDOP, elevation) then a `$GPRMC` (date, time,
    /// position, speed, course), checksummed, CRLF line ends as receivers send them. Speed and course are the
    /// trace's where it has them, else derived from consecutive fixes (`OutgoingFix.fixes(from:)`).
    public static func nmea(_ trace: Trace) -> String {
        NMEASentenceWriter.log(OutgoingFix.fixes(from: trace))
    }

    /// GPX that Xcode's location simulation replays with its timing (a scheme's "Default Location" or the
    /// debugger's Simulate Location): one `<wpt>` per fix, in order, each with its `<time>` (milliseconds only
    /// when the fix has them) and `<ele>` when known. Xcode moves the
    /// simulated device from waypoint to waypoint at the pace the times give.
    public static func xcodeGPX(_ trace: Trace, name: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"walkscape\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for i in 0..<trace.count {
            out += "  <wpt lat=\"\(formatFixed(trace.latitudes[i], 7))\" lon=\"\(formatFixed(trace.longitudes[i], 7))\">"
            if !trace.elevations[i].isNaN { out += "<ele>\(formatFixed(Double(trace.elevations[i]), 1))</ele>" }
            out += "<time>\(ISO8601Time.format(trace.times[i]))</time>"
            if i == 0 { out += "<name>\(xmlEscaped(name))</name>" }
            out += "</wpt>\n"
        }
        out += "</gpx>\n"
        return out
    }

    /// GeoJSON: a FeatureCollection with one LineString feature (a MultiLineString for several segments)
    /// whose `coordTimes` hold the fix times.
    public static func geojson(_ trace: Trace, name: String, description: String = "") -> String {
        var lines: [[Int]] = []
        let starts = Set(trace.segmentStarts)
        for i in 0..<trace.count {
            if i == 0 || starts.contains(i) { lines.append([]) }
            lines[lines.count - 1].append(i)
        }
        func coordinates(_ line: [Int], indent: String) -> String {
            line.map { i in
                var text = "[\(formatFixed(trace.longitudes[i], 7)), \(formatFixed(trace.latitudes[i], 7))"
                if !trace.elevations[i].isNaN { text += ", \(formatFixed(Double(trace.elevations[i]), 1))" }
                return indent + text + "]"
            }.joined(separator: ",\n")
        }
        func times(_ line: [Int], indent: String) -> String {
            line.map { indent + "\"\(ISO8601Time.format(trace.times[$0]))\"" }.joined(separator: ",\n")
        }
        var properties = "      \"name\": \(jsonQuoted(name)),\n"
        if !description.isEmpty { properties += "      \"description\": \(jsonQuoted(description)),\n" }
        var geometry: String
        if lines.count <= 1 {
            let line = lines.first ?? []
            properties += "      \"coordTimes\": [\n\(times(line, indent: "        "))\n      ]"
            geometry = "      \"type\": \"LineString\",\n      \"coordinates\": [\n\(coordinates(line, indent: "        "))\n      ]"
        } else {
            properties += "      \"coordTimes\": [\n" + lines.map { "        [\n\(times($0, indent: "          "))\n        ]" }.joined(separator: ",\n") + "\n      ]"
            geometry = "      \"type\": \"MultiLineString\",\n      \"coordinates\": [\n"
                + lines.map { "        [\n\(coordinates($0, indent: "          "))\n        ]" }.joined(separator: ",\n") + "\n      ]"
        }
        return """
            {
              "type": "FeatureCollection",
              "features": [
                {
                  "type": "Feature",
                  "properties": {
            \(properties)
                  },
                  "geometry": {
            \(geometry)
                  }
                }
              ]
            }

            """
    }

    /// `text` escaped for XML content and attributes (`XMLText.escaped`).
    public static func xmlEscaped(_ text: String) -> String { XMLText.escaped(text) }

    static func jsonQuoted(_ text: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(text, to: &out)
        return out
    }
}
