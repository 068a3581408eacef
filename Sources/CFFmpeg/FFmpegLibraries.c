// FFmpeg's libraries opened on first use: the definitions of the FFmpeg functions walkscape calls, each
// forwarding to the library's own (see CFFmpeg.h for why).
// The C library's headers come first, so that only FFmpeg's declarations fall under the hidden visibility.
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#pragma GCC visibility push(hidden)
#include "CFFmpeg.h"
#pragma GCC visibility pop

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

/// The libraries, by the sonames of the headers compiled against, and the Debian packages that hold them;
/// each function is looked up in every one.
#define LIBRARY(name, major) {"lib" #name ".so." STRINGIFY(major), "lib" #name STRINGIFY(major)}
static const struct { const char *soname, *package; } libraries[] = {
    LIBRARY(avutil, LIBAVUTIL_VERSION_MAJOR),
    LIBRARY(swresample, LIBSWRESAMPLE_VERSION_MAJOR),
    LIBRARY(avcodec, LIBAVCODEC_VERSION_MAJOR),
    LIBRARY(avformat, LIBAVFORMAT_VERSION_MAJOR),
};
#define LIBRARIES (sizeof libraries / sizeof libraries[0])

/// Every FFmpeg function walkscape calls (FFmpegDecoder.swift).
#define FFMPEG_FUNCTIONS(X) \
    X(av_channel_layout_copy) X(av_channel_layout_default) X(av_channel_layout_uninit) X(av_find_best_stream) \
    X(av_frame_alloc) X(av_frame_free) X(av_frame_unref) X(av_log_set_level) X(av_packet_alloc) \
    X(av_packet_free) X(av_packet_unref) X(av_read_frame) X(av_rescale_q) X(av_seek_frame) X(av_strerror) \
    X(avcodec_alloc_context3) X(avcodec_flush_buffers) X(avcodec_free_context) X(avcodec_get_name) \
    X(avcodec_open2) X(avcodec_parameters_to_context) X(avcodec_receive_frame) X(avcodec_send_packet) \
    X(avformat_close_input) X(avformat_find_stream_info) X(avformat_open_input) X(swr_alloc_set_opts2) \
    X(swr_convert) X(swr_free) X(swr_get_out_samples) X(swr_init)

/// The functions found, each of its declared type (a header change that alters one fails to compile here).
static struct {
#define FIELD(name) __typeof__(&name) name;
    FFMPEG_FUNCTIONS(FIELD)
#undef FIELD
} found;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Empty when the libraries opened; otherwise what went wrong.
static char failure[512];

/// Closes the first `count` of `handles` and forgets every function found: what a failed open leaves behind.
static void close_libraries(void **handles, size_t count) {
    while (count-- > 0) dlclose(handles[count]);
    memset(&found, 0, sizeof found);
}

static void open_libraries(void) {
    void *handles[LIBRARIES];
    for (size_t i = 0; i < LIBRARIES; i++) {
        handles[i] = dlopen(libraries[i].soname, RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "FFmpeg's %s could not be opened (%s); install it: apt-get install %s",
                     libraries[i].soname, reason ? reason : "no reason given", libraries[i].package);
            close_libraries(handles, i);
            return;
        }
    }
