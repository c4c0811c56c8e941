#ifndef INDEXSITE_CPREFETCH_H
#define INDEXSITE_CPREFETCH_H

/* A hint to the processor to start loading the cache line at `address`, for loops that read records in an order
 * their memory is not in (a sorted list's rows, spread over the file's table): the load of a row a few entries
 * ahead overlaps the work on this one. Swift has no spelling for it; inline, it compiles to one instruction. */
static inline void ixs_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
