import WalkscapeCore

/// Whether a tour on disk is complete enough to start ("Option B": a tour plays only when fully downloaded),
/// checked quickly: every asset the tour names is a regular file inside the tour with the size `tour.json`
/// gives. Content (SHA-256, decoding) is `walkscape validate`'s job.
public enum TourAvailability {
    /// What is missing or wrong, one line per asset (empty: complete).
    public static func problems(of tour: Tour, in location: TourLocation) -> [String] {
        var problems: [String] = []
        for (_, asset) in tour.assets {
            do {
                let file = try AssetFile(asset, in: location)
                if let expected = asset.fileSizeBytes, expected != file.size {
                    problems.append("\(asset.file): \(file.size) bytes, tour.json says \(expected) (partly downloaded or replaced)")
                }
            } catch {
                problems.append(asset.file + ": missing")
            }
        }
        return problems
    }

    /// The command that downloads `tour` again.
    public static func downloadCommand(for tour: Tour, directory: String) -> String {
        let parent = directory.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return "walkscape download --api URL \(tour.id) --lang \(tour.languages.joined(separator: ","))" + (parent.isEmpty || parent == "tours" ? "" : " --dest \(parent)")
    }
}
