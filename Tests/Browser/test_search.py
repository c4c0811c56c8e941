"""Search through the chunked index (issue 41), in headless Chromium, on the reader's test site.

Run through Tests/Browser/run.sh --reader (READER_TESTS=test_search.py for this file alone): the site's "words" list
holds 20,000 entries split into one page per letter, "Quokka Zanzibar" filed under Q.

Over HTTP (python's http.server from 127.0.0.1) and from file://, it types a rare word into the whole-list search of a
split list's section page, into the home page's search over every list, and into the small box in the header of a
list page: the right result appears (grouped by list on the home page), its link lands on the entry, and the page
fetched only the index's manifest, the shards of the word and the display data of the results shown. Screenshots at
390x844 and 1280x800 go to $SCREENSHOT_DIR/search.
"""
import functools
import http.server
import os
import pathlib
import re
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import emulate, settle

REPO = pathlib.Path(__file__).resolve().parents[2]
SITE = pathlib.Path(os.environ.get("READER_SITE_DIR", REPO / ".build" / "browser-reader-site")).resolve()
SHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", REPO / ".build" / "browser-screenshots")) / "search"

if not SITE.is_dir():
    raise SystemExit(f"READER_SITE_DIR {SITE} is not a folder (run Tests/Browser/run.sh --reader)")

VIEWPORTS = {"phone": (390, 844, True), "desktop": (1280, 800, False)}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def http_root():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def address(transport, http_root, page):
    return http_root + page if transport == "http" else (SITE / page).as_uri()


def open_page(d, url, vp):
    width, height, mobile = VIEWPORTS[vp]
    emulate(d, width, height, mobile)
    d.get("about:blank")
    d.get(url)
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
    settle(d)
    d.execute_script("performance.clearResourceTimings()")
    return d


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"{name}.png"))


def index_pieces(d):
    """The pieces of search indexes the page loaded since it opened: (list folder, kind, file)."""
    names = d.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    pieces = []
    for name in names:
        m = re.search(r"/([^/]+)/search/(index\.js|s/\d+\.js|e/\d+\.js)$", name)
        if m:
            pieces.append((m.group(1), m.group(2).split("/")[0] if "/" in m.group(2) else "manifest", m.group(2)))
    return pieces


def status(d, box_id):
    return d.find_element(By.ID, box_id + "-status").text


def land_on_quokka(d, link, vp):
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    WebDriverWait(d, 20).until(lambda d: d.execute_script("return document.readyState") == "complete"
                               and d.execute_script("return location.pathname").endswith("words/q/index.html"))
    settle(d)
    time.sleep(0.2)
    assert d.execute_script("return decodeURIComponent(location.hash)") == "#quokka-zanzibar"
    top = d.execute_script("return document.getElementById('quokka-zanzibar').getBoundingClientRect().top")
    assert 0 < top <= VIEWPORTS[vp][1] - 20


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("transport", ["http", "file"])
def test_split_list_search_fetches_only_what_the_word_needs(driver, http_root, transport, vp):
    d = open_page(driver, address(transport, http_root, "words/b/index.html"), vp)
    box = d.find_element(By.ID, "indexsite-filter")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    box.send_keys("QUOKKA")
    WebDriverWait(d, 20).until(lambda d: "match" in status(d, "indexsite-filter"))
    assert re.fullmatch(r"1 entry of [\d,]+ matches \u201cQUOKKA\u201d\.", status(d, "indexsite-filter")), status(d, "indexsite-filter")
    results = d.find_elements(By.CSS_SELECTOR, ".search-results a")
    assert [r.text for r in results] == ["Quokka Zanzibar"]
    if transport == "http":   # (the browser keeps no resource timing of file:// pieces)
        pieces = index_pieces(d)
        assert {p[0] for p in pieces} == {"words"}
        kinds = [p[1] for p in pieces]
        assert kinds.count("manifest") == 1 and 1 <= kinds.count("s") <= 2 and kinds.count("e") == 1, pieces
    # The header's title and search box never touch, even on a phone (the title gives way first).
    gap = d.execute_script(
        "var t = document.querySelector('.site-title').getBoundingClientRect();"
        "var b = document.querySelector('.site-search').getBoundingClientRect(); return b.left - t.right;")
    assert gap >= 12, f"the site title and the header's search box are {gap} px apart"
    shot(d, f"split-list-{transport}-{vp}")
    land_on_quokka(d, results[0], vp)


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("transport", ["http", "file"])
def test_home_page_finds_an_entry_of_any_list(driver, http_root, transport, vp):
    d = open_page(driver, address(transport, http_root, "index.html"), vp)
    box = d.find_element(By.ID, "indexsite-site-search")
    box.click()
    box.send_keys("quokka")
    WebDriverWait(d, 20).until(lambda d: "match" in status(d, "indexsite-site-search"))
    groups = d.find_elements(By.CSS_SELECTOR, ".site-search-group")
    headings = [g.find_element(By.CSS_SELECTOR, "h2").text for g in groups]
    assert any(h.startswith("Words") for h in headings), headings
    words = groups[[h.startswith("Words") for h in headings].index(True)]
    results = words.find_elements(By.CSS_SELECTOR, ".search-results a")
    assert "Quokka Zanzibar" in [r.text for r in results]
    assert d.find_element(By.CSS_SELECTOR, ".list-cards").get_attribute("hidden") is not None
    assert d.execute_script("return new URLSearchParams(location.search).get('q')") == "quokka"
    # every list's manifest, and from each only the shards of the word (the lists' shards are not all fetched)
    if transport == "http":   # (the browser keeps no resource timing of file:// pieces)
        pieces = index_pieces(d)
        lists = {p[0] for p in pieces if p[1] == "manifest"}
        assert len(lists) == len(d.find_elements(By.CSS_SELECTOR, ".list-card[data-search]"))
        for name in lists:
            shards = [p for p in pieces if p[0] == name and p[1] == "s"]
            assert 1 <= len(shards) <= 2, (name, shards)
    shot(d, f"home-{transport}-{vp}")
    land_on_quokka(d, [r for r in results if r.text == "Quokka Zanzibar"][0], vp)


