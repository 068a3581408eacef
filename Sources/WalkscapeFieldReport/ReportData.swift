/// The field report's data: what the page's script reads, in the shape of tools/report/page/report-data.schema.json.
///
/// Every number is already rounded to the schema's resolution when a value is made (`ReportRounding`), so the
/// encoding (`ReportJSON`) never depends on how a platform prints a long fraction. Optional members that are
/// nil are left out, except inside a fix's row, where the position carries the meaning and a null is written.
public struct ReportData: Codable, Sendable, Equatable {
    public var schemaVersion = 1
    /// When the report was made (RFC 3339); nil for a reproducible report (what `walkscape report` writes).
    public var generatedAt: String?
    /// The narration language: the audio track, and the subtitles and titles the page shows first.
    public var language: String
    public var provenance: Provenance
    public var tour: TourData
    public var walks: [ReportedWalk]
    public var regionOverlaps: [RegionOverlap]?
    public var advice: Advice?
    public var buildDifferences: [BuildDifference]?
    public var basemap: BasemapData?

    public init(language: String, provenance: Provenance, tour: TourData, walks: [ReportedWalk]) {
        self.language = language
        self.provenance = provenance
        self.tour = tour
        self.walks = walks
    }

    /// What made the report: the command, the program, the tour and the traces with their digests.
    public struct Provenance: Codable, Sendable, Equatable {
        public var command: String
        public var walkscapeVersion: String
        public var tour: TourReference
        public var traces: [TraceFile]
        public var profile: String?
        public var options: [String: OptionValue]?
        public var notes: [String]?
    }

    /// The tour as the provenance names it.
    public struct TourReference: Codable, Sendable, Equatable {
        public var id: String
        public var version: Int
        public var title: [String: String]?
        public var path: String?
    }

    /// A trace file as given, with the SHA-256 of its bytes.
    public struct TraceFile: Codable, Sendable, Equatable {
        public var file: String
        public var sha256: String
        public var fixes: Int?
        public var format: String?
    }

