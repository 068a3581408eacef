import Foundation
import WalkscapeCore

/// Reads the JSON sources of `walkscape import` into a `SourceTour`: the reference app's test-tour file and
/// GeoJSON FeatureCollections of points. Pure: it is given the parsed document.
public enum SourceTourReader {
    /// Reads the reference app's test-tour file: `{"tour": {…list item…}, "points": […], …}`. The tour object
    /// is read as a `GET /tours` item of the API draft (texts as maps, `descriptionPreview` taken as the
    /// description when there is no `description`), the points as `GET /tours/{id}/points` items (texts as
    /// plain strings, taken to be in the tour's first language). Every other top-level member (`metadata`,
    /// `tips`, `_comment`, …) and every unknown member of a point (`_instructions`) is kept.
    public static func testTour(_ root: JSONValue, file: String) throws(TourImportError) -> SourceTour {
        guard let tourValue = root["tour"], tourValue.objectMembers != nil else {
            throw TourImportError("\(file): tour: missing, expected the reference app's test-tour shape {\"tour\": {…}, \"points\": […]}")
        }
        var source = SourceTour(file: file)
        let tour = Fields(tourValue, file: file, place: "tour")
        source.id = try tour.string("id")
        source.slug = try tour.string("slug")
        source.title = try tour.text("title")
        source.description = try tour.text("description")
        if source.description.isEmpty { source.description = try tour.text("descriptionPreview") }
        source.completionMessage = try tour.text("completionMessage")
        source.city = try tour.string("city")
        source.durationMinutes = try tour.number("durationMinutes")
        source.distanceKm = try tour.number("distanceKm")
        source.languages = try tour.languages("languages")
        source.isProtected = tourValue["isProtected"]?.boolValue ?? false
        source.startingPoint = try tour.latLng("startingPoint").0
        guard let points = root["points"]?.arrayElements else {
            throw TourImportError("\(file): points: missing, expected an array of points")
        }
        let known: Set = ["id", "order", "title", "description", "location", "triggerRadiusMeters"]
        for (index, value) in points.enumerated() {
            let place = "points[\(index)]"
            guard value.objectMembers != nil else { throw TourImportError(.invalid, "\(file): \(place): expected a point object, got \(RemoteFields.describe(value))") }
            let fields = Fields(value, file: file, place: place)
            var point = SourceTour.Point(place: place)
            point.id = try fields.string("id")
            point.order = try fields.order("order")
            point.title = try fields.text("title")
            point.description = try fields.text("description")
            (point.location, point.locationProblem) = try fields.latLng("location")
            point.radius = try fields.number("triggerRadiusMeters")
            point.extras = value.objectMembers!.filter { !known.contains($0.key) }
            source.points.append(point)
        }
        source.extras = root.objectMembers!.filter { $0.key != "tour" && $0.key != "points" }
        return source
    }

    /// Reads a GeoJSON FeatureCollection: each `Point` feature is a point (`properties`: `id`, `order`,
    /// `name`/`title` and `name:LANG`, `description`/`desc`, `triggerRadiusMeters`/`radius`/`radiusMeters`),
    /// the first `LineString` is the route. The collection's own `name`/`title`, `city`, `languages`, `id`
    /// and `slug` (as members or in a `properties` object) describe the tour.
    public static func featureCollection(_ root: JSONValue, file: String) throws(TourImportError) -> SourceTour {
        guard root["type"]?.stringValue == "FeatureCollection", let features = root["features"]?.arrayElements else {
            throw TourImportError("\(file): expected a GeoJSON FeatureCollection ({\"type\": \"FeatureCollection\", \"features\": […]})")
        }
        var source = SourceTour(file: file)
        for holder in [root, root["properties"] ?? .null] where holder.objectMembers != nil {
            let fields = Fields(holder, file: file, place: holder == root ? "(root)" : "properties")
            if source.id == nil { source.id = try fields.string("id") }
            if source.slug == nil { source.slug = try fields.string("slug") }
            if source.title.isEmpty { source.title = try fields.text("title", alternatives: ["name"]) }
            if source.description.isEmpty { source.description = try fields.text("description", alternatives: ["desc"]) }
            if source.city == nil { source.city = try fields.string("city") }
            if source.languages.isEmpty { source.languages = try fields.languages("languages") }
        }
        for (index, feature) in features.enumerated() {
            let place = "features[\(index)]"
            guard feature.objectMembers != nil else { throw TourImportError(.invalid, "\(file): \(place): expected a Feature object, got \(RemoteFields.describe(feature))") }
            let geometry = feature["geometry"] ?? .null
            let type = geometry["type"]?.stringValue
            if type == "LineString" || type == "MultiLineString" {
                if source.route.isEmpty {
                    let lines = type == "LineString" ? [geometry["coordinates"] ?? .null] : geometry["coordinates"]?.arrayElements ?? []
                    for line in lines {
                        for position in line.arrayElements ?? [] {
                            if case let (location?, nil) = lngLat(position) { source.route.append(location) }
                        }
                    }
                }
                continue
            }
            var point = SourceTour.Point(place: place)
            let properties = feature["properties"] ?? .null
            if properties.objectMembers != nil {
                let fields = Fields(properties, file: file, place: place + ".properties")
                point.id = try fields.string("id")
                point.order = try fields.order("order")
                point.title = try fields.text("title", alternatives: ["name"])
                point.description = try fields.text("description", alternatives: ["desc"])
                point.radius = try fields.number("triggerRadiusMeters", alternatives: ["radius", "radiusMeters"])
            }
            if point.id == nil, let id = feature["id"] {
                point.id = id.stringValue ?? id.intValue.map(String.init)
            }
            if type == nil {
                point.locationProblem = geometry == .null ? "no coordinates (geometry is null)" : "no coordinates (the geometry has no type)"
            } else if type != "Point" {
                point.locationProblem = "a \(type!) geometry, expected a Point [longitude, latitude]"
            } else {
                (point.location, point.locationProblem) = lngLat(geometry["coordinates"] ?? .null)
            }
            source.points.append(point)
        }
        return source
    }

