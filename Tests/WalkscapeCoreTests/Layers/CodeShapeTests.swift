import Foundation
import Testing
import WalkscapeTestSupport

/// The shape issue 28 set, held: a thin CLI (≤ 2,500 lines, a command file ≤ 120), a short front page
/// (README.md ≤ 250 lines), one main type per file (private helpers aside), and no core folder named after
/// another target (what has a target of its own lives there, not in the core).
@Suite struct CodeShapeTests {
    static let root = LayerGraphTests.root

    /// Every `.swift` file under `folder` (relative to the package's root), sorted, with its lines.
    static func swiftFiles(under folder: String) throws -> [(path: String, lines: [Substring])] {
        let base = root.appendingPathComponent(folder)
        let paths = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try paths.sorted().map { path in
            let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            return (folder + "/" + path, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 })
        }
    }

    @Test func theCLIIsThin() throws {
        let files = try Self.swiftFiles(under: "Sources/WalkscapeCLI")
        let total = files.reduce(0) { $0 + $1.lines.count }
        expectTrue(total <= 2_500, "Sources/WalkscapeCLI has \(total) lines, more than 2,500: move the work into the library that owns it")
        for file in files where file.path.contains("/Commands/") {
            expectTrue(file.lines.count <= 120, "\(file.path): \(file.lines.count) lines, more than 120 a command file")
        }
    }

    @Test func theFrontPageIsShort() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        expectTrue(lines <= 250, "README.md has \(lines) lines, more than 250: move the rest into docs/")
    }

    @Test func oneMainTypePerFile() throws {
        let declaration = try Regex(#"^(public |package |internal )?(final )?(struct|enum|class|protocol|actor) "#)
        for target in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path).sorted() {
            for file in try Self.swiftFiles(under: "Sources/" + target) {
                let types = file.lines.filter { $0.firstMatch(of: declaration) != nil }
                expectTrue(types.count <= 1, "\(file.path): \(types.count) types other than private helpers: \(types.map { String($0.prefix(60)) })")
            }
        }
    }

    @Test func noCoreFolderIsNamedAfterAnotherTarget() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let targets = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("Walkscape") }.map { String($0.dropFirst("Walkscape".count)) })
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("WalkscapeCore").path)
        for folder in folders.sorted() {
            expectTrue(!targets.contains(folder), "Sources/WalkscapeCore/\(folder) is named after the target Walkscape\(folder): its files belong there")
        }
        expectTrue(targets.contains("Traces") && targets.contains("Map"), "the check would find nothing: \(targets.sorted())")
    }
}
