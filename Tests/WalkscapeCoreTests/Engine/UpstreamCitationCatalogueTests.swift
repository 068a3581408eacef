import Foundation
import Testing
import WalkscapeCore
import WalkscapeTestSupport

/// Every line range of the reference app a profile cites is recorded in tools/profiles/citations.json, with the
/// text of its first and last line, which tools/profiles/check_citations.py checks against the app's files by hand
/// (it needs the git mirror and the file index, which tests do not have). A citation of lines not recorded there
/// fails here until they are read and recorded: run `tools/profiles/check_citations.py` after recording them.
@Suite struct UpstreamCitationCatalogueTests {
    /// One recorded range of citations.json.
    struct Entry: Decodable {
        let file: String
        let commit: String?
        let lines: [Int]
        let text: [String]
        let indexID: String?

        enum CodingKeys: String, CodingKey {
            case file, commit, lines, text
            case indexID = "index_id"
        }

        var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }
    }

    struct Catalogue: Decodable {
        let citations: [Entry]
    }

    /// One range a citation names: the file's last path component, the commit when the citation writes it
    /// (`FILE.ext@commit:LINES`), the first and last line.
    struct Cited: Equatable, CustomStringConvertible {
        var file: String
        var commit: String?
        var first: Int
        var last: Int

        var description: String {
            "\(file)\(commit.map { "@\($0)" } ?? ""):\(first == last ? "\(first)" : "\(first)–\(last)")"
        }
    }

    static func catalogue() throws -> [Entry] {
        let url = URL(fileURLWithPath: repositoryRoot + "/tools/profiles/citations.json")
        return try JSONDecoder().decode(Catalogue.self, from: Data(contentsOf: url)).citations
    }

    /// Every citation the profiles render, with where it comes from: each rule of each app build
    /// (`UpstreamSource.cite`, the lifecycle rule included) and each change between builds.
    static func rendered() -> [(origin: String, text: String?)] {
        var out: [(origin: String, text: String?)] = []
        for profile in EngineProfile.catalogue where profile.build != nil {
            for rule in UpstreamSource.Rule.allCases {
                out.append((origin: "UpstreamSource.cite(.\(rule.rawValue), \(profile.rawValue))", text: UpstreamSource.cite(rule, profile)))
            }
        }
        for (index, change) in AppBuildChange.catalogue.enumerated() {
            out.append((origin: "AppBuildChange.catalogue[\(index)] (\(change.from) → \(change.to))", text: change.citation))
        }
        return out
    }

    /// The ranges `text` cites: `FILE.ext:LINES` and `FILE.ext@commit:LINES`, where LINES is `N`, `N–M` or a list
    /// of them (`67–71, 105–106`), and the ranges that go on naming the same file: ` and :143`, ` with :67–71`,
    /// `→ @efba3ee:117–132` (the same file at another commit). Lines of a document named without a file
    /// (`the 1.1.3-beta task document …, lines 37, 48`) are not read.
    static func ranges(in text: String) throws -> [Cited] {
        let number = "\\d+(?:[\u{2013}-]\\d+)?(?![\\d.])"
        let numbers = "(\(number)(?:, \(number))*)"
        let path = "([A-Za-z0-9_./+-]*[A-Za-z0-9_+-]\\.(?:kts|kt|swift|xml|plist|md|pbxproj))\\b"
        let pattern = "\(path)(?:@([0-9a-f]{7}))?(?::\(numbers))?"  // 1 path, 2 commit, 3 lines
            + "|(?<![\\w@])@([0-9a-f]{7}):\(numbers)"  // 4 commit, 5 lines: the same file at another commit
            + "|(?<=[\\s(]):\(numbers)"  // 6 lines: more lines of the same file
        let expression = try NSRegularExpression(pattern: pattern)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String? {
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        var out: [Cited] = []
        var file: String?
        var commit: String?
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            var lines: String?
            if let named = group(match, 1) {
                file = named.split(separator: "/").last.map(String.init)
                commit = group(match, 2)
                lines = group(match, 3)
            } else if let other = group(match, 4) {
                commit = other
                lines = group(match, 5)
            } else {
                lines = group(match, 6)
            }
            guard let lines, let file else { continue }
            for part in lines.components(separatedBy: ", ") {
                let bounds = part.split(whereSeparator: { $0 == "\u{2013}" || $0 == "-" }).compactMap { Int($0) }
                guard let first = bounds.first, let last = bounds.last else { continue }
                out.append(Cited(file: file, commit: commit, first: first, last: last))
            }
        }
        return out
    }

    static func isRecorded(_ cited: Cited, in catalogue: [Entry]) -> Bool {
        catalogue.contains { entry in
            entry.indexID == nil && entry.fileName == cited.file && entry.lines == [cited.first, cited.last]
                && (cited.commit == nil || entry.commit == cited.commit)
        }
    }

    @Test func everyRenderedCitationIsRecorded() throws {
        let catalogue = try Self.catalogue()
        var unrecorded: [String] = []
        var count = 0
        for (origin, text) in Self.rendered() {
            guard let text else {
                unrecorded.append("\(origin): no citation")
                continue
            }
            let ranges = try Self.ranges(in: text)
            expectTrue(!ranges.isEmpty, "\(origin) cites no FILE.ext:LINES range: \(text)")
            count += ranges.count
            for cited in ranges where !Self.isRecorded(cited, in: catalogue) {
                unrecorded.append("\(origin): \(cited)")
            }
        }
        expectTrue(count > 100, "\(count) cited ranges read: the reader misses most of them")
        expectTrue(
            unrecorded.isEmpty,
            "\(unrecorded.count) cited ranges are not in tools/profiles/citations.json: read the lines in the reference app, record them, then run tools/profiles/check_citations.py\n\(unrecorded.joined(separator: "\n"))")
    }

    /// The reader finds each form the citations use, and nothing in the prose around them.
    @Test func theReaderFindsEveryForm() throws {
        let android = "android-app/app/src/main/java/com/bandite/sonicwalkscape"
        expectEqual(
            try Self.ranges(
                in: "\(android)/ui/player/PlayerViewModel.kt:122–125 (trackTourCompleted(tour.id, elapsedMinutes(), primaryTriggerType)) with :67–71 (elapsedMinutes: whole minutes since the start) and services/AnalyticsService.kt:120–127 ({durationMinutes, triggerType}, then flush; at 1cddc0c)"),
            [
                Cited(file: "PlayerViewModel.kt", first: 122, last: 125), Cited(file: "PlayerViewModel.kt", first: 67, last: 71),
                Cited(file: "AnalyticsService.kt", first: 120, last: 127),
            ])
        expectEqual(
            try Self.ranges(in: "\(android)/data/models/TourPoint.kt:29 (Location.distanceBetween, WGS84), compared at services/LocationManager.kt:128 and :143 (at 5c84126: the index holds no later version)"),
            [
                Cited(file: "TourPoint.kt", first: 29, last: 29), Cited(file: "LocationManager.kt", first: 128, last: 128),
                Cited(file: "LocationManager.kt", first: 143, last: 143),
            ])
        expectEqual(
            try Self.ranges(in: "\(android)/ui/player/PlayerViewModel.kt@efba3ee:67–71, 105–106, 122–125; services/AnalyticsService.kt@1cddc0c:120–127"),
            [
                Cited(file: "PlayerViewModel.kt", commit: "efba3ee", first: 67, last: 71), Cited(file: "PlayerViewModel.kt", commit: "efba3ee", first: 105, last: 106),
                Cited(file: "PlayerViewModel.kt", commit: "efba3ee", first: 122, last: 125), Cited(file: "AnalyticsService.kt", commit: "1cddc0c", first: 120, last: 127),
            ])
        expectEqual(
            try Self.ranges(in: "\(android)/ui/player/TourCompletionViewModel.kt@1cddc0c:65–90 and @8756ba3:67; Services/AnalyticsService.swift@5c84126:185–191 → @8756ba3:185–193"),
            [
                Cited(file: "TourCompletionViewModel.kt", commit: "1cddc0c", first: 65, last: 90), Cited(file: "TourCompletionViewModel.kt", commit: "8756ba3", first: 67, last: 67),
                Cited(file: "AnalyticsService.swift", commit: "5c84126", first: 185, last: 191), Cited(file: "AnalyticsService.swift", commit: "8756ba3", first: 185, last: 193),
            ])
        expectEqual(
            try Self.ranges(in: "Services/LocationManager.swift:84 (currentLocation.distance(from:), compared with triggerRadiusMeters at :88); AndroidManifest.xml@5c84126:50–54; Info.plist@5c84126:14–18"),
            [
                Cited(file: "LocationManager.swift", first: 84, last: 84), Cited(file: "LocationManager.swift", first: 88, last: 88),
                Cited(file: "AndroidManifest.xml", commit: "5c84126", first: 50, last: 54), Cited(file: "Info.plist", commit: "5c84126", first: 14, last: 18),
            ])
        // Prose: versions, commits and a document's lines with no file are not ranges.
        expectEqual(
            try Self.ranges(in: "(at efba3ee: android-app@1.1.3-beta (11)'s own file is not in the index; the fix as the 1.1.3-beta task document describes it, lines 37, 48)"),
            [])
    }

    /// Each entry is a range with the text of its two ends, named once.
    @Test func theCatalogueIsWellFormed() throws {
        let catalogue = try Self.catalogue()
        expectTrue(catalogue.count > 50, "\(catalogue.count) entries")
        var seen = Set<String>()
        for entry in catalogue {
            let name = "\(entry.file)@\(entry.commit ?? "index id \(entry.indexID ?? "?")"):\(entry.lines)"
            expectTrue(entry.lines.count == 2 && entry.lines[0] >= 1 && entry.lines[0] <= entry.lines[1], "\(name): lines are not [first, last]")
            expectTrue(entry.text.count == 2 && entry.text.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) }, "\(name): text is not two stripped lines")
            if entry.lines.count == 2, entry.lines[0] == entry.lines[1], entry.text.count == 2 {
                expectEqual(entry.text[0], entry.text[1], "\(name): one line with two texts")
            }
            let commitIsHash = entry.commit.map { $0.count == 7 && $0.allSatisfy(\.isHexDigit) } ?? false
            expectTrue(commitIsHash || (entry.commit == nil && entry.indexID != nil), "\(name): no 7-character commit and no index id")
            expectTrue(seen.insert(name).inserted, "\(name) is recorded twice")
        }
    }
}