    /// A GeoJSON position `[lng, lat, …]`, or why it is not one.
    static func lngLat(_ value: JSONValue) -> (LatLng?, String?) {
        guard let items = value.arrayElements, items.count >= 2, let lng = items[0].doubleValue, let lat = items[1].doubleValue else {
            return (nil, "no coordinates (expected [longitude, latitude], got \(RemoteFields.describe(value)))")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lng) else {
            return (nil, "coordinates out of range (longitude \(formatShortNumber(lng)), latitude \(formatShortNumber(lat)); expected longitude −180…180 then latitude −90…90)")
        }
        return (LatLng(lat: lat, lng: lng), nil)
    }

    /// Typed access to the members of one object of a source, with messages naming the file and the place.
    struct Fields {
        var value: JSONValue
        var file: String
        var place: String

        init(_ value: JSONValue, file: String, place: String) {
            self.value = value
            self.file = file
            self.place = place
        }

        func fail(_ key: String, _ message: String) -> TourImportError {
            TourImportError(.invalid, "\(file): \(place == "(root)" ? "" : place + ".")\(key): \(message)")
        }

        func present(_ key: String) -> JSONValue? {
            guard let member = value[key], member != .null else { return nil }
            return member
        }

        func string(_ key: String) throws(TourImportError) -> String? {
            guard let member = present(key) else { return nil }
            if let number = member.intValue { return String(number) }
            guard let text = member.stringValue else { throw fail(key, "expected a string, got \(RemoteFields.describe(member))") }
            let clean = TerminalText.sanitize(text).trimmingCharacters(in: .whitespaces)
            return clean.isEmpty ? nil : clean
        }

        func number(_ key: String, alternatives: [String] = []) throws(TourImportError) -> Double? {
            for name in [key] + alternatives {
                guard let member = present(name) else { continue }
                if let number = member.doubleValue { return number }
                if let text = member.stringValue, let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite { return number }
                throw fail(name, "expected a number, got \(RemoteFields.describe(member))")
            }
            return nil
        }

        func order(_ key: String) throws(TourImportError) -> Int? {
            guard let number = try number(key) else { return nil }
            guard number >= 1, number <= 100_000, number == number.rounded() else {
                throw fail(key, "expected a whole number from 1 (the first point) up, got \(formatShortNumber(number))")
            }
            return Int(number)
        }

        /// A text: a string, or an object of strings by language; plus `KEY:LANG` members (`name:it`).
        func text(_ key: String, alternatives: [String] = []) throws(TourImportError) -> SourceTour.Text {
            var result: SourceTour.Text = []
            for name in [key] + alternatives {
                if let member = present(name), result.isEmpty {
                    if let text = member.stringValue {
                        result.append((nil, TerminalText.sanitize(text, keepNewlines: key == "description")))
                    } else if let entries = member.objectMembers {
                        for (language, entry) in entries {
                            guard let text = entry.stringValue else { continue }
                            guard TourDecoder.isLanguageCode(language) else { throw fail(name + "." + language, "\"\(language)\" is not a language code (expected e.g. it, en, pt-BR)") }
                            result.append((language, TerminalText.sanitize(text, keepNewlines: key == "description")))
                        }
                    } else {
                        throw fail(name, "expected a string or an object of strings by language, got \(RemoteFields.describe(member))")
                    }
                }
                for (member, entry) in value.objectMembers ?? [] where member.hasPrefix(name + ":") {
                    let language = String(member.dropFirst(name.count + 1))
                    guard TourDecoder.isLanguageCode(language), let text = entry.stringValue, !result.contains(where: { $0.language == language }) else { continue }
                    result.append((language, TerminalText.sanitize(text)))
                }
            }
            return result.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        }

        func languages(_ key: String) throws(TourImportError) -> [String] {
            guard let member = present(key) else { return [] }
            let items = member.arrayElements ?? member.stringValue.map { $0.split(separator: ",").map { JSONValue.string($0.trimmingCharacters(in: .whitespaces)) } } ?? []
            var languages: [String] = []
            for item in items {
                guard let code = item.stringValue, TourDecoder.isLanguageCode(code) else {
                    throw fail(key, "expected language codes like \"it\" or \"en\", got \(RemoteFields.describe(item))")
                }
                if !languages.contains(code) { languages.append(code) }
            }
            return languages
        }

        func latLng(_ key: String) throws(TourImportError) -> (LatLng?, String?) {
            guard let member = present(key) else { return (nil, "no coordinates (\(key) is missing)") }
            guard let lat = member["lat"]?.doubleValue, let lng = member["lng"]?.doubleValue else {
                return (nil, "no coordinates (\(key) has no numeric lat and lng)")
            }
            guard (-90...90).contains(lat), (-180...180).contains(lng) else {
                return (nil, "coordinates out of range (lat \(formatShortNumber(lat)), lng \(formatShortNumber(lng)); expected lat −90…90, lng −180…180)")
            }
            return (LatLng(lat: lat, lng: lng), nil)
        }
    }
}
