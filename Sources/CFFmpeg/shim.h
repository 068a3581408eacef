#ifndef WALKSCAPE_CFFMPEG_SHIM_H
#define WALKSCAPE_CFFMPEG_SHIM_H
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
#endif
