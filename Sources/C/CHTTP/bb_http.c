#include "bb_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct bb_http_cancel {
    atomic_int set;
};

bb_http_cancel *bb_http_cancel_new(void) {
    bb_http_cancel *cancel = calloc(1, sizeof *cancel);
    if (cancel) atomic_init(&cancel->set, 0);
    return cancel;
}

void bb_http_cancel_set(bb_http_cancel *cancel) { atomic_store(&cancel->set, 1); }

void bb_http_cancel_free(bb_http_cancel *cancel) { free(cancel); }

/// The state of one request, shared with libcurl's callbacks.
typedef struct {
    bb_http_limits limits;
    bb_http_cancel *cancel;
    bb_http_answer *answer;
    size_t body_capacity;
    size_t headers_capacity;
    long header_bytes;
    /// Why a callback stopped the transfer, when one did.
    bb_http_failure stopped;
} request;

static pthread_once_t initialized = PTHREAD_ONCE_INIT;

/// libcurl, loaded on the first request: with its thirty-odd libraries (TLS, Kerberos,
/// LDAP, SSH) it takes longer to load than bbreport takes to decide an archive is up to
/// date, and a build from a file never needs it.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    void (*easy_cleanup)(CURL *curl);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

/// Why libcurl could not be loaded; empty when it was.
static char load_failure[200];

static int load(void *library, void **function, const char *name) {
    *function = dlsym(library, name);
    if (!*function) snprintf(load_failure, sizeof load_failure, "libcurl has no %s; install libcurl 7.85 or later", name);
    return *function != NULL;
}

static void initialize(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_failure, sizeof load_failure, "libcurl could not be loaded (%s); install libcurl4", reason ? reason : "not found");
        return;
    }
    if (load(library, (void **)&curl.global_init, "curl_global_init") && load(library, (void **)&curl.easy_init, "curl_easy_init")
        && load(library, (void **)&curl.easy_setopt, "curl_easy_setopt") && load(library, (void **)&curl.easy_perform, "curl_easy_perform")
        && load(library, (void **)&curl.easy_getinfo, "curl_easy_getinfo") && load(library, (void **)&curl.easy_strerror, "curl_easy_strerror")
        && load(library, (void **)&curl.easy_cleanup, "curl_easy_cleanup") && load(library, (void **)&curl.slist_append, "curl_slist_append")
        && load(library, (void **)&curl.slist_free_all, "curl_slist_free_all")) {
        curl.global_init(CURL_GLOBAL_DEFAULT);
    }
}

/// Appends `count` bytes to a growing buffer that never grows past `limit` + 1 bytes;
/// 0 when memory ran out.
static int append(char **buffer, size_t *length, size_t *capacity, const char *bytes, size_t count, size_t limit) {
    if (*length + count + 1 > *capacity) {
        size_t wanted = *capacity ? *capacity : 16384;
        while (wanted < *length + count + 1) wanted *= 2;
        if (wanted > limit + 1) wanted = limit + 1;
        char *grown = realloc(*buffer, wanted);
        if (!grown) return 0;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, bytes, count);
    *length += count;
    (*buffer)[*length] = 0;
    return 1;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    request *state = context;
    size_t total = size * count;
    bb_http_answer *answer = state->answer;
    if ((long long)(answer->body_length + total) > state->limits.max_body) {
        state->stopped = BB_HTTP_BODY_TOO_LARGE;
        return 0;
    }
    if (!append(&answer->body, &answer->body_length, &state->body_capacity, bytes, total, (size_t)state->limits.max_body)) {
        state->stopped = BB_HTTP_OTHER;
        return 0;
    }
    return total;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    request *state = context;
    size_t total = size * count;
    bb_http_answer *answer = state->answer;
    state->header_bytes += (long)total;
    if (state->header_bytes > state->limits.max_header_bytes) {
        state->stopped = BB_HTTP_HEADERS_TOO_LARGE;
        return 0;
    }
    // A status line starts the headers of a new answer (after a 100 Continue): keep only the last.
    if (total >= 5 && memcmp(bytes, "HTTP/", 5) == 0) {
        answer->headers_length = 0;
        return total;
    }
    if (!append(&answer->headers, &answer->headers_length, &state->headers_capacity, bytes, total, (size_t)state->limits.max_header_bytes)) {
        state->stopped = BB_HTTP_OTHER;
        return 0;
    }
    return total;
}

