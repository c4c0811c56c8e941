/*
 * limit.c — the practical single-threaded limit for IndexSite's benchmark.
 *
 * Does the same job as `indexsite build` on the benchmark's CSV site, as one plain C pass:
 * reads the CSV (RFC 4180, over bytes), folds each title into a sort key (drops a leading
 * "The ", lowercases ASCII, folds Latin-1 and Latin Extended-A letters to their base letter),
 * sorts by that key (ties by input order), groups by first letter A–Z plus "#" (last),
 * renders each description with libcmark in its default safe mode, escapes the rest, and
 * writes one HTML page with an A–Z jump bar and one <section> per letter.
 *
 * Build: gcc -O2 -o limit limit.c -lcmark
 * Usage: limit data.csv out.html
 */
#include <cmark.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *start;
    size_t length;
} Field;

typedef struct {
    Field title, category, url, description;
    const char *key;   /* folded title, NUL-terminated, in the key arena */
    uint32_t index;    /* input order, for ties */
    uint8_t section;   /* 0–25 for a–z, 26 for "#" */
} Entry;

static void die(const char *message, const char *detail) {
    fprintf(stderr, "limit: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static void *checked_malloc(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) die("out of memory", NULL);
    return p;
}

/* ---- Output buffer ---- */

/* A growing byte buffer that is flushed to its file whenever it passes a megabyte. */
typedef struct {
    char *bytes;
    size_t length, capacity;
    FILE *file;
} Buffer;

static void flush(Buffer *b) {
    if (b->length && fwrite(b->bytes, 1, b->length, b->file) != b->length) die("cannot write", strerror(errno));
    b->length = 0;
}

static void reserve(Buffer *b, size_t extra) {
    if (b->length + extra <= b->capacity) return;
    if (b->length >= (1 << 20)) {
        flush(b);
        if (extra <= b->capacity) return;
    }
    size_t capacity = b->capacity ? b->capacity : 1 << 16;
    while (capacity < b->length + extra) capacity *= 2;
    b->bytes = realloc(b->bytes, capacity);
    if (!b->bytes) die("out of memory", NULL);
    b->capacity = capacity;
}

static void append(Buffer *b, const char *s, size_t n) {
    reserve(b, n);
    memcpy(b->bytes + b->length, s, n);
    b->length += n;
}

#define APPEND_LITERAL(b, s) append((b), (s), sizeof(s) - 1)

static void append_string(Buffer *b, const char *s) { append(b, s, strlen(s)); }

static void append_escaped(Buffer *b, const char *s, size_t n) {
    reserve(b, n * 6);
    char *out = b->bytes + b->length;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        switch (c) {
        case '&': memcpy(out, "&amp;", 5); out += 5; break;
        case '<': memcpy(out, "&lt;", 4); out += 4; break;
        case '>': memcpy(out, "&gt;", 4); out += 4; break;
        case '"': memcpy(out, "&quot;", 6); out += 6; break;
        case '\'': memcpy(out, "&#39;", 5); out += 5; break;
        default: *out++ = c;
        }
    }
    b->length = (size_t)(out - b->bytes);
}

/* ---- CSV ---- */

/* Reads one field at p, unescaping a quoted field in place; returns the byte after it. */
static char *read_field(char *p, char *end, Field *field, size_t *line) {
    if (p < end && *p == '"') {
        char *out = ++p, *start = p;
        for (;;) {
            if (p >= end) {
                char where[32];
                snprintf(where, sizeof where, "line %zu", *line);
                die("unterminated quoted field", where);
            }
            if (*p == '"') {
                if (p + 1 < end && p[1] == '"') { *out++ = '"'; p += 2; continue; }
                p++;
                break;
            }
            *line += (*p == '\n');
            *out++ = *p++;
        }
        field->start = start;
        field->length = (size_t)(out - start);
        return p;
    }
    char *start = p;
    while (p < end && *p != ',' && *p != '\n' && *p != '\r') p++;
    field->start = start;
    field->length = (size_t)(p - start);
    return p;
}

/* Reads one record into fields (room for max); returns the byte after it and the field count in *count. */
static char *read_record(char *p, char *end, Field *fields, size_t max, size_t *count, size_t *line) {
    size_t n = 0;
    for (;;) {
        Field field;
        p = read_field(p, end, &field, line);
        if (n < max) fields[n] = field;
        n++;
        if (p < end && *p == ',') { p++; continue; }
        if (p < end && *p == '\r') p++;
        if (p < end && *p == '\n') p++;
        (*line)++;
        break;
    }
    *count = n;
    return p;
}

/* ---- Folding ---- */

