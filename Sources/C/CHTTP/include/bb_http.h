#ifndef BB_HTTP_H
#define BB_HTTP_H

#include <stddef.h>

/// Limits on one request: each one ends the request with its own failure code.
typedef struct {
    /// The whole exchange, connecting to the last byte of the body, in milliseconds.
    long deadline_ms;
    /// The body after decompression (what is kept in memory), in bytes.
    long long max_body;
    /// The body as it arrives on the wire, before decompression, in bytes.
    long long max_received;
    /// All header lines of the answer together, in bytes.
    long max_header_bytes;
} bb_http_limits;

typedef enum {
    BB_HTTP_OK = 0,
    BB_HTTP_TIMED_OUT,
    BB_HTTP_REFUSED,
    BB_HTTP_NO_SUCH_HOST,
    BB_HTTP_DROPPED,
    BB_HTTP_BODY_TOO_LARGE,
    BB_HTTP_RECEIVED_TOO_MUCH,
    BB_HTTP_HEADERS_TOO_LARGE,
    BB_HTTP_BAD_ENCODING,
    BB_HTTP_TLS,
    BB_HTTP_CANCELLED,
    BB_HTTP_OTHER,
} bb_http_failure;

/// What came back: the status and header lines of the answer, its body, or a failure.
typedef struct {
    bb_http_failure failure;
    long status;
    /// The answer's header lines, each ending in CRLF, without the status line; malloc'd.
    char *headers;
    size_t headers_length;
    /// The body, decompressed; malloc'd.
    char *body;
    size_t body_length;
    /// How many body bytes arrived on the wire.
    long long received;
    /// libcurl's words for a failure, for messages.
    char detail[256];
} bb_http_answer;

/// Set from any thread to stop a request at its next progress check (within a second).
typedef struct bb_http_cancel bb_http_cancel;
bb_http_cancel *bb_http_cancel_new(void);
void bb_http_cancel_set(bb_http_cancel *cancel);
void bb_http_cancel_free(bb_http_cancel *cancel);

/// GET `url` (http or https only) with `header_count` header lines ("Name: value"), no
/// redirect followed, no proxy, any content encoding libcurl can decode. Fills `answer`;
/// free its buffers with bb_http_answer_free.
void bb_http_get(const char *url, const char *const *header_lines, size_t header_count,
                 bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer);

/// POST `body_length` bytes of `body` to `url`, bounded and redirected (not at all) as
/// bb_http_get is; the header lines name the body's type.
void bb_http_post(const char *url, const char *const *header_lines, size_t header_count, const char *body, size_t body_length,
                  bb_http_limits limits, bb_http_cancel *cancel, bb_http_answer *answer);

void bb_http_answer_free(bb_http_answer *answer);

#endif
