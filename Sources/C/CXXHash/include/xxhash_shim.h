#ifndef BB_XXHASH_SHIM_H
#define BB_XXHASH_SHIM_H

#include <stddef.h>
#include <stdint.h>

// XXH3 (xxHash 0.8, from Debian's libxxhash-dev, compiled in: nothing to load where
// bbreport runs), through plain functions Swift can call.

/// The 64-bit XXH3 hash of `count` bytes, with `seed`.
uint64_t bb_xxh3_64(const void *bytes, size_t count, uint64_t seed);

/// A hash taken in piece by piece, whose value can be read at any point on the way.
typedef struct bb_xxh3_stream bb_xxh3_stream;

/// A new stream with `seed`, or NULL when memory ran out.
bb_xxh3_stream *bb_xxh3_stream_create(uint64_t seed);
/// A new stream where `stream` is, or NULL when memory ran out.
bb_xxh3_stream *bb_xxh3_stream_copy(const bb_xxh3_stream *stream);
void bb_xxh3_stream_free(bb_xxh3_stream *stream);
/// Takes in `count` more bytes.
void bb_xxh3_stream_update(bb_xxh3_stream *stream, const void *bytes, size_t count);
/// The hash of all the bytes taken in so far (the stream goes on unchanged).
uint64_t bb_xxh3_stream_digest(const bb_xxh3_stream *stream);

#endif
