import Foundation

/// The repository's root directory, for fixtures, tours and tools the tests use.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
