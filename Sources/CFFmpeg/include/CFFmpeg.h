#ifndef WALKSCAPE_CFFMPEG_H
#define WALKSCAPE_CFFMPEG_H
/// FFmpeg's declarations for Swift, and the functions that open FFmpeg's libraries on first use.
///
/// walkscape does not link FFmpeg: libavformat alone pulls in 134 shared libraries (every codec Debian builds
/// FFmpeg with), and resolving their symbols took 60 of the 90 ms every run of the binary spent starting. The
/// FFmpeg functions walkscape calls are defined in FFmpegLibraries.c instead, each forwarding to the function of
/// that name in the library `walkscape_ffmpeg_open` opened with dlopen (the sonames of the headers compiled
/// against). Those definitions are hidden, so that the libraries FFmpeg opens never bind to them.
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/log.h>

/// AVERROR_EOF and AVERROR(EAGAIN) are function-like macros Swift cannot import.
static inline int walkscape_averror_eof(void) { return AVERROR_EOF; }
static inline int walkscape_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AV_NOPTS_VALUE, for the same reason.
static inline int64_t walkscape_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// Opens FFmpeg's libraries, once for the process: 0 when every function walkscape calls was found; otherwise
/// -1, with what was missing and what to install written into `message` (`size` bytes at most). Call it
/// before any other FFmpeg function (`FFmpegDecoder` does); calling one after it failed stops the program.
int walkscape_ffmpeg_open(char *message, size_t size);
#endif
