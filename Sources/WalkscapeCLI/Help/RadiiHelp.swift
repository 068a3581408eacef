/// `walkscape radii --help`'s discussion.
enum RadiiHelp {
    static let discussion = """
        For each point and trace: the closest approach (metres, time), first entry, time inside, number of \
        entries, whether and when it triggered (the real engine, with the policy options), the margin \
        (radius - closest approach). Over all traces: the smallest radius that triggers on every trace and \
        the largest that stays clear of where walkers were before the previous point's audio ended, and \
        an advised radius between them, or why none works; overlapping consecutive regions; points the \
        route passes twice. Radii are tried one point at a time, the others keeping the tour's radius.

        --sweep FROM:TO:STEP: per point and radius, the share of traces triggering and the mean trigger \
        delay. --noise SIGMA: each trace replayed --runs times with GPS errors added (drift of SIGMA \
        metres, --jumps and --dropouts an hour), the trigger probability per radius (the sweep's radii, \
        50:300:10 by default). Deterministic for a --seed. See docs/fieldtesting.md.

        --profile NAME and the policy options replay as that phone would (docs/profiles.md). The fast \
        probe models the queue depth, --min-accuracy, --confirm-fixes and the phones' fix delivery; for \
        the app cursor (ios-app, android-app), hysteresis (ideal) and --skip-missed every \
        radius is replayed through the engine instead: the same answers, slower, and said in the report.

        Examples:
          walkscape radii tours/torino-portici --trace walk1.gpx walk2.gpx
          walkscape radii tours/torino-portici --trace walks/*.gpx \\
              --sweep 50:300:10 --svg radii.svg
          walkscape radii tours/torino-portici --trace walk.gpx --noise 8 \\
              --runs 50 --seed 3 --json
          walkscape radii tours/torino-portici --trace walk.gpx --map
          walkscape radii tours/torino-portici --trace walk.gpx --profile ios-app
          walkscape radii tours/torino-portici --trace walks/*.gpx --apply --dry-run
          walkscape radii tours/torino-portici --trace walks/*.gpx --apply --only 3,5

        --apply writes the advised radii into tour.json: only the triggerRadiusMeters values change, every \
        other byte stays (an atomic rewrite, read back before it replaces the file). Radii interact (a \
        point's radius moves where walkers are while its audio plays), so the advice is applied and the \
        walks analysed again until it settles: a second `radii` run advises keeping what was written. \
        Points where no radius works are left as they are and named (exit status 1). --only 3,5 changes \
        only those points; --dry-run prints the before -> after table and writes nothing.

        A trace that cannot be read, or never comes within 1 km of the tour's points or route (a walk of \
        somewhere else: simulate's warning), is left out with a warning and the advice comes from the \
        rest; with none left nothing is advised (exit status 1, or 2 when the first trace left out \
        cannot be read at all). --strict refuses any such trace instead.
        """
}
