import Foundation
import Testing
import WalkscapeTestSupport

/// The layers as declared, and checked: docs/architecture.md's `layers` block is the intended target graph;
/// every `import` under Sources/ and every project dependency in Package.swift must be one it allows.
@Suite struct LayerGraphTests {
    /// The package's root: three folders above this file (Tests/WalkscapeCoreTests/Layers/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func graph() throws -> LayerGraph {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        return try #require(LayerGraph(markdown: text), "docs/architecture.md has no ```layers block")
    }

    @Test func theGraphNamesOnlyItsOwnTargetsAndHasNoCycle() throws {
        let graph = try Self.graph()
        expectTrue(graph.allowed["WalkscapeCore"] != nil, "the graph names WalkscapeCore")
        for line in graph.unknownDependencies { Issue.record(Comment(rawValue: line)) }
        expectTrue(graph.cycle == nil, "the graph has a cycle: \(graph.cycle?.joined(separator: " -> ") ?? "")")
    }

    @Test func everySourceTargetIsInTheGraph() throws {
        let graph = try Self.graph()
        let sources = Self.root.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }.sorted()
        for folder in folders where graph.allowed[folder] == nil {
            Issue.record("Sources/\(folder) is a target the layers block of docs/architecture.md does not name")
        }
    }

    @Test func everyImportIsAnEdgeOfTheGraph() throws {
        let graph = try Self.graph()
        let sources = Self.root.appendingPathComponent("Sources")
        var checked = 0
        for target in graph.targets {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                checked += 1
                for line in graph.violations(file: "Sources/\(target)/\(relative)", target: target, source: source) {
                    Issue.record(Comment(rawValue: line))
                }
            }
        }
        expectTrue(checked > 100, "only \(checked) Swift files under Sources/")
    }

    @Test func packageSwiftDeclaresTheGraph() throws {
        let graph = try Self.graph()
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = LayerGraph.packageDependencies(manifest: manifest)
        expectTrue(declared["WalkscapeCLI"]?.contains("WalkscapePlayer") == true, "Package.swift was read: \(declared)")
        for line in graph.manifestViolations(declared) { Issue.record(Comment(rawValue: line)) }
    }

    /// The checker itself: a forbidden import gives one line naming the file, the line, the module and the
    /// target; allowed, external, own-module and `@testable` imports give none.
    @Test func aForbiddenImportIsOneClearLine() throws {
        let graph = try #require(
            LayerGraph(
                markdown: """
                    prose
                    ```layers
                    # comment
                    Low:
                    Mid: Low
                    High: Mid, Low
                    ```
                    """))
        let source = """
            import Foundation
            import Low
            @preconcurrency import High
            @testable import High
            /// import High in a comment
            import struct High.Thing
            import Mid
            """
        expectEqual(
            graph.violations(file: "Sources/Mid/A.swift", target: "Mid", source: source), [
                "Sources/Mid/A.swift:3 imports High, which the graph does not allow for target Mid",
                "Sources/Mid/A.swift:6 imports High, which the graph does not allow for target Mid",
            ])
        expectTrue(graph.cycle == nil && graph.unknownDependencies.isEmpty)
        let manifest = """
            // .target(name: "Ignored", dependencies: ["High"]),
            .target(name: "Low"),
            .target(name: "Mid", dependencies: ["Low", "High", .product(name: "Other", package: "x")]),
            .executableTarget(name: "High", dependencies: ["Mid"]),
            """
        expectEqual(
            graph.manifestViolations(LayerGraph.packageDependencies(manifest: manifest)), [
                "Package.swift: target Mid depends on High, which the graph does not allow",
                "Package.swift: target High does not depend on Low, which the graph lists for it",
            ])
    }
}
