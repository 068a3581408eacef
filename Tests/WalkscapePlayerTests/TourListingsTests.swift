import Foundation
import Testing
import WalkscapeCore
import WalkscapeTUI
import WalkscapeTestSupport
import WalkscapeTours
@testable import WalkscapePlayer

/// What the catalogue lists for the tours on disk: the walks found for each, and the download a tour that
/// records where it came from can run.
@Suite struct TourListingsTests {
    @Test func walksAreTheSimulatedOneThenTheTracesNamedAfterTheTourShortened() throws {
        let catalogue = try Catalogue(directory: repositoryRoot + "/tours")
        let listings = TourListings.make(catalogue, language: "en", searchDirectories: [repositoryRoot + "/fixtures/traces"], token: nil)
        let turin = try #require(listings.first { $0.id == "torino-portici" })
        expectTrue(turin.isReady)
        expectEqual(turin.walks.first, TourListing.WalkChoice(name: "simulated walk", path: nil))
        let names = turin.walks.dropFirst().map(\.name)
        expectTrue(names.contains("clean") && names.contains("noisy"))
        expectEqual(names, names.sorted())
        expectTrue(turin.walks.dropFirst().allSatisfy { $0.path?.hasPrefix(repositoryRoot + "/fixtures/traces/torino-portici-") == true })
        // Paris's traces are not Turin's walks.
        expectTrue(!turin.walks.contains { $0.path?.contains("paris") == true })
    }

    @Test func theDownloadArgumentsComeFromWhereTheTourCameFrom() throws {
        let loaded = try TourLoader.load(repositoryRoot + "/tours/torino-portici")
        let tour = try #require(loaded.tour)
        // The sample tour records no source: nothing to run.
        expectTrue(TourListings.downloadArguments(document: loaded.document, tour: tour, directory: "tours/torino-portici", token: nil) == nil)
        expectEqual(TourListings.downloadOffer(document: loaded.document, tour: tour, token: nil), .unknownSource)
        let document = try JSONParser().parse(#"{"x-walkscape-source": {"api": "https://tours.example/api", "tourId": "tp-7"}}"#)
        expectEqual(
            TourListings.downloadArguments(document: document, tour: tour, directory: "tours/torino-portici", token: nil), ["download", "--api", "https://tours.example/api", "tp-7", "--lang", tour.languages.joined(separator: ","), "--dest", "tours"])
        expectEqual(TourListings.downloadOffer(document: document, tour: tour, token: nil), .runnable(host: "tours.example"))
    }
}
