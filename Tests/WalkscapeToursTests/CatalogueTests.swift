import Foundation
import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTours

@Suite struct CatalogueTests {
    @Test func listsToursAndSetsBrokenOnesAside() throws {
        let sandbox = try TourSandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.root + "/broken", withIntermediateDirectories: true)
        try Data("{\"formatVersion\": 1,".utf8).write(to: URL(fileURLWithPath: sandbox.root + "/broken/tour.json"))
        try FileManager.default.createDirectory(atPath: sandbox.root + "/not-a-tour", withIntermediateDirectories: true)
        let catalogue = try Catalogue(directory: sandbox.root)
        expectEqual(catalogue.entries.map(\.directory), [sandbox.root + "/broken", sandbox.root + "/tour"])
        expectTrue(catalogue.entries[0].tour == nil)
        expectTrue(catalogue.entries[0].errors.first?.location.hasPrefix("line 1") == true)
        expectTrue(catalogue.entries[1].tour?.id == "sandbox")
    }

    @Test func aMissingDirectoryIsAnError() {
        #expect(throws: TourFileError.self) { try Catalogue(directory: "/nonexistent/tours") }
    }
}
