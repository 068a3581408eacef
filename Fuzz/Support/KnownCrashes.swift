/// Inputs that hit crashes already filed in issue 13 and being fixed elsewhere, left out of the fuzz runs
/// until the fix lands (each target returns -1 for them so that libFuzzer does not add them to its corpus).
/// Remove an entry once its fix is merged, and rerun the target.
enum KnownCrashes {
    /// C1: an NMEA time field `hhmmss…` whose value is ≥ 2^63 × 100 traps in `NMEAParser.timeOfDay`
    /// ("Double value cannot be converted to Int"). Any comma-separated field that reads as a number of
    /// magnitude ≥ 1e18 (or not finite) is left out.
    static func nmeaHugeTime(_ data: [UInt8]) -> Bool {
        var field: [UInt8] = []
        func huge() -> Bool {
            guard field.count >= 6, let text = String(validating: field, as: UTF8.self), let value = Double(text) else { return false }
            return !value.isFinite || abs(value) >= 1e18
        }
        for byte in data {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "*") || byte == 10 || byte == 13 {
                if huge() { return true }
                field.removeAll(keepingCapacity: true)
            } else {
                field.append(byte)
            }
        }
        return huge()
    }
}
