#define _GNU_SOURCE
#include "CThreads.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

/* Thread placement needs GNU's affinity calls: on other systems (and in the portable build, INDEXSITE_PORTABLE) a
 * thread starts wherever the system puts it and may use every core. */
#if defined(__linux__) && !defined(INDEXSITE_PORTABLE)
#define IXS_PLACES_THREADS 1
#else
#define IXS_PLACES_THREADS 0
#endif

struct start {
    void (*body)(void *);
    void *context;
#if IXS_PLACES_THREADS
    cpu_set_t allowed;
    int pinned;
#endif
};

static void *run(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
#if IXS_PLACES_THREADS
    if (start.pinned) pthread_setaffinity_np(pthread_self(), sizeof start.allowed, &start.allowed);
#endif
    start.body(start.context);
    return NULL;
}

/* A detached thread's attributes, with `stack_size` bytes of stack (the default for 0). */
static void detached(pthread_attr_t *attributes, size_t stack_size) {
    pthread_attr_init(attributes);
    pthread_attr_setdetachstate(attributes, PTHREAD_CREATE_DETACHED);
    if (stack_size > 0) pthread_attr_setstacksize(attributes, stack_size);
}

int ixs_thread_start(void (*body)(void *context), void *context, size_t stack_size) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    start->body = body;
    start->context = context;
    pthread_attr_t attributes;
    detached(&attributes, stack_size);
#if IXS_PLACES_THREADS
    start->pinned = 0;
    int here = sched_getcpu();
    if (sched_getaffinity(0, sizeof start->allowed, &start->allowed) == 0 && here >= 0 && CPU_ISSET(here, &start->allowed)
        && CPU_COUNT(&start->allowed) > 1) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(here, &elsewhere);
        if (pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0) start->pinned = 1;
    }
#endif
    pthread_t thread;
    int error = pthread_create(&thread, &attributes, run, start);
    pthread_attr_destroy(&attributes);
#if IXS_PLACES_THREADS
    if (error != 0 && start->pinned) {
        /* Refused with the placement (a container's own rules): started where Linux puts it. */
        start->pinned = 0;
        detached(&attributes, stack_size);
        error = pthread_create(&thread, &attributes, run, start);
        pthread_attr_destroy(&attributes);
    }
#endif
    if (error != 0) free(start);
    return error;
}

int ixs_thread_core_count(void) {
#if IXS_PLACES_THREADS
    cpu_set_t allowed;
    if (pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) != 0) return -1;
    return CPU_COUNT(&allowed);
#else
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (int)cores : -1;
#endif
}

int ixs_thread_idle_priority(void) {
#if defined(SCHED_IDLE) && !defined(INDEXSITE_PORTABLE)
    struct sched_param parameters = {0};
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &parameters);
#else
    return -1;
#endif
}
