import Testing
import WalkscapeTestSupport
import WalkscapeCore
@testable import WalkscapeTraces

/// gpsd's JSON reports as `track --gps gpsd://` reads them (gpsd 3.22's TPV, VERSION and others).
@Suite struct GPSDReportTests {
    func parse(_ text: String) throws -> GPSDReport { try GPSDReport.parse(Array(text.utf8)) }

    @Test func aTPVWithA3DFixIsAFixAtItsTimeWithEphAsTheAccuracy() throws {
        let line = #"{"class":"TPV","device":"/dev/pts/3","mode":3,"time":"2026-05-09T09:00:01.000Z","ept":0.005,"lat":45.062959600,"lon":7.678807200,"altHAE":239.000,"epx":4.1,"epy":5.2,"eph":7.3,"speed":1.209,"track":27.9}"#
        guard case let .fix(fix, device) = try parse(line) else { Issue.record("no fix"); return }
        expectEqual(device, "/dev/pts/3")
        expectEqual(fix.time, 1_778_317_201)
        expectEqual(fix.location, LatLng(lat: 45.0629596, lng: 7.6788072))
        expectEqual(fix.accuracy, 7.3)
    }

    @Test func withoutEphTheLargerOfEpxAndEpyIsTheAccuracyAndWithNoneItIsUnknown() throws {
        guard case let .fix(a, _) = try parse(#"{"class":"TPV","mode":2,"time":"2026-05-09T09:00:01Z","lat":45,"lon":7,"epx":4.5,"epy":9.25}"#),
              case let .fix(b, _) = try parse(#"{"class":"TPV","mode":2,"time":"2026-05-09T09:00:01Z","lat":45,"lon":7,"eph":-1}"#) else {
            Issue.record("no fix")
            return
        }
        expectEqual(a.accuracy, 9.25)
        expectTrue(b.accuracy.isNaN)
    }

    @Test func noFixYetABadTimeOrAPositionOutOfRangeIsNoFixWithTheReason() throws {
        #expect(try parse(#"{"class":"TPV","mode":1,"time":"2026-05-09T09:00:01Z"}"#) == .noFix(reason: "mode 1: no fix yet"))
        #expect(try parse(#"{"class":"TPV","mode":3,"lat":45,"lon":7}"#) == .noFix(reason: "no time between 1980 and 2100"))
        #expect(try parse(#"{"class":"TPV","mode":3,"time":"1970-01-01T00:00:00Z","lat":45,"lon":7}"#) == .noFix(reason: "no time between 1980 and 2100"))
        #expect(try parse(#"{"class":"TPV","mode":3,"time":"2026-05-09T09:00:01Z","lat":95,"lon":7}"#) == .noFix(reason: "no latitude and longitude in range"))
        #expect(try parse(#"{"class":"TPV","mode":3,"time":"2026-05-09T09:00:01Z","lat":45,"lon":1e308}"#) == .noFix(reason: "no latitude and longitude in range"))
        #expect(try parse(#"{"class":"TPV","mode":3,"time":"2026-05-09T09:00:01Z","lat":"45","lon":7}"#) == .noFix(reason: "no latitude and longitude in range"))
    }

    @Test func aDeviceNameLongerThanGpsdAllowsIsAFixWithoutADevice() throws {
        let name = String(repeating: "d", count: 8192)
        guard case let .fix(_, device) = try parse(#"{"class":"TPV","device":"\#(name)","mode":2,"time":"2026-05-09T09:00:01Z","lat":45,"lon":7}"#),
              case let .fix(_, kept) = try parse(#"{"class":"TPV","device":"/dev/\#(String(repeating: "d", count: GPSDReport.maxDeviceNameBytes - 5))","mode":2,"time":"2026-05-09T09:00:01Z","lat":45,"lon":7}"#) else {
            Issue.record("no fix")
            return
        }
        expectTrue(device == nil)
        expectTrue(kept?.utf8.count == GPSDReport.maxDeviceNameBytes)
    }

    @Test func otherClassesAreNamedAndAnythingElseIsAnError() throws {
        #expect(try parse(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#) == .version("3.22"))
        #expect(try parse(#"{"class":"SKY","satellites":[]}"#) == .other("SKY"))
        #expect(try parse(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":0}"#) == .deviceGone("/dev/ttyACM0"))
        #expect(try parse(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2026-11-26T15:02:33.536Z"}"#) == .other("DEVICE"))
        #expect(throws: GPSDReportError.self) { try parse("$GPRMC,090000.00,A,4503.77700,N,00740.72800,E,2.35,27.9,090526,,,A*5C") }
        #expect(throws: GPSDReportError.self) { try parse(#"{"mode":3}"#) }
        #expect(throws: GPSDReportError.self) { try GPSDReport.parse(Array(repeating: 0x20, count: GPSDReport.maxLineBytes + 1)) }
    }
}
