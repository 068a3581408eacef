/// `walkscape play --help`'s discussion.
enum PlayHelp {
    static let discussion = """
        Without --trace it opens the catalogue of the tours in TOUR (a directory of tours; default: the tours directory, see `walkscape tours --help`) or, \
        when TOUR is one tour, that tour's detail: pick a walk (a trace found for the tour, or a simulated walk \
        along its route), change the settings (`,`), press enter to play. A tour with missing files cannot \
        start; its detail says what is missing and the command that downloads it, and `d` runs that command \
        when the tour records where it came from (a protected tour also needs --token or WALKSCAPE_TOKEN, \
        handed to the download through its environment, never written anywhere).

        With --trace it opens the player at once. The trace replays through the same trigger engine as \
        `simulate`, on a clock you can pause, step and speed up (x1/4 ... x64). From x1/2 to x2 the audio is \
        heard (PulseAudio), time-stretched with its pitch kept away from x1; at other speeds it is muted and \
        its position follows the clock, so the queue behaves exactly as at x1. Subtitles follow the heard \
        position. With --gps it follows live positions instead (gpsd, an NMEA stream; see `walkscape track`).

        Player keys: space play/pause; left/right seek -/+10 s (15 s as android-app); n/p next/previous point (as the profile's app); r replay; [ ] or -/+ speed; \
        . step one fix while paused; f follow walker; h/L k/j up/down pan; z/x zoom; 0 fit route; \
        s subtitle language; l event log; ? help; q quit.
        Catalogue keys: up/down select; enter open; tab filter (all/protected/free); , settings; esc back; q quit.

        Needs a terminal (TERM set, not dumb), at least 60x20. Without a UTF-8 locale the map is drawn in \
        ASCII (a UTF-8 locale that is not installed uses the terminal's UTF-8 through C.UTF-8); NO_COLOR \
        turns colours off. Messages from the audio libraries go to \
        $XDG_STATE_HOME/walkscape/play.log (default ~/.local/state/walkscape, created 0700), never over \
        the screen.

        Examples:
          walkscape play
          walkscape play tours/torino-portici
          walkscape play tours/torino-portici \\
              --trace fixtures/traces/torino-portici-clean.gpx
          walkscape play tours/paris-ile-de-la-cite --trace walk.gpx --lang en \\
              --subs fr --speed 8
          walkscape play tours/torino-portici --trace walk.gpx --audio none \\
              --profile ios-app
        """
}
