#ifndef INDEXSITE_CTHREADS_H
#define INDEXSITE_CTHREADS_H

#include <stddef.h>

/* Starts `body(context)` on a detached thread of its own that begins on another core than the caller's, when the
 * process may use more than one. Linux places a new thread of a process that has only just started beside its
 * parent, and an idle core took it over only after 0.5 to 3 ms: the whole of a small build's head start. The thread
 * may use every core of the process again once it runs. Returns 0, or the error of pthread_create. */
int ixs_thread_start(void (*body)(void *context), void *context, size_t stack_size);

/* How many cores the calling thread may run on: a thread of `ixs_thread_start` may use them all once it runs. */
int ixs_thread_core_count(void);

/* Lets the calling thread run only on a core that nothing else wants (SCHED_IDLE): work done ahead of need, which
 * must never take a core from the work that is needed now. Returns 0, or an error when the system refuses it. */
int ixs_thread_idle_priority(void);

#endif
