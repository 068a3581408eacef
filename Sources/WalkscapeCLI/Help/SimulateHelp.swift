/// `walkscape simulate --help`'s discussion.
enum SimulateHelp {
    static let discussion = """
        Runs the sequential trigger queue on the trace's own clock (t = seconds since its first fix), as \
        fast as the machine can: tour_started, point_entered/exited, point_triggered, point_queued, \
        point_skipped, audio_started/finished, tour_completed or tour_incomplete. Audio lengths are the \
        exact decoded lengths of the tour's recordings in the chosen language. The same inputs always \
        give byte-identical output.

        Formats: jsonl (one JSON object a line: t, event, point, pointId, distance, lat, lng, queue, ...), \
        json (one document with the tour, trace, language and policy), text (aligned columns for people).

        Examples:
          walkscape simulate tours/torino-portici \\
              --trace fixtures/traces/torino-portici-clean.gpx
          walkscape simulate tours/torino-portici --trace walk.gpx --format text \\
              --lang en
          walkscape simulate tours/paris-ile-de-la-cite --trace walk.nmea \\
              --queue-depth 0 --min-accuracy 25
          walkscape simulate tours/torino-portici --trace walk.gpx \\
              --events analytics.json
          walkscape simulate tours/torino-portici --trace walk.gpx \\
              --profile ios-app --format text
          walkscape simulate tours/torino-portici --trace walk.gpx \\
              --upload-events --api https://api.example.org/v1

        Nothing leaves the machine unless --upload-events is given: then the analytics batch (the body \
        --events writes) is posted to --api's POST /analytics/events, with --token when given. The batch \
        has the fields the backend accepts and the events the profile's app sends (docs/profiles.md); \
        every event carries one anonymousId, derived from the tour, trace and profile unless \
        --anonymous-id is given.
        """
}
