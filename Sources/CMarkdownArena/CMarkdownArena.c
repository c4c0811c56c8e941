#include "CMarkdownArena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// A block of the arena; allocations are carved from it one after another, each after a header holding its size. A
/// thread keeps its first block for as long as it lives, for the next document it parses.
typedef struct block {
    struct block *previous;
    size_t used;
    size_t capacity;
    _Alignas(16) unsigned char bytes[];
} block;

typedef struct {
    size_t size;
    size_t padding; // keeps what follows 16-byte aligned
} header;

enum { first_block_size = 1 << 20 };

static _Thread_local block *current;
static _Thread_local int depth;

static block *new_block(size_t at_least, block *previous) {
    size_t capacity = at_least > first_block_size ? at_least : first_block_size;
    block *made = malloc(sizeof(block) + capacity);
    if (made == NULL) abort(); // as cmark's own allocator does
    made->previous = previous;
    made->used = 0;
    made->capacity = capacity;
    return made;
}

static size_t rounded(size_t size) { return (size + 15) & ~(size_t)15; }

static void *allocate(size_t size) {
    size_t needed = sizeof(header) + rounded(size);
    if (current == NULL || current->capacity - current->used < needed) current = new_block(needed, current);
    header *head = (header *)(current->bytes + current->used);
    current->used += needed;
    head->size = size;
    return head + 1;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *memory = allocate(count * size);
    memset(memory, 0, count * size);
    return memory;
}

static void *arena_realloc(void *memory, size_t size) {
    if (memory == NULL) return allocate(size);
    header *head = (header *)memory - 1;
    if (size <= head->size) return memory;
    // The block's last allocation grows in place: a text buffer being appended to, the usual case.
    size_t extra = rounded(size) - rounded(head->size);
    if ((unsigned char *)memory + rounded(head->size) == current->bytes + current->used && current->capacity - current->used >= extra) {
        current->used += extra;
        head->size = size;
        return memory;
    }
    void *moved = allocate(size);
    memcpy(moved, memory, head->size);
    return moved;
}

static void arena_free(void *memory) { (void)memory; }

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

cmark_mem *indexsite_arena_mem(void) { return &arena; }

void indexsite_arena_enter(void) { depth += 1; }

int indexsite_arena_in_use(void) { return depth > 0; }

void indexsite_arena_leave(void) {
    depth -= 1;
    if (depth > 0 || current == NULL) return;
    while (current->previous != NULL) {
        block *previous = current->previous;
        free(current);
        current = previous;
    }
    current->used = 0;
}
