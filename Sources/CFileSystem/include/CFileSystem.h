#ifndef INDEXSITE_CFILESYSTEM_H
#define INDEXSITE_CFILESYSTEM_H

/* The system calls the Write stage needs that Swift cannot declare itself: renameat2 is a GNU extension that Swift's
 * Glibc module leaves out, and open(2) is variadic. Plain C, so Swift calls them with C's calling convention. */

/// Atomically exchanges the two paths (renameat2 with RENAME_EXCHANGE; renamex_np with RENAME_SWAP on Darwin):
/// readers see either one or the other, never neither. Returns 0, or -1 with errno set (ENOSYS or EINVAL where the
/// kernel or the file system cannot).
int ixs_rename_exchange(const char *first, const char *second);

/// open(2) with the given flags and, when the file is created, mode. Returns the descriptor, or -1 with errno set.
int ixs_open(const char *path, int flags, unsigned int mode);

#endif
