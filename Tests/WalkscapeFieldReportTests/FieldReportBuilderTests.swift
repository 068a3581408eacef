import Foundation
import Testing
import WalkscapeCore
import WalkscapeReports
import WalkscapeFieldReport
import WalkscapeTestSupport
import WalkscapeTours
import WalkscapeTraces

/// The field report's data from the torino-portici tour (7 points, Italian recordings) and its fixture walks:
/// a golden of the data, the same bytes on every build, the recordings as the tour has them.
@Suite struct FieldReportBuilderTests {
    static let tour = "tours/torino-portici"
    static let brisk = "fixtures/traces/torino-portici-brisk.gpx"
    static let walks = ["fixtures/traces/torino-portici-clean.gpx", brisk, "fixtures/traces/torino-portici-missed.gpx"]

    /// The inputs `walkscape report` makes for `traces` (paths from the repository root), default policy.
    static func inputs(
        _ traces: [String], language: String = "it", profile: EngineProfile = .prd, phases: Int? = nil, trials: RadiusTrials = .none
    ) throws -> FieldReportInputs {
        let replay = try ReplayTour.load(repositoryRoot + "/" + tour, language: language)
        let policy = profile.policy
        var walks: [FieldReportInputs.SimulatedWalk] = []
        for file in traces {
            let loaded = try TraceFileReader.readForReplay(path: repositoryRoot + "/" + file)
            walks.append(FieldReportInputs.SimulatedWalk(
                file: file, path: repositoryRoot + "/" + file, trace: loaded.trace, summary: loaded.summary,
                timeline: Simulation.run(tour: replay.engineTour, trace: loaded.trace, policy: policy)))
        }
        let n = phases ?? 1  // as `radii --phases N` and `report --phases N`
        let radii = RadiusAnalysis(
            tour: replay.engineTour, path: SyntheticWalk.path(for: replay.tour), policy: policy, sweepRadii: trials.sweepRadii, noise: trials.noise
        ).run(walks.flatMap { walk in
            PhaseSpread.fractions(n).enumerated().map { k, phase in
                RadiusAnalysis.RecordedWalk(name: n > 1 ? "\(walk.file)@\(k)/\(n)" : walk.file, trace: walk.trace, phase: phase)
            }
        })
        var options: [String: ReportData.OptionValue] = ["lang": .string(language), "queueDepth": .number(1)]
        if let phases { options["phases"] = .number(Double(phases)) }
        return FieldReportInputs(
            tour: replay, tourArgument: tour, walks: walks, policy: policy, profile: profile.rawValue,
            options: options,
            command: "walkscape report \(tour) --trace \(traces.joined(separator: " ")) --output report.html",
            walkscapeVersion: "test", radii: radii)
    }

    /// The data's JSON with each recording's bytes left out (they are checked byte for byte elsewhere).
    static func goldenText(_ data: ReportData) throws -> String {
        var data = data
        for index in data.tour.points.indices {
            guard let audio = data.tour.points[index].narration?.audio else { continue }
            data.tour.points[index].narration?.audio?.src = "data:\(audio.mimeType);base64,(\(audio.bytes) bytes left out of the golden)"
        }
        return String(decoding: try ReportJSON.encode(data), as: UTF8.self) + "\n"
    }

