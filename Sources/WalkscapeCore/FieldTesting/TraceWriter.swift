import Foundation

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
            <gpx version="1.1" creator="walkscape" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:opentracks="http://opentracksapp.com/xmlschemas/v1">

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
            out += "      <trkpt lat=\"\(formatFixed(trace.latitudes[i], 7))\" lon=\"\(formatFixed(trace.longitudes[i], 7))\">"
            if !trace.elevations[i].isNaN { out += "<ele>\(formatFixed(Double(trace.elevations[i]), 1))</ele>" }
            out += "<time>\(ISO8601Time.format(trace.times[i]))</time>"
            if !trace.hdops[i].isNaN { out += "<hdop>\(formatFixed(Double(trace.hdops[i]), 1))</hdop>" }
            if !trace.accuracies[i].isNaN {
                out += "<extensions><opentracks:accuracy_horizontal>\(formatFixed(Double(trace.accuracies[i]), 1))</opentracks:accuracy_horizontal></extensions>"
            }
            out += "</trkpt>\n"
        }
        if trace.count > 0 { out += "    </trkseg>\n" }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    /// NMEA 0183: for each fix a `$GPGGA` (HDOP, elevation) then a `$GPRMC` (date, time, position),
    /// checksummed, CRLF line ends as receivers send them.
    public static func nmea(_ trace: Trace) -> String {
        var out = ""
        for i in 0..<trace.count {
            let centis = Int((trace.times[i] * 100).rounded())
            var days = centis / 8_640_000
            var rest = centis % 8_640_000
            if rest < 0 {
                rest += 8_640_000
                days -= 1
            }
            let date = ISO8601Time.civilFromDays(days)
            let time = pad(rest / 360_000, 2) + pad(rest / 6000 % 60, 2) + pad(rest / 100 % 60, 2) + "." + pad(rest % 100, 2)
            let lat = angle(trace.latitudes[i], degreeDigits: 2, positive: "N", negative: "S")
            let lng = angle(trace.longitudes[i], degreeDigits: 3, positive: "E", negative: "W")
            let accuracy = trace.effectiveAccuracy(i)
            let hdop = accuracy.isNaN ? "" : formatFixed(accuracy / 5, 1)
            let elevation = trace.elevations[i].isNaN ? "" : formatFixed(Double(trace.elevations[i]), 1)
            let knots = trace.speeds[i].isNaN ? "" : formatFixed(Double(trace.speeds[i]) * 3600 / 1852, 2)
            let course = trace.courses[i].isNaN ? "" : formatFixed(Double(trace.courses[i]), 1)
            let day = pad(date.day, 2) + pad(date.month, 2) + pad(date.year % 100, 2)
            out += sentence("GPGGA,\(time),\(lat),\(lng),1,08,\(hdop),\(elevation),M,,M,,")
            out += sentence("GPRMC,\(time),A,\(lat),\(lng),\(knots),\(course),\(day),,,A")
        }
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

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// `ddmm.mmmmm,N` (or `dddmm.mmmmm,E`).
    static func angle(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let hundredThousandths = Int((abs(value) * 60 * 100_000).rounded())
        let degrees = hundredThousandths / 6_000_000
        let minutes = hundredThousandths % 6_000_000
        let text = pad(degrees, degreeDigits) + pad(minutes / 100_000, 2) + "." + pad(minutes % 100_000, 5)
        return text + "," + (value < 0 ? negative : positive)
    }

    /// `$BODY*hh\r\n`.
    static func sentence(_ body: String) -> String {
        var sum: UInt8 = 0
        for byte in body.utf8 { sum ^= byte }
        let hex = String(sum, radix: 16, uppercase: true)
        return "$" + body + "*" + (hex.count < 2 ? "0" + hex : hex) + "\r\n"
    }

    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    static func jsonQuoted(_ text: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(text, to: &out)
        return out
    }
}
