/// `walkscape listen --help`'s discussion.
enum ListenHelp {
    static let discussion = """
        Plays point N's recording in the narration language (default: the tour's first language) from \
        --from seconds, and prints each subtitle cue on standard output at the moment it is heard, as \
        `[MM:SS.mmm] text` (the cue's start time in the recording; tags removed, lines joined with " / "). \
        Exits when the recording ends; Ctrl-C, SIGTERM or SIGHUP stops it cleanly (status 128 + the signal; a \
        WAV file being written keeps what was heard).

        --speed X (0.5 to 2) plays the narration faster or slower with its pitch kept (librubberband); the \
        cues then follow the stretched audio and their times are where they are heard in it (the \
        recording's time / X), as is `stopped at`; --from stays a time in the recording.

        Subtitles default to the track's own language when it has them, else its first subtitle file; \
        --subs off prints none.

        Examples:
          walkscape listen tours/torino-portici --point 1
          walkscape listen tours/torino-portici --point 2 --lang en --subs en \\
              --from 12.5
          walkscape listen tours/paris-ile-de-la-cite --point 3 --audio none
          walkscape listen tours/paris-ile-de-la-cite --point 3 --audio wav:point3.wav
          walkscape listen tours/torino-portici --point 2 --speed 1.5
        """
}
