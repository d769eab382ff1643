// How a build asks the C library's allocator for memory. A build touches 20–30 MB of
// fresh memory (the export's events, the days, the pages), and by default the allocator hands it
// out a few pages at a time, each page faulted in on its first use, and returns large
// blocks to the system as soon as they are freed. With these settings it takes memory in
// 64 MB steps, keeps what it freed, and has the kernel back it with 2 MB pages: a
// one-more-day rebuild of the 3-year sample takes 48 ms instead of 69 (CPU 72 ms instead
// of 98), a full build a tenth less. Peak memory stays under the budget.
//
// The step and what is kept are set with mallopt. The 2 MB pages are asked for with
// madvise, on the memory each of the allocator's arenas hands out: the main one (the
// program's heap, grown by the step at once) and one for each thread that allocates while
// others do. Those are made here, by threads that each take an arena (a thread's first
// allocation makes one), advise its heap and end, which leaves the arena free for the
// next thread that starts (glibc gives a new thread a free arena before making one). A
// thread arena's heap is a block of 64 MB aligned to its size (glibc's HEAP_MAX_SIZE on
// 64-bit systems), found from any of its allocations; its first 2 MB, touched before the
// advice, keep pages of 4 KB, and all of them but the last 256 KB are set aside: an arena
// that hands out little (to a thread's first uses, a background task) then takes the few
// small pages it touches instead of a whole 2 MB one, and one that hands out megabytes is
// on 2 MB pages after its first 256 KB. A one-more-day build touches 22 MB of fresh memory
// instead of 26 (10 pages of 2 MB instead of 12): each night three seconds after the last,
// 67.2 → 61.0 ms; nights in a row and builds with nothing to do, the same. All of this
// takes 0.2 ms.
//
// The allocator's own setting for 2 MB pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1) is
// read only as a program starts, and starting the program again with it took 2–2.8 ms of
// a 40 ms build. Nothing is changed when the person running bbreport set allocator
// settings of their own. Should the allocator work otherwise than this assumes, the
// advice lands on memory it does not use, and only the speed is lost.
#if defined(__linux__)
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    step = 64 << 20,
    mmap_threshold = 32 << 20,
    // What a build frees is kept for what it takes next.
    trim_threshold = 1 << 30,
    // A thread arena's heap: its size and alignment.
    heap_size = 64 << 20,
    huge_page = 2 << 20,
    // What a thread arena hands out first, on pages of 4 KB.
    small_pages = 256 << 10,
    // Arenas made ahead, one per core and two more, up to this: the build's workers
    // allocate on every core, and so do its background tasks and the thread reading the
    // export ahead. A thread finding none free made an arena of its own, without 2 MB
    // pages: one more-day build in four then took 2,300–3,900 page faults instead of 780.
    most_arenas = 4,
};

// The main arena's heap, which a thread that is given that arena leaves alone.
static uintptr_t main_heap_start, main_heap_end;
// The threads taking arenas hold on until each of those started has taken its own, so
// that no two take the same.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static unsigned taken = 0, started = most_arenas + 1;

static void *take_arena(void *unused) {
    (void)unused;
    // (volatile: an allocation freed unused is otherwise left out by the compiler.)
    void *volatile first = malloc(1);
    uintptr_t at = (uintptr_t)first;
    uintptr_t heap = at & ~((uintptr_t)heap_size - 1);
    if (first != NULL && (at < main_heap_start || at >= main_heap_end) && at - heap < huge_page / 2) {
        madvise((void *)(heap + huge_page), heap_size - huge_page, MADV_HUGEPAGE);
        // Never touched, it takes no memory.
        void *volatile set_aside = malloc(heap + huge_page - small_pages - at - 64);
        (void)set_aside;
    }
    free(first);
    pthread_mutex_lock(&lock);
    taken++;
    pthread_cond_broadcast(&changed);
    while (taken < started) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return NULL;
}

__attribute__((constructor))
static void bb_apply_memory_settings(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || argv == NULL || strcmp(argv[1], "build") != 0) return;
    if (getenv("GLIBC_TUNABLES") != NULL) return;
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
    mallopt(M_TOP_PAD, step);
    // The main arena, grown by the step now with an allocation larger than what it has
    // left (the C library's start allocated from it already).
    main_heap_start = (uintptr_t)sbrk(0);
    void *volatile growth = malloc(mallinfo2().keepcost + 1);
    free(growth);
    main_heap_end = (uintptr_t)sbrk(0);
    if (main_heap_end > main_heap_start) {
        madvise((void *)main_heap_start, main_heap_end - main_heap_start, MADV_HUGEPAGE);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned arenas = cores < 1 ? 1 : cores + 2 > most_arenas ? most_arenas : (unsigned)cores + 2;
    pthread_t threads[most_arenas];
    unsigned count = 0;
    for (; count < arenas; count++) {
        if (pthread_create(&threads[count], NULL, take_arena, NULL) != 0) break;
    }
    pthread_mutex_lock(&lock);
    started = count;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    // Their arenas are free once they have ended, before the build starts its threads.
    for (unsigned i = 0; i < count; i++) pthread_join(threads[i], NULL);
}
#endif
