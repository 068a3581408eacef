import Foundation

/// The package's intended target graph, as docs/architecture.md declares it in its `layers` block, and the
/// checks that hold the sources and Package.swift to it: which project targets and C shims each target may
/// use directly. Everything the block does not name (Foundation, Glibc, swift-nio, ...) is outside the graph.
struct LayerGraph {
    /// Allowed direct dependencies by target, among the targets the graph names.
    var allowed: [String: Set<String>]
    /// The targets in the order the block lists them (for stable messages).
    var targets: [String]

    /// One `import` line of a source file.
    struct Import: Equatable {
        var line: Int
        var module: String
    }

    /// The graph of the first fenced block tagged `layers` in `markdown`: one `Target: Dependency, Dependency`
    /// line per target (nothing after the colon: no dependency); blank lines and `#` comments are skipped.
    /// Nil when there is no such block.
    init?(markdown: String) {
        var inBlock = false
        var found = false
        var allowed: [String: Set<String>] = [:]
        var targets: [String] = []
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !inBlock {
                if line == "```layers" {
                    inBlock = true
                    found = true
                }
                continue
            }
            if line.hasPrefix("```") { break }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let target = line[..<colon].trimmingCharacters(in: .whitespaces)
            let dependencies = line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if allowed[target] == nil { targets.append(target) }
            allowed[target, default: []].formUnion(dependencies)
        }
        guard found else { return nil }
        self.allowed = allowed
        self.targets = targets
    }

    /// Dependencies the block names that are not targets of the block (a typo, or a target left out).
    var unknownDependencies: [String] {
        targets.flatMap { target in
            allowed[target, default: []].sorted().filter { allowed[$0] == nil }.map { "\(target): \($0) is not a target of the graph" }
        }
    }

    /// A cycle through the graph's edges, as target names from the first back to itself; nil when there is none.
    var cycle: [String]? {
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        var path: [String] = []
        func visit(_ target: String) -> [String]? {
            if state[target] == 2 { return nil }
            if state[target] == 1, let start = path.firstIndex(of: target) { return Array(path[start...]) + [target] }
            state[target] = 1
            path.append(target)
            for next in allowed[target, default: []].sorted() where allowed[next] != nil {
                if let found = visit(next) { return found }
            }
            path.removeLast()
            state[target] = 2
            return nil
        }
        for target in targets {
            if let found = visit(target) { return found }
        }
        return nil
    }

    /// The modules `source` imports, with their line numbers: plain imports, `@preconcurrency`, `@_exported`,
    /// access-level (`public import`) and kind imports (`import struct M.T`) alike; `@testable` ones are left out.
    static func imports(in source: String) -> [Import] {
        var found: [Import] = []
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            var testable = false
            while let first = words.first, first.hasPrefix("@") {
                if first == "@testable" { testable = true }
                words.removeFirst()
            }
            if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first) { words.removeFirst() }
            guard words.count >= 2, words[0] == "import", !testable else { continue }
            let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            guard let module = path.split(separator: ".").first.map(String.init), !module.isEmpty else { continue }
            found.append(Import(line: index + 1, module: module))
        }
        return found
    }

    /// One line per import in `source` (the file `file` of target `target`) that the graph forbids: a module
    /// the graph names that is neither `target` itself nor one of its allowed dependencies.
    func violations(file: String, target: String, source: String) -> [String] {
        let permitted = allowed[target, default: []]
        return LayerGraph.imports(in: source).compactMap { item in
            guard allowed[item.module] != nil, item.module != target, !permitted.contains(item.module) else { return nil }
            return "\(file):\(item.line) imports \(item.module), which the graph does not allow for target \(target)"
        }
    }

    /// The project dependencies Package.swift declares for each target: the quoted names in its `dependencies`
    /// list (`.product(...)` entries, from other packages, are left out), by target name. A simple reading of
    /// the manifest's text: `.target(`, `.executableTarget(`, `.systemLibrary(` and `.testTarget(` calls.
    static func packageDependencies(manifest: String) -> [String: [String]] {
        // Whole-line comments only: a `//` inside a string (a URL) stays.
        let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let characters = Array(text)
        var result: [String: [String]] = [:]
        for opener in [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("] {
            var searchStart = text.startIndex
            while let range = text.range(of: opener, range: searchStart..<text.endIndex) {
                searchStart = range.upperBound
                let start = text.distance(from: text.startIndex, to: range.upperBound)
                guard let end = closing(characters, from: start, open: "(", close: ")") else { continue }
                let call = String(characters[start..<end])
                guard let name = firstQuoted(after: "name:", in: call) else { continue }
                var dependencies: [String] = []
                if let list = call.range(of: "dependencies:"), let bracket = call[list.upperBound...].firstIndex(of: "[") {
                    let callCharacters = Array(call)
                    let open = call.distance(from: call.startIndex, to: bracket) + 1
                    if let close = closing(callCharacters, from: open, open: "[", close: "]") {
                        var entries = String(callCharacters[open..<close])
                        while let product = entries.range(of: ".product(") {
                            let entryCharacters = Array(entries)
                            let from = entries.distance(from: entries.startIndex, to: product.upperBound)
                            let to = closing(entryCharacters, from: from, open: "(", close: ")") ?? entryCharacters.count - 1
                            entries = String(entryCharacters[..<(from - ".product(".count)]) + String(entryCharacters[(to + 1)...])
                        }
                        dependencies = quoted(in: entries)
                    }
                }
                result[name] = dependencies
            }
        }
        return result
    }

    /// One line per difference between Package.swift's project dependencies for the graph's targets and the
    /// graph: a declared dependency the graph does not allow, or an allowed one Package.swift does not declare.
    func manifestViolations(_ declared: [String: [String]]) -> [String] {
        var lines: [String] = []
        for target in targets {
            guard let dependencies = declared[target] else {
                lines.append("Package.swift has no target \(target), which the graph names")
                continue
            }
            let project = Set(dependencies.filter { allowed[$0] != nil })
            let permitted = allowed[target, default: []]
            for extra in project.subtracting(permitted).sorted() {
                lines.append("Package.swift: target \(target) depends on \(extra), which the graph does not allow")
            }
            for missing in permitted.subtracting(project).sorted() {
                lines.append("Package.swift: target \(target) does not depend on \(missing), which the graph lists for it")
            }
        }
        return lines
    }

    /// The index of the bracket that closes the one opened just before `from`.
    private static func closing(_ characters: [Character], from: Int, open: Character, close: Character) -> Int? {
        var depth = 1
        var inString = false
        var index = from
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                inString.toggle()
            } else if !inString {
                if character == open { depth += 1 }
                if character == close {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
        return nil
    }

    private static func firstQuoted(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return quoted(in: String(text[range.upperBound...])).first
    }

    private static func quoted(in text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
