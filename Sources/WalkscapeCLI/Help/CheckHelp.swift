/// `walkscape check --help`'s discussion.
enum CheckHelp {
    static let discussion = """
        A golden file is a JSON Lines timeline as `walkscape simulate` prints it. Events must match one \
        for one (event, point, next/missed) with times within --tolerance seconds; on a mismatch the \
        first divergence is shown, expected against actual. --update writes the golden file instead.

        A suite file lists many cases (paths relative to the suite file):
          {"cases": [{"name": "torino clean", "tour": "../../tours/torino-portici",
                      "trace": "../traces/torino-portici-clean.gpx", "lang": "it",
                      "golden": "torino-portici-clean.jsonl",
                      "options": {"profile": "prd", "queueDepth": 1, "minAccuracy": 25,
                                  "confirmFixes": 1, "skipMissed": false, "walkSpeed": 1.2},
                      "tolerance": 0.5}]}
        "profile" picks the rules (docs/profiles.md); the other options override its values.

        --observed EVENTS compares the phone app's own analytics from a walk of --trace (fed to it with \
        `walkscape feed`) with what walkscape predicts for --profile: per point, triggered or not and \
        when after tour_started, and the completion, within --tolerance seconds. EVENTS is the \
        POST /analytics/events body, `walkscape collect`'s JSON Lines or a CSV export (docs/live.md).

        Exit status: 0 all match, 1 a mismatch (or a case that cannot run), 2 usage error or unreadable suite.

        Examples:
          walkscape check tours/torino-portici \\
              --trace fixtures/traces/torino-portici-brisk.gpx \\
              --expect fixtures/golden/torino-portici-brisk.jsonl
          walkscape check --suite fixtures/golden/suite.json --junit build/junit.xml
          walkscape check --suite fixtures/golden/suite.json --update
          walkscape check tours/torino-portici --trace walk.gpx --profile ios-app \\
              --observed events.jsonl --tolerance 5
        """
}
