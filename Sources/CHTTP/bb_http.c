#include "bb_http.h"

#include <curl/curl.h>
#include <pthread.h>
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

static void initialize(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

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

void bb_http_get(const char *url, const char *const *header_lines, size_t header_count,
                 bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer) {
    pthread_once(&initialized, initialize);
    memset(answer, 0, sizeof *answer);
    request state = { .limits = limits, .cancel = cancel, .answer = answer, .stopped = BB_HTTP_OK };

    CURL *curl = curl_easy_init();
    if (!curl) {
        answer->failure = BB_HTTP_OTHER;
        strcpy(answer->detail, "libcurl could not start a request");
        return;
    }
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < header_count; index++) {
        headers = curl_slist_append(headers, header_lines[index]);
    }
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "bbreport");
    // Only the web, and only where we were sent: a redirect is the caller's to judge, and
    // no proxy from the environment ever sees the token.
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_PROXY, "");
    curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // One deadline for everything: a server that drips its headers a byte a second ends here.
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, limits.deadline_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, limits.deadline_ms);
    // Any encoding libcurl decodes is accepted; both sides of decoding are bounded.
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limits.max_received);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &state);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &state);

    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer->status);
    curl_off_t received = 0;
    if (curl_easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, &received) == CURLE_OK && received > answer->received) {
        answer->received = received;
    }
    if (state.stopped != BB_HTTP_OK) {
        answer->failure = state.stopped;
    } else {
        answer->failure = failure_of(code);
    }
    if (answer->failure != BB_HTTP_OK) {
        strncpy(answer->detail, error[0] ? error : curl_easy_strerror(code), sizeof answer->detail - 1);
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
}

void bb_http_answer_free(bb_http_answer *answer) {
    free(answer->headers);
    free(answer->body);
    answer->headers = NULL;
    answer->body = NULL;
}
