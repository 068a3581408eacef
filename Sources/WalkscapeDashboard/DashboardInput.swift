import Foundation
import WalkscapeCore
import WalkscapeRemoteModel

/// The event files `dashboard` reads: a batch body `{"events": [...]}` (what the app posts and `simulate
/// --events` writes), a JSON array of events, or JSON Lines with one event or one batch a line (`collect`'s
/// file). Every event is checked as the backend's ingest checks it (`AnalyticsEventRules`: the backend would
/// refuse the batch, so its events could never reach the dashboard), and the properties the admin service
/// reads must have the type it reads them as.
public enum DashboardInput {
    /// The largest file read, checked before it is read.
    public static let maxFileBytes = 64 << 20
    /// The most events read over all files.
    public static let maxEvents = 1_000_000
    /// The most bytes read over all files of one run: what is read is held as events, so the run's memory is
    /// bounded by what it reads in all, not by each file.
    public static let maxTotalBytes = 256 << 20
    /// The largest magnitude of `durationMinutes` and `amount`: sums of a million of them stay exact to the cent.
    public static let maxNumber = 1e9

    static let expected = "expected a batch {\"events\": [...]}, a JSON array of events or JSON Lines (one event or batch a line)"

    /// The events of the file at `path`; `budget` is the number of events still allowed.
    public static func read(path: String, budget: inout Int) throws(DashboardInputError) -> [DashboardEvent] {
        var byteBudget = maxTotalBytes
        return try read(path: path, budget: &budget, byteBudget: &byteBudget)
    }

    /// The events of the file at `path`; `budget` is the number of events and `byteBudget` the number of bytes
    /// still allowed in this run (both lowered by what this file takes).
    public static func read(path: String, budget: inout Int, byteBudget: inout Int) throws(DashboardInputError) -> [DashboardEvent] {
        let name = TerminalText.sanitize(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DashboardInputError(path: name, line: nil, message: "no such file", unreadable: true)
        }
        guard !isDirectory.boolValue else {
            throw DashboardInputError(path: name, line: nil, message: "is a directory; expected a file of analytics events", unreadable: true)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes else {
            throw DashboardInputError(path: name, line: nil, message: "\(size) bytes; at most \(maxFileBytes) bytes are read, split the file")
        }
        guard size <= byteBudget else { throw overTotal(name, budget: byteBudget) }
        // Opened without waiting: a FIFO with no writer would block the open for ever (it then reads as empty).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DashboardInputError(path: name, line: nil, message: "cannot be read (no permission?)", unreadable: true)
        }
        var info = stat()
        let isFIFO = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // Read at most one byte past the limit, whatever the size said (a file may grow, or be a pipe).
        let data = (try? handle.read(upToCount: maxFileBytes + 1)) ?? Data()
        if isFIFO && data.isEmpty {
            throw DashboardInputError(path: name, line: nil, message: "a FIFO that nothing writes into: nothing to read; start its writer first", unreadable: true)
        }
        guard data.count <= maxFileBytes else {
            throw DashboardInputError(path: name, line: nil, message: "over \(maxFileBytes) bytes; at most \(maxFileBytes) bytes are read, split the file")
        }
        guard data.count <= byteBudget else { throw overTotal(name, budget: byteBudget) }
        byteBudget -= data.count
        return try parse([UInt8](data), name: name, budget: &budget)
    }

    /// The refusal of a file that would take the run past `maxTotalBytes`, with `budget` bytes left.
    static func overTotal(_ name: String, budget: Int) -> DashboardInputError {
        DashboardInputError(
            path: name, line: nil,
            message: "the files so far leave \(budget) of the \(maxTotalBytes) bytes one run reads in all, and this one is larger; "
                + "give fewer files, or files of one period (a dashboard is computed over a period anyway)")
    }

