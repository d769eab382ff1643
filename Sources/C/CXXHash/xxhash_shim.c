#define XXH_INLINE_ALL
#include <xxhash.h>
#include "xxhash_shim.h"

uint64_t bb_xxh3_64(const void *bytes, size_t count, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, count, seed);
}

bb_xxh3_stream *bb_xxh3_stream_create(uint64_t seed) {
    XXH3_state_t *state = XXH3_createState();
    if (state == NULL) return NULL;
    XXH3_64bits_reset_withSeed(state, seed);
    return (bb_xxh3_stream *)state;
}

bb_xxh3_stream *bb_xxh3_stream_copy(const bb_xxh3_stream *stream) {
    XXH3_state_t *copy = XXH3_createState();
    if (copy == NULL) return NULL;
    XXH3_copyState(copy, (const XXH3_state_t *)stream);
    return (bb_xxh3_stream *)copy;
}

void bb_xxh3_stream_free(bb_xxh3_stream *stream) {
    XXH3_freeState((XXH3_state_t *)stream);
}

void bb_xxh3_stream_update(bb_xxh3_stream *stream, const void *bytes, size_t count) {
    XXH3_64bits_update((XXH3_state_t *)stream, bytes, count);
}

uint64_t bb_xxh3_stream_digest(const bb_xxh3_stream *stream) {
    return XXH3_64bits_digest((const XXH3_state_t *)stream);
}
