import ArgumentParser
import WalkscapeCore

/// `--distance sphere|wgs84` parses straight into the core's `DistanceModel`.
extension DistanceModel: ExpressibleByArgument {}
