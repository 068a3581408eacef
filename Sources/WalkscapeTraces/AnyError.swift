import WalkscapeCore

/// Any error, wrapped to cross a typed-throws boundary.
struct AnyError: Error {
    let error: any Error
    init(_ error: any Error) { self.error = error }
}
