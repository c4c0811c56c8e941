#define _GNU_SOURCE
#include "CFileSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int ixs_rename_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE) && !defined(INDEXSITE_PORTABLE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

int ixs_open(const char *path, int flags, unsigned int mode) {
    return open(path, flags, (mode_t)mode);
}