static int on_progress(void *context, curl_off_t download_total, curl_off_t downloaded,
                       curl_off_t upload_total, curl_off_t uploaded) {
    (void)download_total; (void)upload_total; (void)uploaded;
    request *state = context;
    state->answer->received = downloaded;
    if (state->cancel && atomic_load(&state->cancel->set)) {
        state->stopped = BB_HTTP_CANCELLED;
        return 1;
    }
    if (downloaded > state->limits.max_received) {
        state->stopped = BB_HTTP_RECEIVED_TOO_MUCH;
        return 1;
    }
    return 0;
}

static bb_http_failure failure_of(CURLcode code) {
    switch (code) {
    case CURLE_OK: return BB_HTTP_OK;
    case CURLE_OPERATION_TIMEDOUT: return BB_HTTP_TIMED_OUT;
    case CURLE_COULDNT_CONNECT: return BB_HTTP_REFUSED;
    case CURLE_COULDNT_RESOLVE_HOST: return BB_HTTP_NO_SUCH_HOST;
    case CURLE_FILESIZE_EXCEEDED: return BB_HTTP_RECEIVED_TOO_MUCH;
    case CURLE_BAD_CONTENT_ENCODING: return BB_HTTP_BAD_ENCODING;
    case CURLE_RECV_ERROR: case CURLE_PARTIAL_FILE: case CURLE_GOT_NOTHING: case CURLE_SEND_ERROR:
    case CURLE_WEIRD_SERVER_REPLY: case CURLE_HTTP2: case CURLE_HTTP2_STREAM:
        return BB_HTTP_DROPPED;
    case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_ISSUER_ERROR:
        return BB_HTTP_TLS;
    default: return BB_HTTP_OTHER;
    }
}

/// One request: a GET when `body` is NULL, else a POST of `body_length` bytes of it.
static void perform(const char *url, const char *const *header_lines, size_t header_count, const char *body, size_t body_length,
                    bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer) {
    pthread_once(&initialized, initialize);
    memset(answer, 0, sizeof *answer);
    if (load_failure[0]) {
        answer->failure = BB_HTTP_OTHER;
        strncpy(answer->detail, load_failure, sizeof answer->detail - 1);
        return;
    }
    request state = { .limits = limits, .cancel = cancel, .answer = answer, .stopped = BB_HTTP_OK };

    CURL *handle = curl.easy_init();
    if (!handle) {
        answer->failure = BB_HTTP_OTHER;
        strcpy(answer->detail, "libcurl could not start a request");
        return;
    }
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < header_count; index++) {
        headers = curl.slist_append(headers, header_lines[index]);
    }
    char error[CURL_ERROR_SIZE] = {0};
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, CURLOPT_URL, url);
    if (body) {
        curl.easy_setopt(handle, CURLOPT_POST, 1L);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        // No `Expect: 100-continue` wait: the body is small and the deadline is ours.
        headers = curl.slist_append(headers, "Expect:");
    } else {
        curl.easy_setopt(handle, CURLOPT_HTTPGET, 1L);
    }
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, "bbreport");
    // Only the web, and only where we were sent: a redirect is the caller's to judge, and
    // no proxy from the environment ever sees the token.
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, CURLOPT_PROXY, "");
    curl.easy_setopt(handle, CURLOPT_NOPROXY, "*");
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // One deadline for everything: a server that drips its headers a byte a second ends here.
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, limits.deadline_ms);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, limits.deadline_ms);
    // Any encoding libcurl decodes is accepted; both sides of decoding are bounded.
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limits.max_received);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &state);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, &state);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, &state);

    CURLcode code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &answer->status);
    curl_off_t received = 0;
    if (curl.easy_getinfo(handle, CURLINFO_SIZE_DOWNLOAD_T, &received) == CURLE_OK && received > answer->received) {
        answer->received = received;
    }
    if (state.stopped != BB_HTTP_OK) {
        answer->failure = state.stopped;
    } else {
        answer->failure = failure_of(code);
    }
    if (answer->failure != BB_HTTP_OK) {
        strncpy(answer->detail, error[0] ? error : curl.easy_strerror(code), sizeof answer->detail - 1);
    }
    curl.slist_free_all(headers);
    curl.easy_cleanup(handle);
}

void bb_http_get(const char *url, const char *const *header_lines, size_t header_count,
                 bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer) {
    perform(url, header_lines, header_count, NULL, 0, limits, cancel, answer);
}

void bb_http_post(const char *url, const char *const *header_lines, size_t header_count, const char *body, size_t body_length,
                  bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer) {
    perform(url, header_lines, header_count, body ? body : "", body_length, limits, cancel, answer);
}

void bb_http_answer_free(bb_http_answer *answer) {
    free(answer->headers);
    free(answer->body);
    answer->headers = NULL;
    answer->body = NULL;
}
