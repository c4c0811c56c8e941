#!/usr/bin/env python3
"""Times the filter box of one list page in headless Chromium, keystroke by keystroke.

Usage: filter.py PAGE.html [QUERY ...]
       filter.py --split SECTION-PAGE.html [QUERY ...]

Types each query one character at a time (then clears the box), and reads the theme's own User Timing
measures: "indexsite-filter", from the keystroke (the input event) until the page has been drawn again (style,
layout and paint included), and "indexsite-filter-complete", until the last entry has been shown or hidden and
drawn. Prints one line per keystroke and a summary line on stdout.
Viewport 1280x800, desktop.

With --split, PAGE is a section page of a list split into one page per section: the filter there searches the whole
list through the list's chunked search index (its manifest loaded when the reader first focuses the box). It reports
the bytes of the page (HTML, CSS, scripts) and of the manifest, the time from the first keystroke until the first
results are drawn, and then the theme's "indexsite-search" measure per keystroke: from the keystroke until the
results are drawn (the pieces of the index fetched included). Benchmarks/search.py measures the bytes a query fetches.
"""
import json
import statistics
import sys
import time
from pathlib import Path

from chromium import make_driver


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    if sys.argv[1] == "--split":
        return split_main(Path(sys.argv[2]).resolve(), sys.argv[3:] or ["the", "zeppelin", "copper k"])
    page = Path(sys.argv[1]).resolve()
    queries = sys.argv[2:] or ["the", "zeppelin", "copper k"]

    driver = make_driver()
    try:
        started = time.monotonic()
        driver.get(page.as_uri())
        loaded = time.monotonic() - started
        entries = driver.execute_script("return document.querySelectorAll('.entry').length")
        # The theme builds the filter's index of folded entry texts in idle moments after loading, and marks
        # "indexsite-filter-index" when done; focusing the box before then finishes it at once.
        index_ready = driver.execute_async_script("""
            var done = arguments[0], waited = 0;
            (function poll() {
              var mark = performance.getEntriesByName('indexsite-filter-index')[0];
              if (mark) done(mark.startTime);
              else if ((waited += 50) > 120000) done(null);
              else setTimeout(poll, 50);
            })();""")
        driver.execute_script("document.getElementById('indexsite-filter').focus()")

        type_key = """
            var value = arguments[0], done = arguments[arguments.length - 1];
            var input = document.getElementById('indexsite-filter');
            var before = performance.getEntriesByName('indexsite-filter-complete').length;
            input.value = value;
            input.dispatchEvent(new Event('input', { bubbles: true }));
            var waited = 0;
            (function poll() {
              var complete = performance.getEntriesByName('indexsite-filter-complete');
              if (complete.length > before) {
                var first = performance.getEntriesByName('indexsite-filter');
                // shown: neither the entry nor its section hidden (a hidden section's entries are left as they are)
                var shown = Array.prototype.filter.call(document.querySelectorAll('.entry'),
                  function (e) { return !e.closest('[hidden]'); }).length;
                done({ ms: first[first.length - 1].duration, complete: complete[complete.length - 1].duration, shown: shown });
              } else if ((waited += 10) > 60000) { done(null); }
              else setTimeout(poll, 10);
            })();"""
        timings, completes = [], []
        for query in queries:
            for length in list(range(1, len(query) + 1)) + [0]:
                value = query[:length]
                result = driver.execute_async_script(type_key, value)
                if result is None:
                    print(f"filter: no measure after typing {value!r}", file=sys.stderr)
                    return 1
                timings.append(result["ms"])
                completes.append(result["complete"])
                print(f"  {json.dumps(value):14} {result['ms']:8.1f} ms drawn {result['complete']:8.1f} ms complete"
                      f"  {result['shown']:>7} of {entries} shown")
        ready = "never" if index_ready is None else f"{index_ready / 1000:.1f} s after navigation"
        print(f"filter: {len(timings)} keystrokes on {entries} entries (page loaded in {loaded:.1f} s, index ready {ready}): "
              f"first frame median {statistics.median(timings):.0f} ms, max {max(timings):.0f} ms; "
              f"all entries median {statistics.median(completes):.0f} ms, max {max(completes):.0f} ms")
        return 0
    finally:
        driver.quit()


def split_main(page, queries):
    """Whole-list search on a section page of a split list."""
    driver = make_driver(file_access=True)
    try:
        started = time.monotonic()
        driver.get(page.as_uri())
        loaded = time.monotonic() - started
        search = page.parent / driver.execute_script("return document.querySelector('.list-page').dataset.search")
        assets = page.parents[2] / "assets"
        page_bytes = page.stat().st_size + sum(f.stat().st_size for f in assets.iterdir())
        search_bytes = search.resolve().stat().st_size
        total = driver.execute_script("return document.querySelector('.list-page').dataset.entryCount")
        driver.execute_script("document.getElementById('indexsite-filter').focus()")
        type_key = """
            var value = arguments[0], done = arguments[arguments.length - 1];
            var input = document.getElementById('indexsite-filter');
            var before = performance.getEntriesByName('indexsite-search').length;
            var t0 = performance.now();
            input.value = value;
            input.dispatchEvent(new Event('input', { bubbles: true }));
            var waited = 0;
            (function poll() {
              var m = performance.getEntriesByName('indexsite-search');
              if (m.length > before) {
                done({ ms: m[m.length - 1].duration, sinceKey: m[m.length - 1].startTime + m[m.length - 1].duration - t0,
                       shown: document.querySelectorAll('.search-results > li').length,
                       status: document.getElementById('indexsite-filter-status').textContent });
              } else if ((waited += 5) > 60000) { done(null); }
              else setTimeout(poll, 5);
            })();"""
        first = None
        timings = []
        for query in queries:
            for length in range(1, len(query) + 1):
                value = query[:length]
                result = driver.execute_async_script(type_key, value)
                if result is None:
                    print(f"filter: no results measure after typing {value!r}", file=sys.stderr)
                    return 1
                if first is None:
                    first = result["sinceKey"]   # includes loading and indexing search.js
                else:
                    timings.append(result["ms"])
                print(f"  {json.dumps(value):14} {result['ms']:8.1f} ms drawn   {result['status']}")
        print(f"split filter: {total} entries, {len(timings) + 1} keystrokes; page {page_bytes / 1024:.0f} KB, search manifest "
              f"{search_bytes / 1024:.0f} KB (fetched on first focus); page loaded in {loaded:.2f} s; first results "
              f"{first:.0f} ms after the first keystroke; "
              f"then per keystroke median {statistics.median(timings):.0f} ms, max {max(timings):.0f} ms")
        return 0
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
