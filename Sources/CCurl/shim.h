#ifndef WALKSCAPE_CCURL_SHIM_H
#define WALKSCAPE_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per
// argument kind.

typedef size_t (*walkscape_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*walkscape_curl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode walkscape_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode walkscape_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode walkscape_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode walkscape_curl_set_data_callback(CURL *handle, CURLoption option, walkscape_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode walkscape_curl_set_progress_callback(CURL *handle, walkscape_curl_progress_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline long walkscape_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

/// The URL the transfer is at now, after any redirects (owned by libcurl; NULL when unknown).
static inline const char *walkscape_curl_effective_url(CURL *handle) {
    char *url = NULL;
    curl_easy_getinfo(handle, CURLINFO_EFFECTIVE_URL, &url);
    return url;
}

#endif