    /// The brisk walk with the default rules; and under the Android app's fix delivery at 3 phases, with a
    /// sweep and noise trials (the phases' walks on the map, radii's grids in the advice).
    @Test(arguments: [
        ("torino-portici-brisk.json", EngineProfile.prd, nil, false), ("torino-portici-brisk-android-phases-trials.json", .android5c84126, 3, true),
    ] as [(String, EngineProfile, Int?, Bool)])
    func dataMatchesGolden(golden: String, profile: EngineProfile, phases: Int?, withTrials: Bool) throws {
        let trials = withTrials ? try RadiusTrials(sweep: "50:300:50", noise: 8, runs: 4, seed: 1, jumps: 4, dropouts: 4, traces: 1, phases: phases) : .none
        let data = try FieldReportBuilder.data(Self.inputs([Self.brisk], profile: profile, phases: phases, trials: trials))
        let actual = try Self.goldenText(data)
        let path = repositoryRoot + "/Tests/WalkscapeFieldReportTests/Golden/" + golden
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
        }
        let expected = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        if actual != expected {
            let at = zip(actual, expected).prefix { $0 == $1 }.count
            Issue.record("the data differs from Golden/\(golden) at character \(at): \(actual.dropFirst(max(0, at - 80)).prefix(200))")
        }
    }

    @Test func twoBuildsGiveTheSameBytes() throws {
        let first = try ReportPage.html(FieldReportBuilder.data(Self.inputs(Self.walks)))
        let second = try ReportPage.html(FieldReportBuilder.data(Self.inputs(Self.walks)))
        expectEqual(first, second)
        // And the page depends on its inputs: another language is another page.
        let english = try ReportPage.html(FieldReportBuilder.data(Self.inputs(Self.walks, language: "en")))
        expectTrue(english != first)
    }

    @Test func recordingsAreTheTourFilesByteForByte() throws {
        let page = try ReportPage.html(FieldReportBuilder.data(Self.inputs(Self.walks)))
        let json = try #require(ReportPage.dataJSON(in: page))
        let data = try JSONDecoder().decode(ReportData.self, from: Data(json))
        expectEqual(data.tour.points.count, 7)
        var audioBytes = 0
        for point in data.tour.points {
            let audio = try #require(point.narration?.audio)
            expectTrue(audio.src.hasPrefix("data:audio/mpeg;base64,"))
            let embedded = try #require(Data(base64Encoded: String(audio.src.dropFirst("data:audio/mpeg;base64,".count))))
            let file = try #require(FileManager.default.contents(atPath: repositoryRoot + "/tours/torino-portici/audio/it/p\(point.order).mp3"))
            expectEqual(embedded, file, "point \(point.order)")
            expectEqual(audio.bytes, file.count)
            audioBytes += file.count
        }
        // The issue's bound: the recordings plus at most 2 MB (base64 adds a third of the recordings).
        expectTrue(page.count < audioBytes + 2_000_000, "\(page.count) bytes for \(audioBytes) bytes of recordings")
    }

    @Test func walksAreTheSimulatedTimelines() throws {
        let inputs = try Self.inputs(Self.walks)
        let data = try FieldReportBuilder.data(inputs)
        expectEqual(data.walks.map(\.name), ["torino-portici-clean.gpx", "torino-portici-brisk.gpx", "torino-portici-missed.gpx"])
        expectTrue(data.provenance.traces.map(\.sha256).allSatisfy { $0.count == 64 })
        for (walk, input) in zip(data.walks, inputs.walks) {
            let started = input.timeline.events.filter { $0.kind == .audioStarted }
            expectEqual(walk.narrations.map(\.point), started.map { $0.point! })
            expectEqual(walk.narrations.map(\.startT), started.map { ReportRounding.seconds($0.t) })
            expectTrue(walk.narrations.allSatisfy { $0.triggerT <= $0.startT && $0.startT < $0.endT })
            expectEqual(walk.overlaps.count, walk.narrations.filter { $0.startT > $0.triggerT }.count)
            expectEqual(walk.fixes.count, input.trace.count)
            expectEqual((walk.completedT != nil), input.timeline.events.contains { $0.kind == .tourCompleted })
            // Each fix heads for the first point not yet triggered once it was handled (strict order, no skips here).
            let triggered = Dictionary(walk.narrations.map { ($0.point, $0.triggerT) }, uniquingKeysWith: min)
            let wrong = walk.fixes.filter { fix in fix.nextPoint != (1...7).first { order in triggered[order].map { $0 > fix.t } ?? true } }
            expectTrue(wrong.isEmpty, "\(walk.name): \(wrong.count) fixes, first at t = \(wrong.first?.t ?? 0)")
            expectTrue(walk.fixes.allSatisfy { ($0.nextPoint == nil) == ($0.distanceToNext == nil) })
            let heard = Set(walk.narrations.map(\.point))
            expectTrue(walk.missed.allSatisfy { !heard.contains($0.point) })
            expectEqual(heard.count + walk.missed.count, 7, "\(walk.name)")
        }
        // The walk that strays from the route misses a point; the others hear all seven.
        expectEqual(data.walks.map { $0.missed.isEmpty }, [true, true, false])
        expectTrue(data.advice?.rows.count == 7)
        expectTrue(data.tour.points.allSatisfy { $0.narration?.subtitles["it"]?.isEmpty == false && $0.narration?.subtitles["en"]?.isEmpty == false })
    }

    @Test func phasesAddTheirSpreadToTheAdvice() throws {
        var inputs = try Self.inputs(Self.walks)
        try expectTrue(FieldReportBuilder.data(inputs).advice?.columns.contains { $0.key == "phasesSpread" } == false)
        inputs.options["phases"] = .number(5)
        let advice = try #require(try FieldReportBuilder.data(inputs).advice)
        expectTrue(advice.columns.last?.label == "Phases (spread)")
        expectEqual(advice.title, "Trigger radii from 3 walks (prd, 5 phases)", "\(advice.title)")
        let spreads = inputs.walks.map { PhaseSpread.run(tour: inputs.tour.engineTour, trace: $0.trace, policy: inputs.policy, phases: 5) }
        for row in advice.rows {
            let plays = spreads.reduce(0) { $0 + ($1.points.first { $0.order == row.point }?.plays ?? 0) }
            expectTrue(row.cells["phasesSpread"]?.hasPrefix("\(plays)/15") == true, "\(row)")
        }
        // The walk that strays never plays its last points: they play in fewer than every phase.
        expectTrue(advice.rows.contains { !($0.cells["phasesSpread"]?.hasPrefix("15/15") ?? true) })
    }

    /// With --phases N each walk carries its replay under each phase: phase 0 is the walk, each phase's
    /// narrations are its simulated timeline's, and its fixes those the phone's delivery hands over then.
    @Test(arguments: [EngineProfile.prd, .android5c84126, .ios5c84126])
    func phasesPutEachPhasesWalkOnTheMap(profile: EngineProfile) throws {
        let inputs = try Self.inputs(Self.walks, profile: profile, phases: 4)
        let data = try FieldReportBuilder.data(inputs)
        for (walk, input) in zip(data.walks, inputs.walks) {
            let phases = try #require(walk.phases)
            expectTrue(phases.map(\.k) == [0, 1, 2, 3] && phases.allSatisfy { $0.of == 4 })
            expectTrue(phases[0].narrations == walk.narrations && phases[0].missed == walk.missed && phases[0].completedT == walk.completedT)
            for phase in phases {
                let timeline = Simulation.run(tour: inputs.tour.engineTour, trace: input.trace, policy: inputs.policy, phase: Double(phase.k) / 4)
                expectEqual(phase.narrations.map(\.point), timeline.events.filter { $0.kind == .audioStarted }.map { $0.point! })
                var filter = FixDeliveryFilter(inputs.policy.fixDelivery, distance: inputs.policy.distanceModel, phase: Double(phase.k) / 4)
                let delivered = (0..<input.trace.count).filter { filter.delivers(t: input.trace.elapsed($0), location: input.trace.location($0)) }
                if profile == .prd {
                    expectTrue(walk.track == nil && phase.fixes == nil)
                    expectEqual(delivered.count, walk.fixes.count)
                } else {
                    expectTrue(walk.track?.count == input.trace.count)
                    let gaps = try #require(phase.fixes)
                    expectEqual(gaps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }, delivered, "phase \(phase.k)")
                    if phase.k == 0 { expectEqual(delivered.count, walk.fixes.count) }
                }
            }
            // The phases move the phone's delivery: on Android's 7.5 s grid some phase hears a point at another time.
            if profile == .android5c84126 {
                expectTrue(Set(phases.map { $0.narrations.map(\.triggerT) }).count > 1, "\(walk.name)")
            }
        }
        // Without --phases the walks carry none.
        try expectTrue(FieldReportBuilder.data(Self.inputs(Self.walks, profile: profile)).walks.allSatisfy { $0.phases == nil && $0.track == nil })
    }

    /// With --sweep and --noise the advice carries radii's figures: a column each and its grids, cell for cell
    /// as `RadiusReportWriter` prints them for the same analysis.
    @Test func sweepAndNoiseFiguresAreRadiisOwn() throws {
        let trials = try RadiusTrials(sweep: "50:300:25", noise: 8, runs: 3, seed: 2, jumps: 4, dropouts: 4, traces: 3, phases: nil)
        let inputs = try Self.inputs(Self.walks, trials: trials)
        let advice = try #require(try FieldReportBuilder.data(inputs).advice)
        let radii = try #require(inputs.radii)
        expectEqual(advice.columns.map(\.key).suffix(2), ["sweep", "noise"])
        let writer = RadiusReportWriter()
        let grids = try #require(advice.grids)
        expectEqual(grids.map(\.key), ["sweepShare", "sweepDelay", "noise"])
        for (grid, figure) in zip(grids, [RadiusReportWriter.GridFigure.sweepShare, .sweepDelay, .noise]) {
            let rows = writer.grid(radii, figure)
            #expect([["#"] + grid.radii] + grid.rows.map { ["\($0.point)"] + $0.cells } == rows)
            expectEqual(grid.radii.count, 11)
        }
        let text = writer.text(radii)
        for grid in grids {
            expectTrue(text.contains(grid.title + "\n"), "\(grid.title)")
            for note in grid.notes { expectTrue(text.contains(note + "\n"), "\(note)") }
        }
        for (row, point) in zip(advice.rows, radii.points) {
            expectTrue(row.cells["sweep"] == point.sweepTriggersEveryWalkFrom.map { String(format: "%.0f m", $0) } ?? "none swept")
            expectTrue(row.cells["noise"] == point.noiseReliableFrom.map { String(format: "%.0f m", $0) } ?? "none swept")
        }
        // Without them: no such columns, no grids.
        let plain = try #require(try FieldReportBuilder.data(Self.inputs(Self.walks)).advice)
        expectTrue(plain.grids == nil && !plain.columns.contains { $0.key == "sweep" || $0.key == "noise" })
    }

    @Test func textsFromFilesCannotEndTheScript() throws {
        var data = try FieldReportBuilder.data(Self.inputs([Self.brisk]))
        data.tour.title["it"] = "</script><script>alert(1)</script> & \u{2028}"
        let page = try ReportPage.html(data)
        let json = try #require(ReportPage.dataJSON(in: page))
        expectTrue(!json.contains(UInt8(ascii: "<")) && !json.contains(UInt8(ascii: ">")) && !json.contains(UInt8(ascii: "&")))
        let decoded = try JSONDecoder().decode(ReportData.self, from: Data(json))
        expectEqual(decoded.tour.title["it"], "</script><script>alert(1)</script> & \u{2028}")
        expectEqual(decoded, data)
    }

    /// The template is the text between the raw string's delimiter lines in ReportPageTemplate.swift, which is
    /// where tools/report/check_page.py reads it (and rewrites its CSP): one placeholder, a whole HTML page.
    @Test func theTemplateIsTheRawStringCheckPageReads() throws {
        let source = try String(contentsOfFile: repositoryRoot + "/Sources/WalkscapeFieldReport/ReportPageTemplate.swift", encoding: .utf8)
        let open = try #require(source.range(of: "static let html = #\"\"\"\n"))
        let close = try #require(source.range(of: "\n\"\"\"#\n", range: open.upperBound..<source.endIndex))
        let between: String = String(source[open.upperBound..<close.lowerBound])
        expectEqual(ReportPage.template, Array(between.utf8))
        expectTrue(between.hasPrefix("<!doctype html>") && between.hasSuffix("</html>\n"))
        expectEqual(between.components(separatedBy: ReportPage.placeholder).count, 2)
        #expect(throws: FieldReportError.self) { try ReportPage.fill(template: Array("no placeholder".utf8), json: Array("{}".utf8)) }
    }

    @Test func writingRefusesAMissingFolderAndLeavesOnlyThePage() throws {
        let dir = NSTemporaryDirectory() + "walkscape-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = try Self.inputs([Self.brisk])
        #expect(throws: FieldReportError.self) { try FieldReport.write(inputs, to: dir + "/missing/report.html") }
        let written = try FieldReport.write(inputs, to: dir + "/report.html")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: dir), ["report.html"])
        expectEqual(written.bytes, (try FileManager.default.attributesOfItem(atPath: dir + "/report.html")[.size] as? Int))
        expectTrue(written.points == 7 && written.walks == 1)
    }
}
