#!/usr/bin/env python3
"""Measures the chunked search index of a split list in headless Chromium (4x CPU throttling), over HTTP.

Usage: search.py [--binary .build/debug/indexsite] [--out .build/bench] [--query WORD ...] [N ...]   (default N: 100000)

For each size N it writes the benchmark data (generate.py), a site whose one list (the CSV) is split into one page
per section, builds it with BINARY, and reports the index's files (manifest, shards, entry chunks) and the largest
section page. It then serves the site from 127.0.0.1 (python's http.server in a thread: no compression, so every
byte count is uncompressed) and, on a section page and on the home page, types each query into the search box
(cache disabled, CPU throttled 4x) and reports:
  - bytes transferred from the first keystroke to the first results drawn (the Network domain's encodedDataLength of
    every response: manifest, shards, entry chunks), and the number of requests;
  - "shards to results": the theme's "indexsite-search-results" measure, from the arrival of the last shard the query
    needed to the results drawn (the display data of the results shown fetched in between);
  - "last piece to results": "indexsite-search-drawn", from the arrival of the last piece (the display data) to the
    results drawn: the script's own work, network excluded;
  - "keystroke to results": from the input event to the results drawn (the section page's "indexsite-search").
A benchmark, never a test: it times, and prints what it measured.
"""
import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# Rare words of the generated data: a plural noun after a number (about 0.13% of titles), an inner word with ø.
DEFAULT_QUERIES = ["zeppelins", "smørrebrød"]


def make_site(out, n):
    subprocess.run([sys.executable, str(HERE / "generate.py"), "--out", str(out), str(n)], check=True)
    site = out / "sites" / f"search-{n}"
    (site / "Content").mkdir(parents=True, exist_ok=True)
    data = site / "Content" / "data.csv"
    source = out / "data" / f"data-{n}.csv"
    if not data.exists():
        os.link(source, data)
    (site / "indexsite.yml").write_text(
        f"title: Search benchmark ({n} entries)\nlists:\n  - source: data.csv\n    title: Data\n"
        f"    group_by: letter\n    ignore_prefixes: [\"The \"]\n    split: sections\n")
    return site


def describe(output):
    index = output / "data" / "search"
    shards = sorted((index / "s").iterdir(), key=lambda p: p.stat().st_size)
    chunks = list((index / "e").iterdir())
    pages = [p for p in (output / "data").glob("*/index.html")]
    # the later pages of a section cut into pages (`page_size`): s/2/index.html, …
    cut = [p for p in (output / "data").glob("*/*/index.html")]
    largest = max(pages + cut, key=lambda p: p.stat().st_size)
    shard_sizes = [p.stat().st_size for p in shards]
    print(f"  index: manifest {(index / 'index.js').stat().st_size / 1024:.1f} KB; {len(shards)} shards, "
          f"{sum(shard_sizes) / 1048576:.1f} MB in all, median {shard_sizes[len(shards) // 2] / 1024:.1f} KB, "
          f"largest {shard_sizes[-1] / 1024:.1f} KB; {len(chunks)} entry chunks, "
          f"{sum(p.stat().st_size for p in chunks) / 1048576:.1f} MB in all")
    print(f"  section pages: {len(pages) + len(cut)} ({len(cut)} of them later pages of a cut section), "
          f"largest {largest.relative_to(output / 'data').as_posix()} "
          f"{largest.stat().st_size / 1048576:.2f} MB")
    return sorted(pages)[0]


def serve(directory):
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(600)
    driver.set_script_timeout(300)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    return driver


def transferred(driver):
    """Bytes and URLs of the responses finished since the log was last read."""
    urls, sizes = {}, {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message.get("method") == "Network.requestWillBeSent":
            urls[params["requestId"]] = params["request"]["url"]
        elif message.get("method") == "Network.loadingFinished":
            sizes[params["requestId"]] = params["encodedDataLength"]
    return [(urls.get(r, "?"), size) for r, size in sizes.items()]


def measure(driver, url, box, query):
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    driver.get(url)
    driver.execute_script("performance.clearMarks(); performance.clearMeasures();")
    transferred(driver)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    started = time.monotonic()
    driver.find_element(By.ID, box).send_keys(query)
    result = driver.execute_async_script("""
        var done = arguments[0], waited = 0;
        (function poll() {
          var m = performance.getEntriesByName('indexsite-search-results');
          if (m.length) {
            var k = performance.getEntriesByName('indexsite-search');
            var drawn = performance.getEntriesByName('indexsite-search-drawn');
            done({ ms: m[m.length - 1].duration, key: k.length ? k[k.length - 1].duration : null,
                   drawn: drawn.length ? drawn[drawn.length - 1].duration : null,
                   shown: document.querySelectorAll('.search-results > li').length,
                   first: (document.querySelector('.search-results a') || {}).textContent || '' });
          } else if ((waited += 10) > 240000) done(null);
          else setTimeout(poll, 10);
        })();""")
    wall = time.monotonic() - started
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    time.sleep(0.3)
    responses = transferred(driver)
    if result is None:
        print(f"    {query!r}: no results measure", file=sys.stderr)
        return False
    total = sum(size for _, size in responses)
    kinds = {"manifest": 0, "shards": 0, "entry chunks": 0, "other": 0}
    for u, size in responses:
        kind = "manifest" if u.endswith("/search/index.js") else "shards" if "/search/s/" in u else \
            "entry chunks" if "/search/e/" in u else "other"
        kinds[kind] += size
    parts = ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in kinds.items() if v)
    key = f"{result['key']:.0f} ms" if result["key"] is not None else "n/a"
    print(f"    {query!r}: {total / 1024:.1f} KB in {len(responses)} requests ({parts}); shards to results "
          f"{result['ms']:.1f} ms; last piece to results {result['drawn']:.1f} ms; keystroke to results {key} (wall {wall:.2f} s); {result['shown']} shown, "
          f"first {result['first']!r}")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100000])
    parser.add_argument("--binary", default=".build/debug/indexsite")
    parser.add_argument("--out", default=".build/bench")
    parser.add_argument("--query", action="append", dest="queries")
    parser.add_argument("--skip-build", action="store_true", help="measure the site built before")
    args = parser.parse_args()
    queries = args.queries or DEFAULT_QUERIES
    out = Path(args.out).resolve()
    ok = True
    for n in args.sizes:
        site = make_site(out, n)
        output = out / f"search-site-{n}"
        if not args.skip_build:
            started = time.monotonic()
            subprocess.run([args.binary, "build", str(site), "--output", str(output), "--quiet"], check=True)
            print(f"{n} entries: built in {time.monotonic() - started:.1f} s ({args.binary})")
        else:
            print(f"{n} entries:")
        section_page = describe(output)
        server = serve(output)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = make_driver()
        try:
            relative = section_page.relative_to(output).as_posix()
            print(f"  section page {relative}, CPU 4x slower, cache off, uncompressed:")
            for query in queries:
                ok &= measure(driver, base + relative, "indexsite-filter", query)
            print("  home page:")
            for query in queries:
                ok &= measure(driver, base + "index.html", "indexsite-site-search", query)
        finally:
            driver.quit()
            server.shutdown()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
