import Foundation
import Testing
import WalkscapeTestSupport

/// The offline map in the field-testing outputs: `radii --map` and the `--svg` pictures of `radii` and `simulate`
/// draw the Helsinki tour's streets with the attribution; a tour without tiles draws none, as before.
@Suite struct MapCLITests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "walkscape-map-\(UUID().uuidString)-" + name }
    static let trace = "fixtures/traces/helsinki-keskusta-clean.gpx"

    @Test func radiiMapAndPicturesDrawTheStreets() throws {
        let svg = Self.temporary("radii.svg")
        let simulateSVG = Self.temporary("simulate.svg")
        defer {
            try? FileManager.default.removeItem(atPath: svg)
            try? FileManager.default.removeItem(atPath: simulateSVG)
        }
        let radii = try CLI.run(["radii", "tours/helsinki-keskusta", "--trace", Self.trace, "--map", "--svg", svg])
        #expect(radii.status == 0, "\(radii.stderr)")
        #expect(radii.stdout.contains("© OpenStreetMap contributors"))
        #expect(radii.stdout.contains("Aleksanterinkatu") || radii.stdout.contains("Eteläesplanadi"), "\(radii.stdout)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("<g id=\"basemap\">"))
        #expect(picture.contains("<path class=\"building\""))
        #expect(picture.contains("<path class=\"majorRoad\""))
        #expect(picture.contains("© OpenStreetMap contributors</text>"))

        let simulate = try CLI.run(["simulate", "tours/helsinki-keskusta", "--trace", Self.trace, "--svg", simulateSVG])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(try String(contentsOfFile: simulateSVG, encoding: .utf8).contains("<g id=\"basemap\">"))
    }

    @Test func aTourWithoutTilesDrawsNoBasemap() throws {
        let svg = Self.temporary("torino.svg")
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let radii = try CLI.run(["radii", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--map", "--svg", svg])
        #expect(radii.status == 0)
        #expect(!radii.stdout.contains("OpenStreetMap"))
        #expect(!(try String(contentsOfFile: svg, encoding: .utf8)).contains("basemap"))
    }

    @Test func validateReadsEveryTile() throws {
        let result = try CLI.run(["validate", "tours/helsinki-keskusta"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("tours/helsinki-keskusta: valid (0 errors"))
    }
}