    /// An option's value as the provenance shows it.
    public enum OptionValue: Codable, Sendable, Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .string(text): try container.encode(text)
            case let .number(value): try container.encode(value)
            case let .bool(value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else { self = .string(try container.decode(String.self)) }
        }
    }

    /// The tour as the walks met it: its route and points.
    public struct TourData: Codable, Sendable, Equatable {
        public var id: String
        public var version: Int
        public var title: [String: String]
        public var languages: [String]
        /// [lat, lng] pairs.
        public var route: [[Double]]
        public var points: [Point]
    }

    /// One point: where, its radius now and advised, its narration.
    public struct Point: Codable, Sendable, Equatable {
        public var order: Int
        public var id: String
        public var title: [String: String]
        public var lat: Double
        public var lng: Double
        public var radiusMeters: Double
        public var advisedRadiusMeters: Double?
        public var narration: Narration?
    }

    /// A point's recording in the report's language, with its subtitles.
    public struct Narration: Codable, Sendable, Equatable {
        public var language: String
        public var durationSeconds: Double
        public var audio: Audio?
        /// Subtitle language → cues.
        public var subtitles: [String: [Cue]]
    }

    /// A recording inlined as a data: URI, its bytes as the tour has them.
    public struct Audio: Codable, Sendable, Equatable {
        public var src: String
        public var mimeType: String
        public var bytes: Int
        public var note: String?
    }

    /// One subtitle cue, seconds from the recording's start.
    public struct Cue: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var text: String
    }

    /// One walk: a trace replayed against the tour.
    public struct ReportedWalk: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var trace: Int
        public var startTime: String
        public var durationSeconds: Double
        /// The fixes drawn: every fix the engine was given, or one in every few of them for a walk over
        /// `ReportWalkBuilder.drawnFixLimit` (with the last and each one after which the next point changed).
        public var fixes: [FixRow]
        /// How many fixes the engine was given, when `fixes` holds fewer; nil when it holds them all.
        public var fixCount: Int?
        public var narrations: [HeardNarration]
        public var missed: [Missed]
        public var overlaps: [Overlap]
        public var completedT: Double?
        /// With --phases N, when the profile's fix delivery withholds fixes: every fix of the trace as
        /// [t, lat, lng], which `phases[].fixes` index (for a walk over `ReportWalkBuilder.drawnFixLimit`, the
        /// fixes the phases' thinned lines draw).
        public var track: [[Double]]?
        /// With --phases N: the walk replayed under each phase k/N of the fix delivery (phase 0 is this walk).
        public var phases: [WalkPhase]?
    }

    /// A walk replayed under one phase of the phone's fix delivery: the fixes delivered and what they triggered.
    public struct WalkPhase: Codable, Sendable, Equatable {
        /// k of k/N.
        public var k: Int
        /// N of k/N.
        public var of: Int
        /// The fixes delivered, as indices into the walk's `track`, each written as its gap from the one
        /// before (the first from 0); nil when there is no `track` (every fix delivered: the walk's `fixes`).
        public var fixes: [Int]?
        public var narrations: [HeardNarration]
        public var missed: [Missed]
        public var completedT: Double?
    }

    /// A fix as the page reads it: [t, lat, lng, accuracy|null, speed|null, nextPoint|null, distanceToNext|null].
    public struct FixRow: Codable, Sendable, Equatable {
        public var t: Double
        public var lat: Double
        public var lng: Double
        public var accuracy: Double?
        public var speed: Double?
        public var nextPoint: Int?
        public var distanceToNext: Double?

        public init(t: Double, lat: Double, lng: Double, accuracy: Double?, speed: Double?, nextPoint: Int?, distanceToNext: Double?) {
            self.t = t
            self.lat = lat
            self.lng = lng
            self.accuracy = accuracy
            self.speed = speed
            self.nextPoint = nextPoint
            self.distanceToNext = distanceToNext
        }

        public func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(t)
            try row.encode(lat)
            try row.encode(lng)
            if let accuracy { try row.encode(accuracy) } else { try row.encodeNil() }
            if let speed { try row.encode(speed) } else { try row.encodeNil() }
            if let nextPoint { try row.encode(nextPoint) } else { try row.encodeNil() }
            if let distanceToNext { try row.encode(distanceToNext) } else { try row.encodeNil() }
        }

        public init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            t = try row.decode(Double.self)
            lat = try row.decode(Double.self)
            lng = try row.decode(Double.self)
            accuracy = try row.decodeIfPresent(Double.self)
            speed = try row.decodeIfPresent(Double.self)
            nextPoint = try row.decodeIfPresent(Int.self)
            distanceToNext = try row.decodeIfPresent(Double.self)
        }
    }

    /// A narration heard on a walk: triggered, started (after a wait in the queue), ended or cut.
    public struct HeardNarration: Codable, Sendable, Equatable {
        public var point: Int
        public var triggerT: Double
        public var startT: Double
        public var endT: Double
        public var cutAtSeconds: Double?
        public var lat: Double
        public var lng: Double
    }

    /// A point that never played on a walk.
    public struct Missed: Codable, Sendable, Equatable {
        public var point: Int
        public var t: Double?
        public var reason: String
    }

    /// A point that triggered while another narration played.
    public struct Overlap: Codable, Sendable, Equatable {
        public var point: Int
        public var behind: Int?
        public var t: Double
        public var waitSeconds: Double
        public var lat: Double
        public var lng: Double
    }

    /// Two regions whose circles intersect, marked at the middle of the lens.
    public struct RegionOverlap: Codable, Sendable, Equatable {
        public var points: [Int]
        public var meters: Double
        public var centresMeters: Double
        public var advisedMeters: Double?
        public var lat: Double
        public var lng: Double
    }

    /// The radii advice as a table of texts.
    public struct Advice: Codable, Sendable, Equatable {
        public var title: String
        public var legend: String
        public var columns: [Column]
        public var rows: [Row]
        public var notes: [String]
        /// With --sweep or --noise: `radii`'s grids (points down, radii across), its texts cell for cell.
        public var grids: [Grid]?
    }

    /// One of `radii`'s sweep and noise grids.
    public struct Grid: Codable, Sendable, Equatable {
        /// sweepShare, sweepDelay or noise.
        public var key: String
        /// `radii`'s heading over the grid.
        public var title: String
        /// The radii across, in metres, as `radii` prints them.
        public var radii: [String]
        /// One row a point.
        public var rows: [GridRow]
        /// `radii`'s lines under the grid, one a point.
        public var notes: [String]
    }

    /// A point's row of a grid: its texts, one a radius.
    public struct GridRow: Codable, Sendable, Equatable {
        public var point: Int
        public var cells: [String]
    }

    /// A column of the advice table.
    public struct Column: Codable, Sendable, Equatable {
        public var key: String
        public var label: String
    }

    /// A row of the advice table: one point.
    public struct Row: Codable, Sendable, Equatable {
        public var point: Int
        public var verdict: String
        public var cells: [String: String]
    }

    /// Where app builds behave differently, with the source of the behaviour.
    public struct BuildDifference: Codable, Sendable, Equatable {
        public var title: String
        public var builds: [String]
        public var detail: String
        public var citation: Citation?
    }

    /// A citation: a text and, when there is one, a link.
    public struct Citation: Codable, Sendable, Equatable {
        public var text: String
        public var url: String?
    }

    /// The vector basemap under the route, clipped to the walks' area.
    public struct BasemapData: Codable, Sendable, Equatable {
        public var attribution: String?
        public var features: [Feature]
    }

    /// A basemap feature: its style class, lines or rings of [lat, lng].
    public struct Feature: Codable, Sendable, Equatable {
        public var `class`: String
        public var geometry: String
        public var name: String?
        public var parts: [[[Double]]]
    }
}
