import Foundation
import WalkscapeCore

/// Draws a `FieldPicture` as a standalone SVG 1.1 document for reports: a map (route, regions, walks,
/// triggers, closest approaches, scale bar, north arrow) beside a legend, in colours that stay apart for
/// colour-blind readers (Okabe–Ito) and marks that stay apart in grey print (solid against dashed, dots
/// against crosses). Deterministic: the same picture gives the same bytes.
public enum FieldMapSVG {
    /// Page width in SVG units (pixels at 96 dpi: about A4 landscape at 1123 px).
    static let pageWidth = 1200.0
    static let mapWidth = 820.0
    static let margin = 24.0
    static let headerHeight = 70.0
    static let legendX = margin + mapWidth + 28

    /// Walk colours (Okabe–Ito without yellow, then black).
    static let walkColors = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]

    /// The colour of a region for an advice (blue for a plain simulation).
    static func color(_ verdict: RadiusRecommendation.Verdict?) -> String {
        switch verdict {
        case .keep: return "#1B7837"
        case .raise: return "#E66101"
        case .lower: return "#5E3C99"
        case .tight: return "#B8860B"
        case .noRadius: return "#B2182B"
        case nil: return "#2166AC"
        }
    }

    /// How each basemap class is drawn: fill (areas) or stroke, width and dashes.
    static func basemapStyle(_ featureClass: MapFeatureClass) -> String {
        switch featureClass {
        case .water: return "fill=\"#d4e6f5\" stroke=\"none\""
        case .park: return "fill=\"#e1eed8\" stroke=\"none\""
        case .building: return "fill=\"#e8e5e0\" stroke=\"#d8d4ce\" stroke-width=\"0.5\""
        case .waterway: return "fill=\"none\" stroke=\"#a9cbe8\" stroke-width=\"2\""
        case .railway: return "fill=\"none\" stroke=\"#a0a0a0\" stroke-width=\"1.2\" stroke-dasharray=\"6 3\""
        case .footway: return "fill=\"none\" stroke=\"#c9c9c9\" stroke-width=\"1\" stroke-dasharray=\"3 2\""
        case .serviceRoad: return "fill=\"none\" stroke=\"#d2d2d2\" stroke-width=\"1.6\""
        case .street: return "fill=\"none\" stroke=\"#cfcfcf\" stroke-width=\"3\" stroke-linecap=\"round\""
        case .majorRoad: return "fill=\"none\" stroke=\"#c2c2c2\" stroke-width=\"4.5\" stroke-linecap=\"round\""
        }
    }

    /// The basemap as one path per class (areas first), clipped to the map, and its attribution.
    static func basemapLayer(_ basemap: Basemap, projection: Projection, scale: Double, box: (x: Double, y: Double, width: Double, height: Double)) -> String {
        // Pixels are finer than terminal dots: ask for the level of half a pixel.
        guard let zoom = basemap.level(forMetersPerDot: 0.5 / scale, latitude: projection.center.lat), let features = basemap.levels[zoom] else { return "" }
        var paths: [MapFeatureClass: String] = [:]
        for feature in features {
            var inside = false
            for part in feature.parts where !inside {
                inside = part.contains { p in
                    let q = projection.point(p)
                    return q.x >= box.x - 50 && q.x <= box.x + box.width + 50 && q.y >= box.y - 50 && q.y <= box.y + box.height + 50
                }
            }
            guard inside else { continue }
            var d = paths[feature.featureClass] ?? ""
            for part in feature.parts {
                for (i, p) in part.enumerated() {
                    let q = projection.point(p)
                    d += (i == 0 ? "M" : "L") + n(q.x) + " " + n(q.y)
                }
                if feature.featureClass.isArea { d += "Z" }
            }
            paths[feature.featureClass] = d
        }
        var out = "<g id=\"basemap\">\n"
        for featureClass in MapFeatureClass.allCases {
            guard let d = paths[featureClass], !d.isEmpty else { continue }
            out += "<path class=\"\(featureClass)\" d=\"\(d)\" \(basemapStyle(featureClass))\(featureClass.isArea ? " fill-rule=\"evenodd\"" : "")/>\n"
        }
        if let attribution = basemap.attribution {
            out += "<text x=\"\(n(box.x + box.width - 6))\" y=\"\(n(box.y + box.height - 6))\" font-size=\"11\" text-anchor=\"end\" fill=\"#666666\">\(escaped(attribution))</text>\n"
        }
        return out + "</g>\n"
    }

    static func verdictLabel(_ verdict: RadiusRecommendation.Verdict) -> String {
        switch verdict {
        case .keep: return "keep the radius"
        case .raise: return "raise the radius"
        case .lower: return "lower the radius"
        case .tight: return "tight: little room"
        case .noRadius: return "no radius works"
        }
    }

    /// A local projection: metres east and south of a centre, scaled into the map box.
    struct Projection {
        var center: LatLng
        var cosLat: Double
        var scale: Double
        var offsetX: Double
        var offsetY: Double

        func point(_ p: LatLng) -> (x: Double, y: Double) {
            let k = Geodesy.earthRadiusMeters * .pi / 180
            let east = (p.lng - center.lng) * k * cosLat
            let north = (p.lat - center.lat) * k
            return (offsetX + east * scale, offsetY - north * scale)
        }
    }

    /// The SVG of `picture`; with a `basemap` (the tour's offline map), its streets, water, green areas and
    /// buildings are drawn in pale colours under the route, with the tiles' attribution in the map's corner.
    public static func render(_ picture: FieldPicture, basemap: Basemap? = nil) -> String {
        // Extent: route and regions (walks are clipped to the map, so one GPS jump cannot shrink the rest).
        var extent = picture.route
        for region in picture.regions {
            let reach = max(region.radiusMeters, region.recommendedMeters ?? 0)
            for bearing in [0.0, 90, 180, 270] { extent.append(Geodesy.destination(from: region.location, bearing: bearing, distance: reach)) }
        }
        if extent.isEmpty { extent = picture.walks.flatMap(\.positions) }
        if extent.isEmpty { extent = [LatLng(lat: 0, lng: 0)] }
        let minLat = extent.map(\.lat).min()!, maxLat = extent.map(\.lat).max()!
        let minLng = extent.map(\.lng).min()!, maxLng = extent.map(\.lng).max()!
        let center = LatLng(lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2)
        let cosLat = cos(center.lat * .pi / 180)
        let k = Geodesy.earthRadiusMeters * .pi / 180
        let widthMeters = max(50, (maxLng - minLng) * k * cosLat) * 1.08
        let heightMeters = max(50, (maxLat - minLat) * k) * 1.08
        let mapHeight = min(1100, max(460, mapWidth * heightMeters / widthMeters))
        let scale = min(mapWidth / widthMeters, mapHeight / heightMeters)
        let mapTop = headerHeight
        let projection = Projection(center: center, cosLat: cosLat, scale: scale, offsetX: margin + mapWidth / 2, offsetY: mapTop + mapHeight / 2)

        let legendLines = legendHeight(picture)
        let pageHeight = mapTop + max(mapHeight, legendLines) + margin + 24

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(n(pageWidth))" height="\(n(pageHeight))" viewBox="0 0 \(n(pageWidth)) \(n(pageHeight))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            <title>\(escaped(picture.title))</title>
            <defs><clipPath id="map"><rect x="\(n(margin))" y="\(n(mapTop))" width="\(n(mapWidth))" height="\(n(mapHeight))"/></clipPath></defs>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(n(margin))" y="34" font-size="22" font-weight="bold" fill="#222222">\(escaped(picture.title))</text>
            <text x="\(n(margin))" y="56" font-size="13" fill="#555555">\(escaped(picture.subtitle))</text>
            <rect x="\(n(margin))" y="\(n(mapTop))" width="\(n(mapWidth))" height="\(n(mapHeight))" fill="#fafaf7" stroke="#bbbbbb" stroke-width="1"/>
            <g clip-path="url(#map)">

            """
        if let basemap {
            out += basemapLayer(basemap, projection: projection, scale: scale, box: (margin, mapTop, mapWidth, mapHeight))
        }
        // Regions: a light fill under everything, then the outlines.
        out += "<g id=\"regions\">\n"
        for region in picture.regions {
            let c = projection.point(region.location)
            let color = color(region.verdict)
            out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(region.radiusMeters * scale))\" fill=\"\(color)\" fill-opacity=\"0.07\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
        }
        out += "</g>\n"
        // The route.
        if picture.route.count >= 2 {
            out += "<polyline id=\"route\" points=\"\(points(picture.route, projection))\" fill=\"none\" stroke=\"#8c8c8c\" stroke-opacity=\"0.55\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
        // Walks, thinner and lighter when there are many.
        let many = picture.walks.count > walkColors.count
        out += "<g id=\"walks\" fill=\"none\" stroke-width=\"\(many ? "1" : "1.6")\" stroke-opacity=\"\(many ? "0.35" : "0.8")\" stroke-linejoin=\"round\">\n"
        for (w, walk) in picture.walks.enumerated() where walk.positions.count >= 2 {
            out += "<polyline points=\"\(points(walk.positions, projection))\" stroke=\"\(walkColors[w % walkColors.count])\"><title>\(escaped(walk.name))</title></polyline>\n"
        }
        out += "</g>\n"
        // Advised radii, dashed, above the walks so they read.
        out += "<g id=\"advised\" fill=\"none\" stroke-width=\"2\" stroke-dasharray=\"9 6\">\n"
        for region in picture.regions {
            guard let advised = region.recommendedMeters, advised != region.radiusMeters else { continue }
            let c = projection.point(region.location)
            out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(advised * scale))\" stroke=\"\(color(region.verdict))\"/>\n"
        }
        out += "</g>\n"
        // Closest approaches (crosses) and triggers (dots with a white ring).
        out += "<g id=\"closest\" stroke-width=\"2\" stroke-linecap=\"round\">\n"
        for (w, walk) in picture.walks.enumerated() {
            for mark in walk.closest {
                let p = projection.point(mark.location)
                let cross = "M\(n(p.x - 5)) \(n(p.y - 5))L\(n(p.x + 5)) \(n(p.y + 5))M\(n(p.x - 5)) \(n(p.y + 5))L\(n(p.x + 5)) \(n(p.y - 5))"
                out += "<path d=\"\(cross)\" stroke=\"#ffffff\" stroke-width=\"4.5\"/><path d=\"\(cross)\" stroke=\"\(walkColors[w % walkColors.count])\"/>\n"
            }
        }
        out += "</g>\n<g id=\"triggers\" stroke=\"#ffffff\" stroke-width=\"1.5\">\n"
        for (w, walk) in picture.walks.enumerated() {
            for mark in walk.triggers {
                let p = projection.point(mark.location)
                out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"5\" fill=\"\(walkColors[w % walkColors.count])\"/>\n"
            }
        }
        out += "</g>\n"
        // Point markers with their numbers.
        out += "<g id=\"points\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\">\n"
        for region in picture.regions {
            let c = projection.point(region.location)
            out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"11\" fill=\"#ffffff\" stroke=\"\(color(region.verdict))\" stroke-width=\"2.5\"/>"
            out += "<text x=\"\(n(c.x))\" y=\"\(n(c.y + 4.3))\" fill=\"#222222\">\(region.order)</text>\n"
        }
        out += "</g>\n</g>\n"

        // North arrow (top right of the map) and scale bar (bottom left).
        let nx = margin + mapWidth - 28, ny = mapTop + 16
        out += "<g id=\"north\"><path d=\"M\(n(nx)) \(n(ny))L\(n(nx + 8)) \(n(ny + 24))L\(n(nx)) \(n(ny + 18))L\(n(nx - 8)) \(n(ny + 24))Z\" fill=\"#333333\"/>"
        out += "<text x=\"\(n(nx))\" y=\"\(n(ny + 40))\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#333333\">N</text></g>\n"
        let barMeters = roundLength(atMost: mapWidth / 4 / scale)
        let barWidth = barMeters * scale
        let bx = margin + 16, by = mapTop + mapHeight - 22
        out += "<g id=\"scale\" font-size=\"12\" fill=\"#333333\">"
        out += "<rect x=\(q(bx - 6)) y=\(q(by - 18)) width=\(q(barWidth + 70)) height=\"30\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>"
        for half in 0..<2 {
            out += "<rect x=\(q(bx + Double(half) * barWidth / 2)) y=\(q(by)) width=\(q(barWidth / 2)) height=\"6\" fill=\"\(half == 0 ? "#333333" : "#ffffff")\" stroke=\"#333333\" stroke-width=\"1\"/>"
        }
        out += "<text x=\(q(bx)) y=\(q(by - 5))>0</text><text x=\(q(bx + barWidth)) y=\(q(by - 5)) text-anchor=\"middle\">\(lengthLabel(barMeters))</text></g>\n"

        out += legend(picture, x: legendX, y: mapTop)
        out += "<text x=\"\(n(margin))\" y=\"\(n(pageHeight - 14))\" font-size=\"11\" fill=\"#777777\">walkscape · distances are haversine metres; circles are trigger regions at the tour's radius</text>\n"
        out += "</svg>\n"
        return out
    }

    static func legendHeight(_ picture: FieldPicture) -> Double {
        let walkLines = picture.walks.count > walkColors.count ? 1 : picture.walks.count
        let verdicts = Set(picture.regions.compactMap(\.verdict)).count
        return Double(6 + walkLines + verdicts + picture.regions.count) * 20 + 80
    }

    static func legend(_ picture: FieldPicture, x: Double, y: Double) -> String {
        var out = "<g id=\"legend\" font-size=\"12.5\" fill=\"#222222\">\n"
        var line = y + 14
        func text(_ value: String, dx: Double = 30, bold: Bool = false, color: String = "#222222") {
            out += "<text x=\"\(n(x + dx))\" y=\"\(n(line + 4))\"\(bold ? " font-weight=\"bold\"" : "") fill=\"\(color)\">\(escaped(value))</text>\n"
        }
        text("Legend", dx: 0, bold: true)
        line += 24
        out += "<line x1=\"\(n(x))\" y1=\"\(n(line))\" x2=\"\(n(x + 22))\" y2=\"\(n(line))\" stroke=\"#8c8c8c\" stroke-opacity=\"0.55\" stroke-width=\"7\" stroke-linecap=\"round\"/>"
        text("route")
        line += 20
        if picture.walks.count > walkColors.count {
            for (k, color) in walkColors.enumerated() {
                out += "<line x1=\"\(n(x + Double(k) * 3.2))\" y1=\"\(n(line - 6))\" x2=\"\(n(x + Double(k) * 3.2))\" y2=\"\(n(line + 6))\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            }
            text("\(picture.walks.count) recorded walks")
            line += 20
        } else {
            for (w, walk) in picture.walks.enumerated() {
                out += "<line x1=\"\(n(x))\" y1=\"\(n(line))\" x2=\"\(n(x + 22))\" y2=\"\(n(line))\" stroke=\"\(walkColors[w % walkColors.count])\" stroke-width=\"2\"/>"
                text(shortened(String(walk.name.split(separator: "/").last ?? Substring(walk.name)), 34))
                line += 20
            }
        }
        let sample = color(picture.regions.first?.verdict)
        out += "<circle cx=\"\(n(x + 11))\" cy=\"\(n(line))\" r=\"8\" fill=\"\(sample)\" fill-opacity=\"0.07\" stroke=\"\(sample)\" stroke-width=\"2\"/>"
        text("trigger region (tour's radius)")
        line += 20
        if picture.regions.contains(where: { $0.recommendedMeters != nil }) {
            out += "<circle cx=\"\(n(x + 11))\" cy=\"\(n(line))\" r=\"8\" fill=\"none\" stroke=\"\(sample)\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>"
            text("advised radius")
            line += 20
        }
        out += "<circle cx=\"\(n(x + 11))\" cy=\"\(n(line))\" r=\"5\" fill=\"#0072B2\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
        text("where the point triggered")
        line += 20
        out += "<path d=\"M\(n(x + 7)) \(n(line - 4))L\(n(x + 15)) \(n(line + 4))M\(n(x + 7)) \(n(line + 4))L\(n(x + 15)) \(n(line - 4))\" stroke=\"#0072B2\" stroke-width=\"1.8\"/>"
        text("closest approach")
        line += 20
        let verdicts = RadiusRecommendation.Verdict.allCases.filter { verdict in picture.regions.contains { $0.verdict == verdict } }
        for verdict in verdicts {
            out += "<rect x=\"\(n(x + 4))\" y=\"\(n(line - 7))\" width=\"14\" height=\"14\" fill=\"\(color(verdict))\"/>"
            text(verdictLabel(verdict))
            line += 20
        }
        line += 12
        text("Points", dx: 0, bold: true)
        line += 22
        for region in picture.regions {
            var label = "\(region.order)  " + shortened(region.title, 26) + "  \(lengthLabel(region.radiusMeters))"
            if let advised = region.recommendedMeters, advised != region.radiusMeters { label += " → \(lengthLabel(advised))" }
            if region.verdict == RadiusRecommendation.Verdict.noRadius { label += " (none works)" }
            text(label, dx: 0, color: color(region.verdict))
            line += 20
        }
        out += "</g>\n"
        return out
    }

    /// The largest of 1, 2, 5 × 10ⁿ metres not above `meters`.
    static func roundLength(atMost meters: Double) -> Double {
        guard meters >= 1 else { return 1 }
        let magnitude = pow(10, floor(log10(meters)))
        for factor in [5.0, 2, 1] where factor * magnitude <= meters { return factor * magnitude }
        return magnitude
    }

    static func lengthLabel(_ meters: Double) -> String {
        meters >= 1000 ? formatShortNumber((meters / 100).rounded() / 10) + " km" : formatFixed(meters, 0) + " m"
    }

    /// Positions as an SVG `points` list, leaving out those less than 0.75 unit from the last kept one.
    static func points(_ positions: [LatLng], _ projection: Projection) -> String {
        var out = ""
        var last: (x: Double, y: Double)?
        for (index, position) in positions.enumerated() {
            let p = projection.point(position)
            if let l = last, index < positions.count - 1, (p.x - l.x) * (p.x - l.x) + (p.y - l.y) * (p.y - l.y) < 0.5625 { continue }
            if !out.isEmpty { out += " " }
            out += n(p.x) + "," + n(p.y)
            last = p
        }
        return out
    }

    /// A number with one decimal, without a trailing `.0`.
    static func n(_ value: Double) -> String {
        let text = formatFixed(value, 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A quoted attribute value.
    static func q(_ value: Double) -> String { "\"" + n(value) + "\"" }

    static func shortened(_ text: String, _ width: Int) -> String {
        DisplayWidth.truncate(TerminalText.sanitize(text), to: width)
    }

    static func escaped(_ text: String) -> String { XMLText.escaped(text) }
}
