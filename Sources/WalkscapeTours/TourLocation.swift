import Foundation
import WalkscapeSystem

/// Where a tour is on disk: its directory and its `tour.json`, as the user named them.
public struct TourLocation: Sendable, Equatable {
    /// The tour directory as the user would write it (no trailing slash).
    public var directory: String
    /// The `tour.json` path, for messages.
    public var jsonFile: String

    /// A `TOUR` argument: the tour directory or its `tour.json`.
    public init(argument: String) throws(TourFileError) {
        var path = argument
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TourFileError(path: argument, "no such file or directory; expected a tour directory or its tour.json")
        }
        if isDirectory.boolValue {
            directory = path
            jsonFile = path == "/" ? "/tour.json" : path + "/tour.json"
            guard FileManager.default.fileExists(atPath: jsonFile) else {
                throw TourFileError(path: argument, "is a directory without a tour.json; expected a downloaded tour directory")
            }
        } else {
            jsonFile = path
            let parent = FilePathText.parent(of: path)
            directory = parent.isEmpty ? "." : parent
        }
    }

    /// The path of an asset's file for messages and opening: the directory joined with the relative path.
    public func path(of relative: String) -> String {
        directory == "." ? relative : directory + "/" + relative
    }
}
