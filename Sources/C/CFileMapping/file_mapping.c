// Files read by mapping them into memory: their bytes are the page cache's, already in
// memory, where reading them copies them into memory of the program's own, which it must
// first take from the system (on a virtual machine whose host takes back the guest's free
// memory, a nightly build met most of its fresh pages cold, at several times the cost).
// A file's pages are put in place as they are first read, many at a time (the kernel maps
// those around each one read): asked for all at once as the file was mapped (MAP_POPULATE),
// mapping a 6 MB export and reading it through took 0.82 ms instead of 0.70 (and in a
// build, with the cores shared, the mapping alone 1.1–3.4 ms instead of 0.1).
//
// A mapped file that another program cuts short would end this one: reading a page past
// the file's new end raises SIGBUS. The handler below puts zero-filled memory in place of
// the mapping from the page that failed on and marks the mapping as cut, so the read goes
// on and the reader learns of it afterwards (and says the file changed while it was read).
// A SIGBUS anywhere else is handed to whatever handled it before.
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "file_mapping.h"

enum {
    // A build maps its export, and a server a few at once at most.
    places = 16,
    free_place = 0,
    taken = 1,
    active = 2,
};

static struct place {
    _Atomic int state;
    _Atomic uintptr_t start, end;
    _Atomic int cut;
} guarded[places];

static uintptr_t page_size;
static struct sigaction previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static _Atomic int handler_ready = 0;

static void on_bus_error(int number, siginfo_t *info, void *context) {
    uintptr_t at = (uintptr_t)info->si_addr;
    for (int i = 0; i < places; i++) {
        struct place *place = &guarded[i];
        if (atomic_load(&place->state) != active) continue;
        uintptr_t start = atomic_load(&place->start), end = atomic_load(&place->end);
        if (at < start || at >= end) continue;
        uintptr_t from = at & ~(page_size - 1);
        // mmap is a system call, safe in a signal handler on Linux.
        if (mmap((void *)from, end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&place->cut, 1);
            return;
        }
    }
    // Not one of ours: as it would have gone without this handler.
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction != NULL) {
            previous.sa_sigaction(number, info, context);
            return;
        }
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(number);
        return;
    }
    // The default (a fault cannot be ignored): the program ends when the instruction runs again.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &fallback, NULL);
}

static void install(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous) == 0) atomic_store(&handler_ready, 1);
}

const void *bb_map_guarded(int descriptor, size_t size) {
    pthread_once(&installed, install);
    if (!atomic_load(&handler_ready) || size == 0) {
        errno = EINVAL;
        return NULL;
    }
    for (int i = 0; i < places; i++) {
        struct place *place = &guarded[i];
        int expected = free_place;
        if (!atomic_compare_exchange_strong(&place->state, &expected, taken)) continue;
        void *base = mmap(NULL, size, PROT_READ, MAP_PRIVATE, descriptor, 0);
        if (base == MAP_FAILED) {
            atomic_store(&place->state, free_place);
            return NULL;
        }
        atomic_store(&place->start, (uintptr_t)base);
        atomic_store(&place->end, ((uintptr_t)base + size + page_size - 1) & ~(page_size - 1));
        atomic_store(&place->cut, 0);
        atomic_store(&place->state, active);
        return base;
    }
    errno = EMFILE;
    return NULL;
}

static struct place *place_of(const void *base) {
    for (int i = 0; i < places; i++) {
        struct place *place = &guarded[i];
        if (atomic_load(&place->state) == active && atomic_load(&place->start) == (uintptr_t)base) return place;
    }
    return NULL;
}

int bb_mapping_was_cut(const void *base) {
    struct place *place = place_of(base);
    return place != NULL && atomic_load(&place->cut);
}

void bb_unmap_guarded(const void *base, size_t size) {
    struct place *place = place_of(base);
    // No longer guarded before it goes: nothing reads it any more.
    if (place != NULL) atomic_store(&place->state, free_place);
    munmap((void *)base, size);
}