    /// The events of a file's bytes, `name` naming it in errors.
    public static func parse(_ bytes: [UInt8], name: String, budget: inout Int) throws(DashboardInputError) -> [DashboardEvent] {
        func fail(_ line: Int?, _ message: String) -> DashboardInputError { DashboardInputError(path: name, line: line, message: message) }
        guard bytes.contains(where: { !isBlank($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) else {
            throw fail(1, "the file is empty; " + expected)
        }
        var events: [DashboardEvent] = []
        func take(_ value: JSONValue, line: Int) throws(DashboardInputError) {
            guard budget > 0 else { throw fail(line, "more than \(maxEvents) events; at most \(maxEvents) are read") }
            budget -= 1
            events.append(try event(value, at: line, name: name))
        }
        let whole: JSONValue
        do {
            whole = try JSONParser().parse(bytes)
        } catch {
            // JSON Lines when the first line is a JSON value of its own; otherwise one broken document.
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard let first = lines.firstIndex(where: { !$0.allSatisfy(isBlank) }), (try? JSONParser().parse(Array(lines[first]))) != nil else {
                throw fail(error.line, "not JSON (column \(error.column): \(error.message)); " + expected)
            }
            for (index, line) in lines.enumerated() where !line.allSatisfy(isBlank) {
                let value: JSONValue
                do {
                    value = try JSONParser().parse(Array(line))
                } catch {
                    throw fail(index + 1, "not JSON (column \(error.column): \(error.message)); expected one event or batch a line")
                }
                if value["events"] != nil, value["name"] == nil {
                    for element in try batchEvents(value, at: index + 1, name: name) { try take(element, line: index + 1) }
                } else {
                    try take(value, line: index + 1)
                }
            }
            return events
        }
        let start = firstLine(bytes)
        if whole.arrayElements == nil && whole["events"] == nil {
            guard whole.objectMembers != nil, whole["name"] != nil else { throw fail(start, "\(whole.objectMembers == nil ? "got \(whole.kindDescription)" : "an object with neither \"events\" nor \"name\""); " + expected) }
            try take(whole, line: start)
            return events
        }
        let elements: [JSONValue]
        if let array = whole.arrayElements { elements = array } else { elements = try batchEvents(whole, at: start, name: name) }
        let lines = elementLines(bytes)
        for (i, element) in elements.enumerated() { try take(element, line: lines.count == elements.count ? lines[i] : start) }
        return events
    }

    /// A batch's events, refused as the backend refuses the batch (`track-events.dto.ts`, main.ts's whitelist).
    static func batchEvents(_ batch: JSONValue, at line: Int, name: String) throws(DashboardInputError) -> [JSONValue] {
        let members = batch.objectMembers ?? []
        if let extra = members.first(where: { $0.key != "events" }) {
            throw DashboardInputError(path: name, line: line, message: "the backend refuses this batch: property \(TerminalText.sanitize(extra.key)) should not exist")
        }
        guard let events = batch["events"]?.arrayElements else {
            throw DashboardInputError(path: name, line: line, message: "\"events\" is \(batch["events"]?.kindDescription ?? "missing"); expected an array of events")
        }
        guard !events.isEmpty else {
            throw DashboardInputError(path: name, line: line, message: "the backend refuses an empty batch (events must contain at least 1 elements)")
        }
        return events
    }

    /// One event, checked: the backend's ingest rules, its time, the properties the service reads.
    static func event(_ value: JSONValue, at line: Int, name: String) throws(DashboardInputError) -> DashboardEvent {
        func fail(_ message: String) -> DashboardInputError { DashboardInputError(path: name, line: line, message: TerminalText.sanitize(message)) }
        guard value.objectMembers != nil else { throw fail("expected an event object, got \(value.kindDescription)") }
        if let problem = AnalyticsEventRules.problems(.object([("events", .array([value]))])).first {
            let text = problem.hasPrefix("events.0.") ? String(problem.dropFirst("events.0.".count)) : problem
            throw fail("the backend refuses this event: " + text)
        }
        let eventName = value["name"]?.stringValue ?? ""
        var timestamp: Int64?
        if let text = value["timestamp"]?.stringValue, !text.isEmpty {
            guard let ms = DashboardTime.milliseconds(text) else {
                throw fail("timestamp \"\(text)\" is not a time walkscape reads; expected ISO 8601 such as 2026-05-09T09:00:00Z")
            }
            timestamp = ms
        }
        let props = value["properties"]
        func text(_ key: String) throws(DashboardInputError) -> String? {
            guard let member = props?[key], member != .null else { return nil }
            guard let string = member.stringValue else { throw fail("properties.\(key) must be a string, got \(member.kindDescription)") }
            return string
        }
        func number(_ key: String, _ what: String) throws(DashboardInputError) -> Double? {
            guard let member = props?[key], member != .null else { return nil }
            guard case let .number(spelling) = member else {
                throw fail("properties.\(key) must be a number (\(what)), got \(member.kindDescription)")
            }
            guard let x = Double(spelling), x.isFinite, abs(x) <= maxNumber else {
                throw fail("properties.\(key) \(spelling.prefix(40)) is out of range; expected a number from -\(Int(maxNumber)) to \(Int(maxNumber))")
            }
            return x
        }
        var properties = DashboardEvent.Properties()
        switch eventName {
        case "tour_started":
            properties.triggerType = try text("triggerType")
        case "tour_completed":
            properties.triggerType = try text("triggerType")
            properties.durationMinutes = try number("durationMinutes", "minutes")
        case "tour_abandoned":
            properties.durationMinutes = try number("durationMinutes", "minutes")
        case "contact_clicked":
            properties.channel = try text("channel")
        case "donation_link_clicked":
            properties.provider = try text("provider")
            properties.source = try text("source")
            properties.amount = try number("amount", "euros")
        default:
            break
        }
        return DashboardEvent(
            name: eventName, anonymousId: value["anonymousId"]?.stringValue, tourId: value["tourId"]?.stringValue,
            language: value["language"]?.stringValue, device: value["device"]?.stringValue, osVersion: value["osVersion"]?.stringValue,
            properties: properties, timestamp: timestamp)
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The line (from 1) of the first byte that is not blank.
    static func firstLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes {
            if byte == 0x0A { line += 1 } else if !isBlank(byte) { break }
        }
        return line
    }

    /// The line each event starts on in a valid JSON document: the elements of a top-level array, or of the
    /// top-level object's "events" array. Strings hold no raw line feed in valid JSON, so counting them outside
    /// strings counts lines.
    public static func elementLines(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var target = -1
        var expectElement = false
        var lastString: ArraySlice<UInt8> = []
        var key: ArraySlice<UInt8> = []
        var i = 0
        func element() {
            if expectElement {
                lines.append(line)
                expectElement = false
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x0A: line += 1
            case 0x22:  // a string
                element()
                let start = i + 1
                i += 1
                while i < bytes.count, bytes[i] != 0x22 {
                    if bytes[i] == 0x5C { i += 1 }
                    i += 1
                }
                lastString = bytes[start..<min(i, bytes.count)]
            case 0x3A: if depth == 1 { key = lastString }
            case 0x2C:
                if depth == 1 { key = [] }
                if depth == target { expectElement = true }
            case 0x5B, 0x7B:
                element()
                depth += 1
                if byte == 0x5B, (depth == 1 && target == -1 && lines.isEmpty) || (depth == 2 && Array(key) == Array("events".utf8)) {
                    target = depth
                    expectElement = true
                }
            case 0x5D, 0x7D:
                if depth == target {
                    target = -2
                    expectElement = false
                }
                depth -= 1
            case 0x20, 0x09, 0x0D: break
            default: element()  // a number, true, false or null
            }
            i += 1
        }
        return lines
    }
}
