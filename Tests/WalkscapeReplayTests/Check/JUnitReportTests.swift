import Testing
import WalkscapeTestSupport
import WalkscapeReplay

@Suite struct JUnitReportTests {
    @Test func failuresAndErrorsAreCountedApartAndEscaped() {
        let xml = JUnitReport.xml([
            CheckResult(name: "ok", outcome: .passed, seconds: 0.25),
            CheckResult(name: "a <b> & \"c\"", outcome: .failed("first line\nsecond\u{1}"), seconds: 0.5),
            CheckResult(name: "gone", outcome: .broken("cannot be read"), seconds: 0),
        ], suiteName: "suite's")
        #expect(xml.contains(#"<testsuites tests="3" failures="1" errors="1" time="0.750">"#))
        #expect(xml.contains(#"<testsuite name="suite&apos;s""#))
        #expect(xml.contains(#"name="a &lt;b&gt; &amp; &quot;c&quot;""#))
        #expect(xml.contains(#"<failure message="first line">first line"#))
        expectTrue(!xml.contains("\u{1}"))
        #expect(xml.contains(#"<error message="cannot be read">cannot be read</error>"#))
        #expect(xml.contains(#"<testcase classname="walkscape.check" name="ok" time="0.250"/>"#))
    }
}
