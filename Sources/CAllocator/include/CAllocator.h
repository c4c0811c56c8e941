#ifndef INDEXSITE_CALLOCATOR_H
#define INDEXSITE_CALLOCATOR_H

#include <stddef.h>
#include <stdlib.h> /* defines __GLIBC__ where the C library is glibc */
#if defined(__GLIBC__) && !defined(INDEXSITE_PORTABLE)
#include <malloc.h>
#endif

/* Asks glibc's allocator to take `bytes` more address space than a request needs whenever its heap grows (M_TOP_PAD),
 * and to keep that much free at the top before giving memory back. Swift's Glibc module leaves out <malloc.h>.
 * Returns 1 when the allocator took the setting, 0 elsewhere. */
static inline int ixs_pad_heap_growth(size_t bytes) {
#if defined(__GLIBC__) && !defined(INDEXSITE_PORTABLE)
    return mallopt(M_TOP_PAD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}

#endif
