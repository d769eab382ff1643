#ifndef FILE_MAPPING_SHIM_H
#define FILE_MAPPING_SHIM_H

#include <stddef.h>

/// Maps the first `size` bytes of the open file `descriptor` into memory, read-only and
/// private, guarded: should the file be cut short while it is mapped, reading past its new
/// end finds zero bytes instead of ending the program (SIGBUS), and the mapping is marked
/// as cut. Returns NULL, with errno set, when the file cannot be mapped or the guard's
/// places are all taken.
const void *bb_map_guarded(int descriptor, size_t size);

/// Whether reading the guarded mapping at `base` found its file cut short.
int bb_mapping_was_cut(const void *base);

/// Unmaps the guarded mapping at `base` of `size` bytes.
void bb_unmap_guarded(const void *base, size_t size);

#endif
