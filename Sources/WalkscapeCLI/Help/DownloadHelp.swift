/// `walkscape download --help`'s discussion.
enum DownloadHelp {
    static let discussion = """
        Fetches the tour's detail, points and manifest in each language, merges them into one tour.json \
        (docs/tour-format.md) and downloads every file into DEST/.walkscape-staging/NAME first: a rerun after \
        an interruption (Ctrl-C, a lost connection) continues partial files with HTTP Range and skips \
        complete ones. Each file's size is checked against the manifest, its SHA-256 written into tour.json; \
        a file that came over plain HTTP is also checked against the server's MD5 ETag when it sends one \
        (over HTTPS, TLS already guarantees the bytes; --etag-check always|never changes this). The whole \
        tour is validated, then \
        moved into DEST/NAME in one step. When the manifest's offlineMap names map tiles, every tile of its \
        recommended zoom levels covering its bounds (plus 100 m; at most 10,000 tiles) is fetched too, each \
        decoded before it is stored, into map/tiles.mbtiles, the tour's mapTiles; a box far larger than the \
        route is bounded by the route's points plus 500 m. The map is an extra: when it cannot be fetched \
        the tour is installed without it, with one warning line; `walkscape tiles DIR --fetch` (or --map-only) \
        fetches it later, resuming; --no-map leaves it out. The version it replaces is kept for `walkscape remove \
        --restore-previous`. 5xx answers and broken connections are retried with backoff.

        On a terminal a progress bar shows bytes, total, rate and ETA; otherwise one line a file.

        Exit status: 0 installed or up to date; 1 the server's answers or files are wrong (bad JSON, wrong \
        size, corrupt bytes, a refused voucher, a tour that does not validate; with --map-only, a map that \
        cannot be fetched); 2 usage, unreachable \
        server, 401/403/404, disk full; 130 interrupted (rerun to resume).

        Examples:
          walkscape download --api https://api.example.org/v1 torino-portici \\
              --lang it,en
          walkscape download --api https://api.example.org/v1 6f1c... --lang fr \\
              --token T --voucher PARIS-2024
        """
}
