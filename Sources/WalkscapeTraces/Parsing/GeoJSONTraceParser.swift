import WalkscapeCore
/// A GeoJSON (RFC 7946) trace reader: LineString and MultiLineString geometries become segments of fixes,
/// Points are counted as waypoints.
///
/// Accepted: a FeatureCollection, a Feature, a bare geometry or a GeometryCollection. Each line string is
/// one segment; positions are `[longitude, latitude, elevation?]`. Times come from the feature's
/// `properties.coordTimes` (ISO 8601 strings; an array of arrays for a MultiLineString) or
/// `properties.coordinateProperties.times` (ISO strings or epoch milliseconds). The document is held in
/// memory to be parsed (by `JSONParser`), so it is capped at `maxBytes`.
public struct GeoJSONTraceParser: TraceStreamParser {
    /// The walking speed in metres a second used to make up times when no coordinate has one.
    public var walkSpeed: Double

    /// The part of the file kept (every track and segment by default).
    public var selection = TraceSelection()

    /// The largest GeoJSON document accepted, in bytes.
    public static let maxBytes = 256 << 20

    private var bytes: [UInt8] = []
    private var raw = RawTrace()
    private var summary = TraceSummary(format: .geojson)
    private var finished = false

    /// A reader; `fixLimit` is the most fixes it keeps before stopping with an error (`RawTrace.defaultFixLimit`).
    public init(walkSpeed: Double = TraceNormalizer.defaultWalkSpeed, fixLimit: Int = RawTrace.defaultFixLimit) {
        self.walkSpeed = walkSpeed
        raw.fixLimit = fixLimit
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(TraceParseError) {
        guard !finished else { throw TraceParseError(line: 0, message: "bytes fed after the end of the input; expected one document per parser") }
        guard self.bytes.count + bytes.count <= Self.maxBytes else {
            throw TraceParseError(line: 0, message: "the GeoJSON document is larger than \(Self.maxBytes >> 20) MiB, which is read whole into memory; expected a smaller file (or a GPX file, which is read in a stream)")
        }
        self.bytes.append(contentsOf: bytes)
    }

    public mutating func finish() throws(TraceParseError) -> (Trace, TraceSummary) {
        guard !finished else { throw TraceParseError(line: 0, message: "the input was already finished; expected one document per parser") }
        finished = true
        let document: JSONValue
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            // JSONParser says "what, expected what"; walkscape's messages say "what; expected what".
            var message = error.message
            let parts = message.split(separator: ", expected ", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 {
                message = parts[0] + "; expected " + parts[1]
            } else if !message.contains("expected") {
                message += "; expected a GeoJSON document"
            }
            throw TraceParseError(line: error.line, message: "bad JSON at column \(error.column): \(message)")
        }
        bytes = []
        guard document.objectMembers != nil, let type = document["type"]?.stringValue else {
            throw TraceParseError(line: 0, message: "not GeoJSON: the top level is \(document.kindDescription) without a \"type\"; expected a FeatureCollection, Feature or geometry object")
        }
        switch type {
        case "FeatureCollection":
            guard let features = document["features"]?.arrayElements else {
                throw TraceParseError(line: 0, message: "FeatureCollection without a \"features\" array; expected \"features\": [ … ]")
            }
            for (index, feature) in features.enumerated() { try read(feature: feature, place: "feature \(index + 1)") }
        case "Feature":
            try read(feature: document, place: "the feature")
        default:
            try read(geometry: document, properties: nil, place: "the geometry")
        }
        if let limit = raw.limitError { throw limit }
        var summary = self.summary
        let trace = try TraceNormalizer(walkSpeed: walkSpeed, selection: selection).normalize(raw, into: &summary)
        return (trace, summary)
    }

    private mutating func read(feature: JSONValue, place: String) throws(TraceParseError) {
        guard feature["type"]?.stringValue == "Feature" else {
            throw TraceParseError(line: 0, message: "\(place) is not a Feature; expected {\"type\": \"Feature\", …}")
        }
        guard let geometry = feature["geometry"], geometry != .null else {
            raw.note(.unsupportedGeometries) { "\(place): no geometry" }
            return
        }
        try read(geometry: geometry, properties: feature["properties"], place: place)
    }

    private mutating func read(geometry: JSONValue, properties: JSONValue?, place: String) throws(TraceParseError) {
        let type = geometry["type"]?.stringValue ?? "?"
        let coordinates = geometry["coordinates"]
        switch type {
        case "LineString":
            guard let line = coordinates?.arrayElements else { throw missingCoordinates(place, type) }
            summary.tracks += 1
            try readLine(line, times: times(properties, part: nil), segment: 1, place: place)
        case "MultiLineString":
            guard let lines = coordinates?.arrayElements else { throw missingCoordinates(place, type) }
            summary.tracks += 1
            for (index, line) in lines.enumerated() {
                guard let positions = line.arrayElements else { throw missingCoordinates(place, type) }
                try readLine(positions, times: times(properties, part: index), segment: index + 1, place: "\(place), line \(index + 1)")
            }
        case "Point":
            summary.waypoints += 1
        case "MultiPoint":
            summary.waypoints += coordinates?.arrayElements?.count ?? 0
        case "GeometryCollection":
            for (index, member) in (geometry["geometries"]?.arrayElements ?? []).enumerated() {
                try read(geometry: member, properties: nil, place: "\(place), geometry \(index + 1)")
            }
        default:
            raw.note(.unsupportedGeometries) { "\(place): \(type)" }
        }
    }

    private func missingCoordinates(_ place: String, _ type: String) -> TraceParseError {
        TraceParseError(line: 0, message: "\(place): the \(type) has no \"coordinates\" array; expected \"coordinates\": [[lon, lat], …]")
    }

    /// The time list for a line string: `coordTimes` or `coordinateProperties.times`, the `part`-th list of a
    /// MultiLineString's.
    private func times(_ properties: JSONValue?, part: Int?) -> [JSONValue]? {
        guard let properties else { return nil }
        let list = properties["coordTimes"]?.arrayElements ?? properties["coordinateProperties"]?["times"]?.arrayElements
        guard let list else { return nil }
        guard let part else { return list }
        return part < list.count ? list[part].arrayElements : nil
    }

    private mutating func readLine(_ positions: [JSONValue], times: [JSONValue]?, segment: Int, place: String) throws(TraceParseError) {
        summary.segments += 1
        raw.beginPart(track: summary.tracks, segment: segment)
        var times = times
        if let list = times, list.count != positions.count {
            raw.note(.mismatchedTimes) { "\(place): \(list.count) times for \(positions.count) coordinates" }
            times = nil
        }
        for (index, position) in positions.enumerated() {
            let location = "\(place), coordinate \(index + 1)"
            guard let values = position.arrayElements, values.count >= 2 else {
                raw.note(.missingCoordinates) { location }
                continue
            }
            let lon = values[0].doubleValue
            let lat = values[1].doubleValue
            if let problem = RawTrace.coordinateProblem(lat: lat, lng: lon) {
                raw.note(problem) { location }
                continue
            }
            var elevation = Float.nan
            if values.count >= 3 {
                if let value = values[2].doubleValue { elevation = Float(value) } else if values[2] != .null { raw.note(.unreadableValues) { location } }
            }
            var time = Double.nan
            if let entry = times?[index] {
                switch entry {
                case let .string(text):
                    var text = text
                    guard let parsed = text.withUTF8({ ISO8601Time.parseDetailed($0) }) else {
                        throw TraceParseError(line: 0, message: "\(location): bad time \"\(text.prefix(40))\"; expected an ISO 8601 time like 2026-05-09T09:00:00Z or epoch milliseconds")
                    }
                    time = parsed.seconds
                    if !parsed.hasZone { raw.note(.timesWithoutZone) { location } }
                case let .number(text):
                    guard let millis = Double(text), millis.isFinite else {
                        throw TraceParseError(line: 0, message: "\(location): bad time \(text); expected epoch milliseconds")
                    }
                    time = millis / 1000
                case .null:
                    break
                default:
                    throw TraceParseError(line: 0, message: "\(location): the time is \(entry.kindDescription); expected an ISO 8601 string or epoch milliseconds")
                }
            }
            raw.append(time: time, lat: lat!, lng: lon!, elevation: elevation, accuracy: .nan, hdop: .nan, speed: .nan, course: .nan, location: { location })
        }
    }
}