@pytest.mark.parametrize("transport", ["http", "file"])
def test_header_box_searches_from_any_page(driver, http_root, transport):
    d = open_page(driver, address(transport, http_root, "rooms/index.html"), "desktop")
    box = d.find_element(By.ID, "indexsite-site-search-header")
    box.send_keys("zanzibar", Keys.ENTER)
    WebDriverWait(d, 20).until(lambda d: d.execute_script("return location.pathname").endswith("/index.html")
                               and d.find_elements(By.CSS_SELECTOR, ".site-search-group"))
    assert d.find_element(By.ID, "indexsite-site-search").get_attribute("value") == "zanzibar"
    titles = [a.text for a in d.find_elements(By.CSS_SELECTOR, ".site-search-results .search-results a")]
    assert "Quokka Zanzibar" in titles
    shot(d, f"header-box-{transport}")


def test_a_word_no_entry_has_says_so(driver, http_root):
    d = open_page(driver, address("http", http_root, "index.html"), "desktop")
    d.find_element(By.ID, "indexsite-site-search").send_keys("qqqxyzzy")
    WebDriverWait(d, 20).until(lambda d: "No entries" in status(d, "indexsite-site-search"))
    assert not d.find_elements(By.CSS_SELECTOR, ".site-search-group")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_a_site_of_one_page_keeps_its_header_box_on_the_home_page(driver, tmp_path, vp):
    """A site of one unsplit list has no home-page search, so the header's box stays visible there and sends the
    query to the list's own filter; a site of several lists hides it on the home page, whose own box searches."""
    binary = pathlib.Path(os.environ.get("INDEXSITE_BIN", REPO / ".build" / "debug" / "indexsite"))
    source = tmp_path / "one"
    (source / "Content").mkdir(parents=True)
    (source / "Content" / "birds.csv").write_text("title,description\nQuokka,A marsupial\nRobin,A bird\n")
    out = tmp_path / "out"
    import subprocess
    subprocess.run([str(binary), "build", str(source), "--output", str(out), "--quiet"], check=True)
    d = open_page(driver, (out / "index.html").as_uri(), vp)
    assert not d.find_elements(By.ID, "indexsite-site-search")
    box = d.find_element(By.ID, "indexsite-site-search-header")
    assert box.is_displayed() and d.execute_script("return getComputedStyle(arguments[0]).visibility", box) == "visible"
    shot(d, f"one-list-home-{vp}")
    box.send_keys("quokka", Keys.ENTER)
    WebDriverWait(d, 20).until(lambda d: d.execute_script("return location.pathname").endswith("birds/index.html"))
    assert "q=quokka" in d.execute_script("return location.search")
    d = open_page(driver, (SITE / "index.html").as_uri(), vp)
    header = d.find_element(By.ID, "indexsite-site-search-header")
    assert d.execute_script("return getComputedStyle(arguments[0]).visibility", header) == "hidden"
