#ifndef CMARKDOWN_ARENA_H
#define CMARKDOWN_ARENA_H

#include <cmark.h>

/// cmark's allocator for a document that is parsed, read and freed in one go (a piece of a Markdown list): nodes and
/// buffers come from the calling thread's arena, freeing them costs nothing, and the arena is emptied when the
/// outermost user leaves. cmark otherwise makes and frees a small block per node and text, and at a million entries
/// the C allocator spent more time sorting freed blocks than cmark spent parsing.
cmark_mem *indexsite_arena_mem(void);

/// Starts using the calling thread's arena; uses may nest.
void indexsite_arena_enter(void);

/// Stops using it; the outermost leave empties it, keeping one block for the next document. Nothing cmark allocated
/// from it may be read afterwards.
void indexsite_arena_leave(void);

/// Whether the calling thread is using its arena: nodes made then are made in it, as the tree they join is.
int indexsite_arena_in_use(void);

#endif
