import WalkscapeCore
/// Why a line from gpsd could not be read.
public struct GPSDReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
