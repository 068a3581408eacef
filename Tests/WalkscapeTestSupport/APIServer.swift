import Foundation
import WalkscapeCore

/// The test API server (Tests/WalkscapeRemoteTests/server/api_server.py) running on 127.0.0.1 with an ephemeral port, for one test.
public final class APIServer: @unchecked Sendable {
    let process = Process()
    public let port: Int

    /// Starts the server with per-run `faults` (`KIND[:MATCH[:TIMES]]`), serving the tours of `tours`
    /// (default: the repository's `tours/`); `slowRate` and `trickleRate` are the bytes a second of the `slow`
    /// and `trickle` faults.
    public init(faults: [String] = [], slowRate: Int = 200_000, trickleRate: Int = 3, tours: String? = nil) throws {
        // The system interpreter when there is one: a version manager's shim would put a process between us
        // and the server, which stopping it would leave behind.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = []
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"]
        }
        process.arguments! += [repositoryRoot + "/Tests/WalkscapeRemoteTests/server/api_server.py", "--slow-rate", String(slowRate), "--trickle-rate", String(trickleRate)]
            + faults.flatMap { ["--fault", $0] } + (tours.map { ["--tours", $0] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError(message: "the test API server did not start (is python3 installed?)")
        }
        self.port = port
    }

    deinit { stop() }

    public struct ServerError: Error { public var message: String }

    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public var deployed: String { "http://127.0.0.1:\(port)/v1" }
    public var draft: String { "http://127.0.0.1:\(port)/draft/v1" }

    /// The deployed backend's id of a sample tour (a UUID there).
    public func deployedID(_ slug: String) throws -> String {
        let list = try get("/v1/tours")
        for tour in list.arrayElements ?? [] where tour["slug"]?.stringValue == slug {
            return tour["id"]!.stringValue!
        }
        throw ServerError(message: "no tour \(slug)")
    }

    /// Replaces the faults for the following requests.
    public func setFaults(_ faults: [(kind: String, match: String, times: Int)]) throws {
        let body: JSONValue = .object([("faults", .array(faults.map { .object([("kind", .string($0.kind)), ("match", .string($0.match)), ("times", .integer($0.times))]) }))])
        _ = try post("/_control/faults", body)
    }

    /// Clears the counters and the faults.
    public func resetCounters() throws { _ = try post("/_control/reset", .object([])) }

    /// Adds `bump` to every tour's version (an update published on the server).
    public func bumpVersion(_ bump: Int = 1) throws { _ = try post("/_control/version", .object([("bump", .integer(bump))])) }

    /// Bytes sent and requests received for each media file, by key (`torino-portici/audio/it/p1.mp3`).
    public func fileCounters() throws -> [String: (bytes: Int, requests: Int, ranges: [String?])] {
        var result: [String: (bytes: Int, requests: Int, ranges: [String?])] = [:]
        for (key, value) in try get("/_control/counters")["files"]?.objectMembers ?? [] {
            result[key] = (value["bytes"]!.intValue!, value["requests"]!.intValue!, value["ranges"]!.arrayElements!.map(\.stringValue))
        }
        return result
    }

    /// The analytics events the server received.
    public func events() throws -> [JSONValue] { try get("/_control/counters")["events"]?.arrayElements ?? [] }

    public func get(_ path: String) throws -> JSONValue {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return try JSONParser().parse(Array(data))
    }

    public func post(_ path: String, _ body: JSONValue) throws -> JSONValue {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", JSONWriter(pretty: false).write(body),
            "http://127.0.0.1:\(port)\(path)"]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return try JSONParser().parse(Array(data))
    }
}