/* Base letters of U+00C0–U+00FF (second byte 0x80–0xBF after 0xC3); 0 = keep as is. */
static const char latin1[64] = {
    'a','a','a','a','a','a','a','c','e','e','e','e','i','i','i','i',
    'd','n','o','o','o','o','o', 0 ,'o','u','u','u','u','y', 0 , 0 ,
    'a','a','a','a','a','a','a','c','e','e','e','e','i','i','i','i',
    'd','n','o','o','o','o','o', 0 ,'o','u','u','u','u','y', 0 ,'y',
};
/* Base letters of U+0100–U+017F (lead bytes 0xC4 and 0xC5). */
static const char latin_extended_a[128] = {
    'a','a','a','a','a','a','c','c','c','c','c','c','c','c','d','d',
    'd','d','e','e','e','e','e','e','e','e','e','e','g','g','g','g',
    'g','g','g','g','h','h','h','h','i','i','i','i','i','i','i','i',
    'i','i','i','i','j','j','k','k','k','l','l','l','l','l','l','l',
    'l','l','l','n','n','n','n','n','n','n','n','n','o','o','o','o',
    'o','o','o','o','r','r','r','r','r','r','s','s','s','s','s','s',
    's','s','t','t','t','t','t','t','u','u','u','u','u','u','u','u',
    'u','u','u','u','w','w','y','y','y','z','z','z','z','z','z','s',
};

/* Writes the folded title into out (room for length + 1 bytes: folding never lengthens); returns its end. */
static char *fold(const char *s, size_t n, char *out) {
    if (n >= 4 && memcmp(s, "The ", 4) == 0) { s += 4; n -= 4; }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            *out++ = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : (char)c;
        } else if (i + 1 < n && (c == 0xC3 || c == 0xC4 || c == 0xC5) && ((unsigned char)s[i + 1] & 0xC0) == 0x80) {
            unsigned char d = (unsigned char)s[i + 1];
            char base;
            if (c == 0xC3 && d == 0x9F) { *out++ = 's'; *out++ = 's'; i++; continue; } /* ß */
            if (c == 0xC3) base = d >= 0x80 ? latin1[d - 0x80] : 0;
            else base = latin_extended_a[(c - 0xC4) * 64 + (d - 0x80)];
            if (base) { *out++ = base; i++; }
            else { *out++ = (char)c; *out++ = (char)d; i++; }
        } else {
            *out++ = (char)c;
        }
    }
    *out++ = '\0';
    return out;
}

/* What the sort moves: the key and the entry's input position, 16 bytes. */
typedef struct {
    const char *key;
    size_t index;
} SortItem;

static int compare_items(const void *a, const void *b) {
    const SortItem *x = a, *y = b;
    int order = strcmp(x->key, y->key);
    if (order) return order;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* ---- Main ---- */

/* With LIMIT_TIMES set, prints how long each phase took to stderr. */
static int show_times;
static struct timespec phase_start;

static void phase(const char *name) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (show_times && name)
        fprintf(stderr, "%-8s %8.3f s\n", name,
                (double)(now.tv_sec - phase_start.tv_sec) + (double)(now.tv_nsec - phase_start.tv_nsec) / 1e9);
    phase_start = now;
}

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) die(strerror(errno), path);
    if (fseek(f, 0, SEEK_END) != 0) die("cannot seek", path);
    long size = ftell(f);
    if (size < 0) die("cannot size", path);
    rewind(f);
    char *bytes = checked_malloc((size_t)size + 1);
    if (fread(bytes, 1, (size_t)size, f) != (size_t)size) die("cannot read", path);
    fclose(f);
    bytes[size] = '\0';
    *length = (size_t)size;
    return bytes;
}

