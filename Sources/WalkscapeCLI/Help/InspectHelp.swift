/// `walkscape inspect --help`'s discussion.
enum InspectHelp {
    static let discussion = """
        Traces: GPX 1.0/1.1 (track points, else route points), NMEA 0183 logs (RMC + GGA), GeoJSON \
        (LineString/MultiLineString) and KML (gx:Track, LineString), each optionally gzip-compressed (.gpx.gz). The format is told by the \
        content, then by the extension. Fixes are sorted by time; unusable ones are dropped and each kind \
        of drop is reported as one warning. The length is the haversine length in file order. See \
        docs/traces.md.

        Subtitles (.srt, or SubRip content): encoding, cue count, first start and last end, and every \
        warning (malformed cues skipped, overlaps, reading speed over 20 characters a second, empty cues); \
        exit 1 when no cue can be read. See docs/subtitles.md.

        Audio (.mp3, .wav, or MP3/WAV/RF64 content): codec, sample rate, channels and the exact length in \
        frames, found by decoding the whole file (MP3 gapless, encoder delay and padding removed); a file \
        shorter than its header promises is a warning saying what is missing. See docs/audio.md.

        Exit status: 0 the file was read (warnings allowed, even without fixes), 1 the file is broken (one \
        line on standard error: FILE:LINE: what is wrong; what was expected), 2 usage error or a file \
        that cannot be read at all.

        Examples:
          walkscape inspect fixtures/traces/torino-portici-clean.gpx
          walkscape inspect --json walk.gpx.gz
          walkscape inspect --walk-speed 1.4 route-without-times.gpx
          walkscape inspect --json tours/paris-ile-de-la-cite/audio/en/p1.mp3
        """
}
