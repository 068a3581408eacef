import Foundation
import Testing
import WalkscapeTestSupport

/// `walkscape remove` given an id or slug that more than one tour in the directory has.
@Suite struct RemoveCLITests {
    @Test func anIDTwoToursShareIsRefusedAsAmbiguousAndToursFlagsIt() throws {
        let copy = try TourCopy("torino-portici")
        defer { copy.remove() }
        let first = copy.root + "/a"
        let second = copy.root + "/b"
        try FileManager.default.moveItem(atPath: copy.directory, toPath: first)
        try FileManager.default.copyItem(atPath: first, toPath: second)

        let remove = try CLI.run(["remove", "torino-portici", "--dest", "."], in: copy.root)
        expectEqual(remove.status, 2, "\(remove.stdout)\(remove.stderr)")
        expectEqual(remove.stdout, "")
        expectContains(remove.stderr, "2 tours in ./ have this id or slug (./a, ./b)", "\(remove.stderr)")
        expectTrue(FileManager.default.fileExists(atPath: first + "/tour.json"))
        expectTrue(FileManager.default.fileExists(atPath: second + "/tour.json"))

        let tours = try CLI.run(["tours", "."], in: copy.root)
        expectEqual(tours.status, 0)
        expectContains(tours.stdout, "./a, ./b: the same id torino-portici;", "\(tours.stdout)")

        // The directory itself stays unambiguous.
        let byDirectory = try CLI.run(["remove", "./b"], in: copy.root)
        expectEqual(byDirectory.status, 0, "\(byDirectory.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: second))
        expectTrue(FileManager.default.fileExists(atPath: first + "/tour.json"))
    }
}
