import Foundation
import WalkscapeCore
import WalkscapeTours
import WalkscapeAudio

/// Builds the report's data from loaded inputs: the provenance, the tour's points with their recordings
/// (the files' bytes as the tour has them, base64 in data: URIs) and subtitles, the walks, the advice and the
/// basemap.
///
/// Reads the tour's recordings and subtitles and hashes the trace files; nothing else touches the disk.
/// The same inputs give the same data (no clock is read: `generatedAt` stays nil).
public enum FieldReportBuilder {
    /// The report's data for `inputs`; refuses (one line naming the file) a recording, subtitle file or trace
    /// that cannot be read.
    public static func data(_ inputs: FieldReportInputs) throws(FieldReportError) -> ReportData {
        let replay = inputs.tour
        let tour = replay.tour
        var notes = inputs.notes
        let advised = inputs.radii.map(ReportAdviceBuilder.advisedRadii) ?? [:]
        var points: [ReportData.Point] = []
        for point in tour.points {
            let narration = try narration(of: point, replay: replay, notes: &notes)
            points.append(ReportData.Point(
                order: point.order, id: point.id, title: texts(point.title), lat: ReportRounding.degrees(point.location.lat),
                lng: ReportRounding.degrees(point.location.lng), radiusMeters: point.triggerRadiusMeters, advisedRadiusMeters: advised[point.order] ?? nil,
                narration: narration))
        }
        var traces: [ReportData.TraceFile] = []
        var walks: [ReportData.ReportedWalk] = []
        for (index, walk) in inputs.walks.enumerated() {
            let digest: String
            do {
                digest = try AssetFile.sha256(ofFile: walk.path)
            } catch {
                throw FieldReportError("\(walk.path): \(error.message)")
            }
            let format = walk.summary.map { $0.format.rawValue + ($0.compressed ? ".gz" : "") }
            traces.append(ReportData.TraceFile(file: walk.file, sha256: digest, fixes: walk.summary?.fixes ?? walk.trace.count, format: format))
            walks.append(ReportWalkBuilder.walk(
                id: "w\(index + 1)", name: (walk.file as NSString).lastPathComponent, index: index, trace: walk.trace,
                timeline: walk.timeline, tour: replay.engineTour, policy: inputs.policy))
        }
        // With --phases N: each walk replayed under each phase of the fix delivery, for the map and the advice.
        let phases = inputs.options["phases"].flatMap(phaseCount) ?? 1
        var spreads: [PhaseSpread] = []
        if phases > 1 {
            for (index, walk) in inputs.walks.enumerated() {
                let timelines = PhaseSpread.timelines(tour: replay.engineTour, trace: walk.trace, policy: inputs.policy, phases: phases)
                spreads.append(PhaseSpread.spread(timelines, tour: replay.engineTour))
                walks[index] = ReportWalkBuilder.withPhases(walks[index], trace: walk.trace, timelines: timelines, policy: inputs.policy)
            }
        }
        let route = (tour.route?.points ?? []).map { [ReportRounding.degrees($0.lat), ReportRounding.degrees($0.lng)] }
        let provenance = ReportData.Provenance(
            command: inputs.command, walkscapeVersion: inputs.walkscapeVersion,
            tour: ReportData.TourReference(id: tour.id, version: tour.version, title: texts(tour.title), path: inputs.tourArgument),
            traces: traces, profile: inputs.profile, options: inputs.options.isEmpty ? nil : inputs.options, notes: notes.isEmpty ? nil : notes)
        var data = ReportData(
            language: replay.language, provenance: provenance,
            tour: ReportData.TourData(id: tour.id, version: tour.version, title: texts(tour.title), languages: tour.languages, route: route, points: points),
            walks: walks)
        if let radii = inputs.radii {
            // With --phases N: how often each point plays over the phases of the fix delivery (simulate's spread).
            data.advice = ReportAdviceBuilder.advice(
                radii, titles: replay.pointTitles(), profile: inputs.profile, phases: inputs.options["phases"].flatMap(phaseCount), spreads: spreads,
                walks: inputs.walks.count)
            data.regionOverlaps = ReportAdviceBuilder.regionOverlaps(radii)
        }
        // For an app profile: where the iOS and Android builds differ on these walks.
        if let profile = inputs.profile.flatMap(EngineProfile.init(rawValue:)), ReportBuildDifferenceBuilder.builds.contains(profile) {
            let differences = ReportBuildDifferenceBuilder.differences(
                walks: zip(inputs.walks, walks).map { ($0.1.name, $0.0.trace) }, tour: replay.engineTour, titles: replay.pointTitles())
            if differences.isEmpty {
                data.provenance.notes = (data.provenance.notes ?? []) + ["The iOS and Android builds agree on every point of every walk."]
            } else {
                data.buildDifferences = differences
            }
        }
        if let basemap = inputs.basemap {
            // Read in place: a copy of every fix's position would be 16 bytes a fix (80 MB at the run's limit).
            let fixed = (tour.route?.points ?? []) + tour.points.map(\.location)
            let walked = inputs.walks.lazy.flatMap { walk in (0..<walk.trace.count).lazy.map(walk.trace.location) }
            data.basemap = ReportBasemapBuilder.basemap(basemap, around: [AnySequence(fixed), AnySequence(walked)].joined())
        }
        return data
    }

