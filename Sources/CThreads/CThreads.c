#define _GNU_SOURCE
#include "CThreads.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

struct start {
    void (*body)(void *);
    void *context;
    cpu_set_t allowed;
    int pinned;
};

static void *run(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
    if (start.pinned) pthread_setaffinity_np(pthread_self(), sizeof start.allowed, &start.allowed);
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
    start->pinned = 0;
    pthread_attr_t attributes;
    detached(&attributes, stack_size);
    int here = sched_getcpu();
    if (sched_getaffinity(0, sizeof start->allowed, &start->allowed) == 0 && here >= 0 && CPU_ISSET(here, &start->allowed)
        && CPU_COUNT(&start->allowed) > 1) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(here, &elsewhere);
        if (pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0) start->pinned = 1;
    }
    pthread_t thread;
    int error = pthread_create(&thread, &attributes, run, start);
    pthread_attr_destroy(&attributes);
    if (error != 0 && start->pinned) {
        /* Refused with the placement (a container's own rules): started where Linux puts it. */
        start->pinned = 0;
        detached(&attributes, stack_size);
        error = pthread_create(&thread, &attributes, run, start);
        pthread_attr_destroy(&attributes);
    }
    if (error != 0) free(start);
    return error;
}

int ixs_thread_core_count(void) {
    cpu_set_t allowed;
    if (pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) != 0) return -1;
    return CPU_COUNT(&allowed);
}

int ixs_thread_idle_priority(void) {
#ifdef SCHED_IDLE
    struct sched_param parameters = {0};
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &parameters);
#else
    return -1;
#endif
}
