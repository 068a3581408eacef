import Foundation
import WalkscapeCore
import WalkscapeSystem

/// Splits bytes into lines (LF, with an optional CR), skipping lines longer than a limit.
struct LineSplitter {
    let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var skipping = false
    /// Lines skipped for their length so far.
    private(set) var overlong = 0

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// The complete lines in `bytes` (with what came before), without their line ends.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if !skipping {
                    if pending.last == 0x0D { pending.removeLast() }
                    lines.append(pending)
                }
                pending.removeAll(keepingCapacity: true)
                skipping = false
            } else if !skipping {
                pending.append(byte)
                if pending.count > maxLineBytes {
                    skipping = true
                    overlong += 1
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }
}