    /// The recording of `point` in the report's language with its subtitles; nil when the point has no
    /// track in that language. A recording missing under `--allow-missing` is said in a note.
    static func narration(of point: TourPoint, replay: ReplayTour, notes: inout [String]) throws(FieldReportError) -> ReportData.Narration? {
        guard let track = point.track(replay.language) else { return nil }
        let seconds = replay.engineTour.points.first { $0.order == point.order }?.audioSeconds ?? track.audio.durationSeconds ?? 0
        var audio: ReportData.Audio?
        if replay.silentPoints.contains(point.order) {
            notes.append("Point \(point.order): its \(replay.language) recording is missing (\(track.audio.file)); the page has no player for it.")
        } else {
            let bytes = try read(track.audio, in: replay.location)
            audio = ReportData.Audio(
                src: "data:\(mimeType(bytes));base64," + Data(bytes).base64EncodedString(), mimeType: mimeType(bytes), bytes: bytes.count,
                note: track.isPlaceholder ? "A placeholder recording: the narration does not exist yet." : nil)
        }
        var subtitles: [String: [ReportData.Cue]] = [:]
        for (language, asset) in track.subtitles where subtitles[language] == nil {
            let document: SubtitleDocument
            do {
                document = try AssetFile(asset, in: replay.location).subtitles()
            } catch {
                notes.append("Point \(point.order): subtitles \(asset.file) left out: \(error.message).")
                continue
            }
            subtitles[language] = document.cues.map {
                ReportData.Cue(start: Double($0.startMs) / 1000, end: Double($0.endMs) / 1000, text: $0.displayText)
            }
        }
        return ReportData.Narration(language: track.language, durationSeconds: ReportRounding.seconds(seconds), audio: audio, subtitles: subtitles)
    }

    /// The bytes of a tour file, as they are.
    static func read(_ asset: Asset, in location: TourLocation) throws(FieldReportError) -> [UInt8] {
        let file: AssetFile
        do {
            file = try AssetFile(asset, in: location)
        } catch {
            throw FieldReportError("\(location.path(of: asset.file)): \(error.message)")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FieldReportError("\(file.path): cannot be read")
        }
        return Array(data)
    }

    /// The media type of a recording, from its first bytes.
    static func mimeType(_ bytes: [UInt8]) -> String {
        switch AudioContainerSniffer.sniff(Array(bytes.prefix(AudioContainerSniffer.headerLength))) {
        case .mp3: return "audio/mpeg"
        case .wav, .rf64: return "audio/wav"
        case .mp4: return "audio/mp4"
        case .adts: return "audio/aac"
        case .ogg: return "audio/ogg"
        case .flac: return "audio/flac"
        case .aiff: return "audio/aiff"
        case .empty, .unknown: return "audio/x-unknown"
        }
    }

    /// A localized text as language → text (the first text of a language kept).
    static func texts(_ text: LocalizedText) -> [String: String] {
        Dictionary(text.entries.map { ($0.language, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The number of phases in the `phases` option, when it holds one.
    static func phaseCount(_ value: ReportData.OptionValue) -> Int? {
        if case let .number(count) = value { return Int(count) }
        return nil
    }
}