static int column_named(const Field *header, size_t columns, const char *name) {
    for (size_t i = 0; i < columns; i++)
        if (header[i].length == strlen(name) && memcmp(header[i].start, name, header[i].length) == 0) return (int)i;
    die("missing column", name);
    return -1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: limit data.csv out.html\n");
        return 64;
    }
    show_times = getenv("LIMIT_TIMES") != NULL;
    phase(NULL);
    size_t length;
    char *bytes = read_file(argv[1], &length);
    phase("read");

    char *p = bytes, *end = bytes + length;
    if (length >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
    if (p == end) die("empty file", argv[1]);
    enum { max_columns = 64 };
    Field header[max_columns], row[max_columns];
    size_t columns, line = 1;
    p = read_record(p, end, header, max_columns, &columns, &line);
    if (columns > max_columns) die("too many columns", argv[1]);
    int title_column = column_named(header, columns, "title");
    int category_column = column_named(header, columns, "category");
    int url_column = column_named(header, columns, "url");
    int description_column = column_named(header, columns, "description");

    /* Entries and their folded keys; a folded title is never longer than the title plus one NUL. */
    size_t capacity = 1 << 12, count = 0;
    Entry *entries = checked_malloc(capacity * sizeof(Entry));
    char *keys = checked_malloc(length + 1), *key_cursor = keys;
    while (p < end) {
        size_t record_line = line, n;
        p = read_record(p, end, row, max_columns, &n, &line);
        if (n != columns) {
            char where[32];
            snprintf(where, sizeof where, "line %zu", record_line);
            die("ragged row", where);
        }
        if (count == capacity) {
            capacity *= 2;
            entries = realloc(entries, capacity * sizeof(Entry));
            if (!entries) die("out of memory", NULL);
        }
        Entry *e = &entries[count];
        e->title = row[title_column];
        e->category = row[category_column];
        e->url = row[url_column];
        e->description = row[description_column];
        e->index = (uint32_t)count++;
        e->key = key_cursor;
        key_cursor = fold(e->title.start, e->title.length, key_cursor);
        unsigned char first = (unsigned char)e->key[0];
        e->section = (first >= 'a' && first <= 'z') ? (uint8_t)(first - 'a') : 26;
    }
    phase("parse");
    SortItem *items = checked_malloc(count * sizeof(SortItem));
    for (size_t i = 0; i < count; i++) items[i] = (SortItem){entries[i].key, i};
    qsort(items, count, sizeof(SortItem), compare_items);

    phase("sort");
    /* Stable bucket pass: letters in order, then "#". */
    size_t section_counts[27] = {0}, section_starts[28] = {0};
    for (size_t i = 0; i < count; i++) section_counts[entries[i].section]++;
    for (int s = 0; s < 27; s++) section_starts[s + 1] = section_starts[s] + section_counts[s];
    Entry **ordered = checked_malloc(count * sizeof(Entry *));
    size_t fill[27];
    memcpy(fill, section_starts, sizeof fill);
    for (size_t i = 0; i < count; i++) {
        Entry *e = &entries[items[i].index];
        ordered[fill[e->section]++] = e;
    }

    static const char *labels[27] = {
        "A","B","C","D","E","F","G","H","I","J","K","L","M","N","O","P","Q","R","S","T","U","V","W","X","Y","Z","#"};
    static const char *ids[27] = {
        "a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q","r","s","t","u","v","w","x","y","z","num"};

    FILE *f = fopen(argv[2], "wb");
    if (!f) die(strerror(errno), argv[2]);
    Buffer out = {.file = f};
    reserve(&out, 2 << 20);
    APPEND_LITERAL(&out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                         "<title>Data</title>\n</head>\n<body>\n<h1>Data</h1>\n<nav class=\"index-strip\">\n");
    for (int s = 0; s < 27; s++) {
        if (section_counts[s]) {
            APPEND_LITERAL(&out, "<a href=\"#");
            append_string(&out, ids[s]);
            APPEND_LITERAL(&out, "\">");
            append_string(&out, labels[s]);
            APPEND_LITERAL(&out, "</a>\n");
        } else {
            APPEND_LITERAL(&out, "<span aria-disabled=\"true\">");
            append_string(&out, labels[s]);
            APPEND_LITERAL(&out, "</span>\n");
        }
    }
    APPEND_LITERAL(&out, "</nav>\n<main>\n");
    char number[24];
    for (int s = 0; s < 27; s++) {
        if (!section_counts[s]) continue;
        APPEND_LITERAL(&out, "<section>\n<h2 id=\"");
        append_string(&out, ids[s]);
        APPEND_LITERAL(&out, "\">");
        append_string(&out, labels[s]);
        APPEND_LITERAL(&out, "</h2>\n<ul>\n");
        for (size_t i = section_starts[s]; i < section_starts[s + 1]; i++) {
            const Entry *e = ordered[i];
            APPEND_LITERAL(&out, "<li id=\"e");
            append(&out, number, (size_t)snprintf(number, sizeof number, "%u", e->index));
            APPEND_LITERAL(&out, "\"><a href=\"");
            append_escaped(&out, e->url.start, e->url.length);
            APPEND_LITERAL(&out, "\">");
            append_escaped(&out, e->title.start, e->title.length);
            APPEND_LITERAL(&out, "</a> <span class=\"category\">");
            append_escaped(&out, e->category.start, e->category.length);
            APPEND_LITERAL(&out, "</span>\n<div class=\"description\">");
            char *html = cmark_markdown_to_html(e->description.start, e->description.length, CMARK_OPT_DEFAULT);
            append_string(&out, html);
            free(html);
            APPEND_LITERAL(&out, "</div></li>\n");
        }
        APPEND_LITERAL(&out, "</ul>\n</section>\n");
    }
    APPEND_LITERAL(&out, "</main>\n</body>\n</html>\n");

    flush(&out);
    if (fclose(f) != 0) die("cannot write", argv[2]);
    phase("render");
    return 0;
}
