import WalkscapeCore

/// Decodes the geometry of a Mapbox Vector Tile feature (specification 2.1, section 4.3): a stream of
/// commands (MoveTo 1, LineTo 2, ClosePath 7), each a 32-bit integer holding its id (low 3 bits) and a count,
/// followed by count × 2 zigzag-encoded parameters, deltas from the cursor.
public enum VectorTileGeometry {
    /// Why a geometry stream is refused.
    public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownCommand(id: UInt32, at: Int)
        case missingParameters(at: Int)
        case lineToBeforeMoveTo(at: Int)
        case commandNotAllowed(id: UInt32, kind: TileGeometryKind, at: Int)
        case coordinateOutOfRange(at: Int)
        case tooManyPoints(limit: Int)

        public var description: String {
            switch self {
            case .unknownCommand(let id, let at): return "unknown geometry command \(id) at integer \(at)"
            case .missingParameters(let at): return "the geometry stream ends inside a command's parameters (integer \(at))"
            case .lineToBeforeMoveTo(let at): return "LineTo or ClosePath before any MoveTo at integer \(at)"
            case .commandNotAllowed(let id, let kind, let at):
                return "command \(id) is not allowed in a \(kind) geometry (integer \(at))"
            case .coordinateOutOfRange(let at): return "a coordinate leaves the 32-bit range at integer \(at)"
            case .tooManyPoints(let limit): return "more than \(limit) points in one feature"
            }
        }
    }

    /// The most points one feature may have (a tile of 4096 units a side needs far fewer).
    public static let maxPoints = 1 << 20

    /// ZigZag decoding of a parameter integer: 0, -1, 1, -2, 2, …
    @inline(__always)
    public static func zigzag(_ value: UInt32) -> Int64 {
        Int64(value >> 1) ^ -Int64(value & 1)
    }

    /// The parts of the geometry `commands` of a feature of `kind` (see `VectorTileFeature.parts`), at most
    /// `limit` points (`maxPoints`, or less when a map's budget has less left). Unknown kinds are decoded like
    /// lines. Polygon rings are closed by repeating their first point.
    public static func decode(_ commands: [UInt32], kind: TileGeometryKind, limit: Int = maxPoints) throws(DecodingError) -> [[TilePoint]] {
        var parts: [[TilePoint]] = []
        var current: [TilePoint] = []
        var cursorX: Int64 = 0
        var cursorY: Int64 = 0
        var index = 0
        var total = 0
        var started = false
        while index < commands.count {
            let header = commands[index]
            let id = header & 0x7
            let count = Int(header >> 3)
            let at = index
            index += 1
            switch id {
            case 1, 2:
                if id == 2 && !started { throw .lineToBeforeMoveTo(at: at) }
                // Each parameter pair is two integers; a count beyond what is left is a broken stream.
                guard count <= (commands.count - index) / 2 else { throw .missingParameters(at: at) }
                if id == 1 {
                    if kind == .point {
                        // A multi-point: each MoveTo point is one part.
                    } else if !current.isEmpty {
                        parts.append(current)
                        current = []
                    }
                    if kind != .point && count != 1 { throw .commandNotAllowed(id: id, kind: kind, at: at) }
                } else if kind == .point {
                    throw .commandNotAllowed(id: id, kind: kind, at: at)
                }
                total += count
                guard total <= limit else { throw .tooManyPoints(limit: limit) }
                for _ in 0..<count {
                    cursorX += zigzag(commands[index])
                    cursorY += zigzag(commands[index + 1])
                    index += 2
                    guard cursorX >= Int64(Int32.min), cursorX <= Int64(Int32.max), cursorY >= Int64(Int32.min),
                        cursorY <= Int64(Int32.max)
                    else { throw .coordinateOutOfRange(at: index - 2) }
                    let point = TilePoint(x: Int32(cursorX), y: Int32(cursorY))
                    if kind == .point {
                        parts.append([point])
                    } else {
                        current.append(point)
                    }
                }
                started = true
            case 7:
                guard started else { throw .lineToBeforeMoveTo(at: at) }
                guard kind == .polygon || kind == .unknown else { throw .commandNotAllowed(id: id, kind: kind, at: at) }
                if let first = current.first {
                    current.append(first)
                    parts.append(current)
                    current = []
                }
            default:
                throw .unknownCommand(id: id, at: at)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
