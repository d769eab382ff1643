#ifndef BB_SPAWN_H
#define BB_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

/// Has the child close every descriptor from `lowest` up as it starts (glibc's
/// posix_spawn_file_actions_addclosefrom_np, which Swift cannot see without _GNU_SOURCE):
/// a child that lives on must not keep another child's pipes or sockets open.
int bb_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// A pipe whose two ends are closed on exec, made in one step (pipe2 with O_CLOEXEC), so
/// that no program started at the same moment by another thread inherits them.
int bb_pipe_cloexec(int ends[2]);

/// write(2) that returns -1 with errno EPIPE when the reader is gone, instead of raising
/// SIGPIPE, which would end the program.
ssize_t bb_write_without_sigpipe(int descriptor, const void *bytes, size_t count);

#endif
