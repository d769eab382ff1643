#ifndef RENAME_EXCHANGE_SHIM_H
#define RENAME_EXCHANGE_SHIM_H

/// Atomically exchanges the directory entries at `first` and `second` (both must exist).
/// Returns 0 on success, or -1 with errno set; errno is ENOSYS or EINVAL where the
/// kernel or file system cannot exchange.
int bb_rename_exchange(const char *first, const char *second);

#endif
