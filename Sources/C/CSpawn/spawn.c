#define _GNU_SOURCE
#include "bb_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

int bb_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int bb_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

ssize_t bb_write_without_sigpipe(int descriptor, const void *bytes, size_t count) {
    sigset_t pipe_signal, previous, pending;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    // SIGPIPE is sent to the writing thread: blocked here, it waits, and is taken off below.
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    int was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
    ssize_t written = write(descriptor, bytes, count);
    int saved = errno;
    if (written < 0 && saved == EPIPE && !was_pending) {
        const struct timespec now = {0, 0};
        while (sigtimedwait(&pipe_signal, NULL, &now) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return written;
}
