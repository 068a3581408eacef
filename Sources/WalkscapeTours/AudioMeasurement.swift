import WalkscapeAudio
import WalkscapeCore

/// Measures a tour's audio asset: found safely inside the tour, then opened and its exact length read.
public enum AudioMeasurement {
    /// The asset's format and exact length, or the one problem that prevents it (naming `tour.json`'s
    /// field when the file cannot be found, the audio file itself when it does not decode).
    public static func measure(_ asset: Asset, in location: TourLocation) -> Result<AudioInfo, Diagnostic> {
        let file: AssetFile
        do {
            file = try AssetFile(asset, in: location)
        } catch {
            return .failure(.error(location.jsonFile, asset.path.description + ".file", error.message))
        }
        do {
            return .success(try AudioProbe.probe(path: file.path))
        } catch {
            return .failure(.error(location.path(of: asset.file), "", error.message))
        }
    }
}