#define FIND(name)                                                                                                 \
    for (size_t i = LIBRARIES; i-- > 0 && !found.name;) found.name = (__typeof__(&name))dlsym(handles[i], #name); \
    if (!found.name) {                                                                                             \
        snprintf(failure, sizeof failure, "FFmpeg's libraries lack the function %s (walkscape was built against FFmpeg %s); rebuild walkscape against the installed FFmpeg", \
                 #name, LIBAVFORMAT_IDENT);                                                                        \
        close_libraries(handles, LIBRARIES);                                                                       \
        return;                                                                                                    \
    }
    FFMPEG_FUNCTIONS(FIND)
#undef FIND
}

int walkscape_ffmpeg_open(char *message, size_t size) {
    pthread_once(&once, open_libraries);
    if (!failure[0]) return 0;
    if (message && size > 0) snprintf(message, size, "%s", failure);
    return -1;
}

/// The function `name` of the opened libraries; stops the program when they could not be opened (a caller
/// that skipped walkscape_ffmpeg_open's answer).
#define OPENED(name)                                                                                   \
    (walkscape_ffmpeg_open(NULL, 0) == 0 ? found.name                                                  \
                                         : (fprintf(stderr, "walkscape: %s\n", failure), abort(), found.name))

#define FORWARD(type, name, parameters, arguments) \
    type name parameters { return OPENED(name) arguments; }
#define FORWARD_VOID(name, parameters, arguments) \
    void name parameters { OPENED(name) arguments; }

FORWARD(int, av_channel_layout_copy, (AVChannelLayout *dst, const AVChannelLayout *src), (dst, src))
FORWARD_VOID(av_channel_layout_default, (AVChannelLayout *layout, int channels), (layout, channels))
FORWARD_VOID(av_channel_layout_uninit, (AVChannelLayout *layout), (layout))
FORWARD(int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags),
        (ic, type, wanted, related, decoder, flags))
FORWARD(AVFrame *, av_frame_alloc, (void), ())
FORWARD_VOID(av_frame_free, (AVFrame **frame), (frame))
FORWARD_VOID(av_frame_unref, (AVFrame *frame), (frame))
FORWARD_VOID(av_log_set_level, (int level), (level))
FORWARD(AVPacket *, av_packet_alloc, (void), ())
FORWARD_VOID(av_packet_free, (AVPacket **packet), (packet))
FORWARD_VOID(av_packet_unref, (AVPacket *packet), (packet))
FORWARD(int, av_read_frame, (AVFormatContext *s, AVPacket *packet), (s, packet))
FORWARD(int64_t, av_rescale_q, (int64_t a, AVRational bq, AVRational cq), (a, bq, cq))
FORWARD(int, av_seek_frame, (AVFormatContext *s, int stream, int64_t timestamp, int flags), (s, stream, timestamp, flags))
FORWARD(int, av_strerror, (int error, char *buffer, size_t size), (error, buffer, size))
FORWARD(AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))
FORWARD_VOID(avcodec_flush_buffers, (AVCodecContext *context), (context))
FORWARD_VOID(avcodec_free_context, (AVCodecContext **context), (context))
FORWARD(const char *, avcodec_get_name, (enum AVCodecID id), (id))
FORWARD(int, avcodec_open2, (AVCodecContext *context, const AVCodec *codec, AVDictionary **options), (context, codec, options))
FORWARD(int, avcodec_parameters_to_context, (AVCodecContext *context, const AVCodecParameters *parameters), (context, parameters))
FORWARD(int, avcodec_receive_frame, (AVCodecContext *context, AVFrame *frame), (context, frame))
FORWARD(int, avcodec_send_packet, (AVCodecContext *context, const AVPacket *packet), (context, packet))
FORWARD_VOID(avformat_close_input, (AVFormatContext **s), (s))
FORWARD(int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options))
FORWARD(int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *format, AVDictionary **options),
        (ps, url, format, options))
FORWARD(int, swr_alloc_set_opts2,
        (struct SwrContext **ps, AVChannelLayout *out_layout, enum AVSampleFormat out_format, int out_rate,
         AVChannelLayout *in_layout, enum AVSampleFormat in_format, int in_rate, int log_offset, void *log_context),
        (ps, out_layout, out_format, out_rate, in_layout, in_format, in_rate, log_offset, log_context))
FORWARD(int, swr_convert, (struct SwrContext *s, uint8_t **out, int out_count, const uint8_t **in, int in_count),
        (s, out, out_count, in, in_count))
FORWARD_VOID(swr_free, (struct SwrContext **s), (s))
FORWARD(int, swr_get_out_samples, (struct SwrContext *s, int in_samples), (s, in_samples))
FORWARD(int, swr_init, (struct SwrContext *s), (s))
