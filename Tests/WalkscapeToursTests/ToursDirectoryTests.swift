import Testing
import WalkscapeTestSupport
@testable import WalkscapeTours

/// Where commands look for tours: --tours, $WALKSCAPE_TOURS, ./tours when present, the XDG data directory.
@Suite struct ToursDirectoryTests {
    let present: (String) -> Bool = { $0 == "tours" }
    let absent: (String) -> Bool = { _ in false }

    @Test func anExplicitDirectoryWinsOverEverything() {
        let found = ToursDirectory.resolve(explicit: "/srv/walks", environment: ["WALKSCAPE_TOURS": "/env", "XDG_DATA_HOME": "/data", "HOME": "/home/u"], isDirectory: present)
        expectEqual(found, ToursDirectory(path: "/srv/walks", source: .option))
    }

    @Test func theEnvironmentComesBeforeTheWorkingDirectory() {
        let found = ToursDirectory.resolve(explicit: nil, environment: ["WALKSCAPE_TOURS": "/env/tours", "HOME": "/home/u"], isDirectory: present)
        expectEqual(found, ToursDirectory(path: "/env/tours", source: .environment))
    }

    @Test func aToursDirectoryHereComesBeforeTheDataDirectory() {
        let found = ToursDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"], isDirectory: present)
        expectEqual(found, ToursDirectory(path: "tours", source: .workingDirectory))
    }

    @Test func theDataDirectoryIsXDGDataHomeElseHomeLocalShare() {
        expectEqual(ToursDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"], isDirectory: absent), ToursDirectory(path: "/data/walkscape/tours", source: .dataHome))
        expectEqual(ToursDirectory.resolve(explicit: nil, environment: ["HOME": "/home/u/"], isDirectory: absent).path, "/home/u/.local/share/walkscape/tours")
        // A relative XDG_DATA_HOME is invalid (XDG Base Directory specification) and ignored.
        expectEqual(ToursDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"], isDirectory: absent).path, "/home/u/.local/share/walkscape/tours")
    }

    @Test func emptyValuesCountAsUnset() {
        let found = ToursDirectory.resolve(explicit: "", environment: ["WALKSCAPE_TOURS": "", "XDG_DATA_HOME": "", "HOME": "/h"], isDirectory: absent)
        expectEqual(found, ToursDirectory(path: "/h/.local/share/walkscape/tours", source: .dataHome))
    }
}
