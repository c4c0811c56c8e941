#!/usr/bin/env python3
"""Times the facet chips of one list page in headless Chromium, click by click, with the CPU slowed down 4x.

Usage: facets.py PAGE.html [--rate 4] [--rounds 1]

PAGE is a list page with `facets:` rendered as one page (Benchmarks/generate.py writes sites/facets-N: 2-3 facets
over N entries; build it with `indexsite build .build/bench/sites/facets-100000 --output OUT`). The script waits
until the filter's index is made (in idle moments after loading), turns on CPU throttling
(Emulation.setCPUThrottlingRate, a mid-range phone), then presses and releases chips in a fixed sequence (OR within a
field, AND across fields, with and without text in the filter box) and reads the theme's own User Timing measures for
each click: "indexsite-filter", from the click event until the page has been drawn again (style, layout and paint
included), and "indexsite-filter-complete", until the last entry has been shown or hidden and drawn;
"indexsite-facets", the facets' own pass over the entries (which match, and every chip's count); and
"indexsite-address", the writing of the address (?language=Go) that follows, in no other measure (0 when the address
did not change). Prints one line per click and a summary line on stdout. Viewport 1280x800, desktop.

--rounds N goes through the sequence N times (it ends with nothing pressed). Under throttling one run's median moves
by a fifth from run to run, so compare pages alternated, several rounds each.

"shown" counts the entries on the page now: while a chip is pressed the matches are drawn in the list's place a screen
at a time (the hidden list is `.is-replaced`), so it is the first screen's, not the whole count of matches (the status
line has that).
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

from chromium import make_driver

# (field, value) pressed or released in turn; ("q", text) types into the filter box instead.
SEQUENCE = [
    ("language", "Go"), ("language", "Rust"), ("license", "MIT"), ("platforms", "linux"),
    ("language", "Go"), ("license", "MIT"), ("q", "copper"), ("license", "Apache-2.0"), ("platforms", "linux"),
    ("language", "Rust"), ("license", "Apache-2.0"), ("q", ""),
]

CLICK = """
    var field = arguments[0], value = arguments[1], done = arguments[arguments.length - 1];
    var before = performance.getEntriesByName('indexsite-filter-complete').length;
    var addressBefore = performance.getEntriesByName('indexsite-address').length;
    if (field === 'q') {
      var input = document.getElementById('indexsite-filter');
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      // (the field's chips looked up under its own group: a query over the whole page reads every entry)
      var group = document.querySelector('.facet[data-facet="' + field + '"]');
      var chip = Array.prototype.filter.call(group ? group.querySelectorAll('button.facet-chip') : [],
        function (b) { return b.querySelector('.facet-chip-label').textContent === value; })[0];
      if (!chip) { done({ error: 'no chip ' + field + '=' + value }); return; }
      chip.click();
    }
    var waited = 0;
    (function poll() {
      var complete = performance.getEntriesByName('indexsite-filter-complete');
      if (complete.length > before) {
        var first = performance.getEntriesByName('indexsite-filter');
        // the results drawn in the list's place, or every entry (nothing narrowing): counted without a list of
        // 100,000 elements, whose garbage would be collected in the middle of a later click
        var replaced = document.querySelector('.sections.is-replaced');
        var shown = replaced ? document.querySelectorAll('.filter-results .entry').length : -1;
        var own = performance.getEntriesByName('indexsite-facets');
        var address = performance.getEntriesByName('indexsite-address');
        done({ ms: first[first.length - 1].duration, complete: complete[complete.length - 1].duration, shown: shown,
               facets: own.length ? own[own.length - 1].duration : 0,
               address: address.length > addressBefore ? address[address.length - 1].duration : 0,
               pressed: document.querySelectorAll('.facet-chip[aria-pressed="true"]').length, search: location.search });
      } else if ((waited += 10) > 120000) { done(null); }
      else setTimeout(poll, 10);
    })();"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page", type=Path, help="a list page with facets: rendered as one page")
    parser.add_argument("--rate", type=float, default=4, help="how many times slower the CPU is made (default 4)")
    parser.add_argument("--rounds", type=int, default=1, help="times through the click sequence (default 1)")
    args = parser.parse_args()
    rate, rounds, page = args.rate, args.rounds, args.page.resolve()

    driver = make_driver(script_timeout=300)
    try:
        started = time.monotonic()
        driver.get(page.as_uri())
        loaded = time.monotonic() - started
        entries = driver.execute_script("return document.getElementsByClassName('entry').length")
        chips = driver.execute_script("return document.querySelectorAll('button.facet-chip').length")
        if not chips:
            print("facets: the page has no facet chips the script made toggles", file=sys.stderr)
            return 1
        index_ready = driver.execute_async_script("""
            var done = arguments[0], waited = 0;
            (function poll() {
              var mark = performance.getEntriesByName('indexsite-filter-index')[0];
              if (mark) done(mark.startTime);
              else if ((waited += 50) > 240000) done(null);
              else setTimeout(poll, 50);
            })();""")
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
        timings, completes, facet_parts, addresses = [], [], [], []
        for field, value in SEQUENCE * rounds:
            result = driver.execute_async_script(CLICK, field, value)
            if result is None or "error" in result:
                print(f"facets: no measure after {field}={value!r}: {result}", file=sys.stderr)
                return 1
            if field != "q":
                timings.append(result["ms"])
                completes.append(result["complete"])
            what = f"typed {value!r}" if field == "q" else f"{field}={value}"
            facet_parts.append(result["facets"])
            addresses.append(result["address"])
            print(f"  {what:24} {result['ms']:8.1f} ms drawn {result['complete']:8.1f} ms complete {result['facets']:6.1f} ms facets"
                  f" {result['address']:6.1f} ms address"
                  f"  {result['shown'] if result['shown'] >= 0 else 'all':>7} of {entries} shown  {result['pressed']} pressed  {result['search']}")
        ready = "never" if index_ready is None else f"{index_ready / 1000:.1f} s after navigation"
        print(f"facets: {len(timings)} clicks ({rounds} rounds) on {entries} entries, {chips} chips, CPU {rate:g}x slower (page loaded in "
              f"{loaded:.1f} s, index ready {ready}): drawn median {statistics.median(timings):.0f} ms, "
              f"max {max(timings):.0f} ms; all entries median {statistics.median(completes):.0f} ms, max {max(completes):.0f} ms; "
              f"the facets' own pass median {statistics.median(facet_parts):.1f} ms, max {max(facet_parts):.1f} ms; "
              f"writing the address afterwards median {statistics.median(addresses):.0f} ms, max {max(addresses):.0f} ms")
        return 0
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
