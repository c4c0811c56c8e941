"""The reader's page on real-shaped lists (issue 14), in headless Chromium.

Run through Tests/Browser/run.sh --reader: it writes the test site's sources with sites/make_reader_site.py
(awesome-go's ~130 categories, a 50-category CSV, a 5-category CSV, an A-Z list, a 20,001-entry list split into
one page per letter), builds it, and points READER_SITE_DIR at the output.

At 375x667, 667x375, 1280x800 and 1920x1080 it checks: no strip label is a generated code; at >= 1024 px every full
section title is in view beside the content (sidebar) or the A-Z strip stands against the content column; a mouse
drag along the strip from A to M lands on M; on a phone any section is two taps away (Sections, then its title) and
scrubbing shows whole titles; letters down a phone's edge read A to Z, and awesome-go's categories (in the README's
own order) get a ruler of ticks instead, which one scrub runs through section by section, naming each in full; on a
split list's page the filter finds entries filed on other pages and their links work; the filter's status matches what
is on screen; on a 12,000-entry page the first frames after a keystroke show only matches, and keystrokes over a
running filter end right; counts agree; field labels are readable; nothing shows above a stuck section header; the
current section stays legible when filtered out. Screenshots go to $SCREENSHOT_DIR.
"""
import html.parser
import re
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import settle
from reader_site import SITE, VIEWPORTS, open_page, shot

WIDE = ["laptop", "wide"]
NARROW = ["phone", "landscape"]

CATEGORY_LISTS = ["awesome-go/index.html", "countries/index.html", "rooms/index.html"]
LETTER_LISTS = ["names/index.html", "words/index.html", "words/b/index.html"]
LISTS = CATEGORY_LISTS + ["names/index.html", "words/index.html", "words/q/index.html"]


def chrome_bottom(d):
    return d.execute_script("return document.querySelector('.site-header').getBoundingClientRect().bottom")


def heading_top(d, heading_id):
    return d.execute_script("""
      var h = document.getElementById(arguments[0]); var s = h.closest('.section');
      return s.getBoundingClientRect().top;""", heading_id)


def section_titles(page):
    """Section titles of a page as written in its HTML (the strip's title attributes)."""
    class Collect(html.parser.HTMLParser):
        def __init__(self):
            super().__init__()
            self.items, self.nav_count = [], 0

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag in ("a", "span") and "title" in a and (a.get("href") or a.get("aria-disabled")):
                self.items.append(a)
    c = Collect()
    c.feed((SITE / page).read_text(encoding="utf-8"))
    return c.items


def strip_labels(page):
    text = (SITE / page).read_text(encoding="utf-8")
    strip = text[text.find('<ol class="index-strip-list">'):]
    strip = strip[:strip.find("</ol>")]
    return re.findall(r'title="([^"]*)"[^>]*>([^<]*)</(?:a|span)>', strip)


def unescape(s):
    return html.unescape(s) if False else __import__("html").unescape(s)


# --------------------------------------------------------------------------- labels

@pytest.mark.parametrize("page", LISTS)
def test_no_label_is_a_generated_code(page):
    labels = [(unescape(t), unescape(l)) for t, l in strip_labels(page)]
    assert labels, "no strip on " + page
    many = len(labels) > 12
    for title, label in labels:
        words = re.split(r"[^\w]+", title)
        digits_added = re.search(r"\d", label) and not re.search(re.escape(re.sub(r"^\D+", "", label)), title)
        assert not (re.fullmatch(r"[^\W\d_]+\d+", label) and digits_added), f"numbered code {label!r} for {title!r}"
        ok = (label == title or label in words or len(label) == 1 or label == "#"
              or (not many and label == "".join(w[:1].upper() for w in words if w)))
        assert ok, f"label {label!r} of {title!r} is not the title, a word of it, one letter, or initials of a small list"


# --------------------------------------------------------------------------- wide screens

@pytest.mark.parametrize("vp", WIDE)
@pytest.mark.parametrize("page", CATEGORY_LISTS)
def test_every_full_title_beside_the_content(driver, page, vp):
    d = open_page(driver, page, vp)
    titles = [unescape(a["title"]) for a in section_titles(page) if a.get("href")]
    info = d.execute_script("""
      var nav = document.querySelector('.section-nav'), main = document.querySelector('.list-main');
      var strip = document.querySelector('.index-strip');
      var n = nav.getBoundingClientRect(), m = main.getBoundingClientRect();
      var items = Array.from(nav.querySelectorAll('.section-nav-title')).map(function (t) {
        var r = t.getBoundingClientRect();
        return {text: t.textContent, clipped: t.scrollWidth > t.clientWidth + 1, w: r.width, h: r.height,
                display: getComputedStyle(t).display, vis: getComputedStyle(t).visibility};
      });
      return {navRight: n.right, navLeft: n.left, navTop: n.top, navBottom: n.bottom, mainLeft: m.left,
              position: getComputedStyle(nav).position, overflowY: getComputedStyle(nav).overflowY,
              stripShown: strip && getComputedStyle(strip).display !== 'none', items: items,
              scrollable: nav.scrollHeight > nav.clientHeight};""")
    assert [i["text"] for i in info["items"]] == titles
    for item in info["items"]:
        assert not item["clipped"] and item["w"] > 0 and item["h"] > 0 and item["vis"] == "visible", item
    assert info["position"] == "sticky"
    assert 0 <= info["mainLeft"] - info["navRight"] <= 48, "sidebar not beside the content column"
    assert not info["stripShown"], "the strip of short labels should give way to the full titles"
    if info["scrollable"]:
        assert info["overflowY"] in ("auto", "scroll")
    # every title can be brought into the sidebar's view while the page stays put
    y = d.execute_script("return window.pageYOffset")
    for index in (len(titles) // 2, len(titles) - 1):
        seen = d.execute_script("""
          var nav = document.querySelector('.section-nav'), t = nav.querySelectorAll('.section-nav-title')[arguments[0]];
          t.scrollIntoView({block: 'nearest'});
          var r = t.getBoundingClientRect(), n = nav.getBoundingClientRect();
          return r.top >= n.top - 1 && r.bottom <= n.bottom + 1 && r.bottom <= innerHeight + 1;""", index)
        assert seen
    assert d.execute_script("return window.pageYOffset") == y
    # scrolling the page marks the section in view in the sidebar
    last = d.execute_script("return document.querySelectorAll('.section-nav a').length") - 1
    d.execute_script("document.querySelectorAll('.section-nav a')[arguments[0]].click()", last)
    settle(d)
    time.sleep(0.2)
    assert d.execute_script("return document.querySelectorAll('.section-nav a')[arguments[0]].getAttribute('aria-current')", last)
    shot(d, page, vp)


@pytest.mark.parametrize("vp", WIDE)
@pytest.mark.parametrize("page", LETTER_LISTS)
def test_letter_strip_stands_against_the_content_column(driver, page, vp):
    d = open_page(driver, page, vp)
    gap = d.execute_script("""
      var m = document.querySelector('.list-main').getBoundingClientRect();
      var s = document.querySelector('.index-strip').getBoundingClientRect();
      return s.left - m.right;""")
    assert -1 <= gap <= 48, f"strip {gap}px from the content column"
    shot(d, page, vp)


# --------------------------------------------------------------------------- mouse scrub

@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_mouse_drag_from_a_to_m_lands_on_m(driver, vp):
    page = "names/index.html"
    d = open_page(driver, page, vp, touch=False)
    a_box = d.execute_script("""
      var li = Array.from(document.querySelectorAll('.index-strip-list > li:not(.strip-dot)'))
        .filter(function (l) { return l.textContent.trim() === 'A'; })[0];
      var r = li.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];""")
    x, y = a_box
    mouse = lambda kind, yy, buttons=1: d.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": yy, "button": "left", "buttons": buttons, "clickCount": 1})
    mouse("mouseMoved", y, 0)
    mouse("mousePressed", y)
    bottom = d.execute_script("return document.querySelector('.index-strip').getBoundingClientRect().bottom")
    hud, yy = None, y
    while yy < bottom:
        yy += 2
        mouse("mouseMoved", yy)
        hud = d.execute_script("return document.querySelector('.strip-hud').textContent")
        if hud == "M":
            break
    assert hud == "M", f"the bubble never said M (last {hud!r})"
    mouse("mouseReleased", yy, 0)
    settle(d)
    time.sleep(0.1)
    assert d.execute_script("return decodeURIComponent(location.hash)") == "#m"
    assert abs(heading_top(d, "m") - chrome_bottom(d)) <= 2
    assert d.execute_script("return document.querySelector('.index-strip a[aria-current]').textContent") == "M"


# --------------------------------------------------------------------------- phones

@pytest.mark.parametrize("vp", NARROW)
@pytest.mark.parametrize("page", CATEGORY_LISTS)
def test_any_section_in_two_taps(driver, page, vp):
    d = open_page(driver, page, vp)
    shot(d, page, vp)
    button = d.find_element(By.CSS_SELECTOR, ".sections-button")
    button.click()
    settle(d)
    shot(d, page, vp + "-sheet")
    links = d.find_elements(By.CSS_SELECTOR, ".section-nav a")
    target = links[len(links) * 2 // 3]
    title = target.find_element(By.CSS_SELECTOR, ".section-nav-title").text
    heading_id = d.execute_script("return decodeURIComponent(arguments[0].hash.slice(1))", target)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    target.click()
    settle(d)
    time.sleep(0.1)
    assert not d.execute_script("return document.querySelector('.section-nav').classList.contains('is-open')")
    assert d.execute_script("return document.getElementById(arguments[0]).textContent", heading_id) == title
    assert abs(heading_top(d, heading_id) - chrome_bottom(d)) <= 2


@pytest.mark.parametrize("vp", NARROW)
@pytest.mark.parametrize("page", CATEGORY_LISTS)
def test_scrubbing_shows_whole_titles(driver, page, vp):
    d = open_page(driver, page, vp)
    titles = {unescape(a["title"]) for a in section_titles(page)}
    box = d.execute_script("var r = document.querySelector('.index-strip-list').getBoundingClientRect(); return [r.left + r.width / 2, r.top, r.bottom];")
    x, top, bottom = box
    touch = lambda kind, y: d.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})
    touch("touchStart", top + 2)
    seen = []
    for k in range(1, 12):
        touch("touchMove", top + (bottom - top) * k / 12)
        hud = d.execute_script("return document.querySelector('.strip-hud').textContent")
        seen.append(hud)
        hud_box = d.execute_script("var r = document.querySelector('.strip-hud').getBoundingClientRect(); return [r.left, r.right];")
        assert hud_box[0] >= 0 and hud_box[1] <= VIEWPORTS[vp]["width"], "the bubble is cut off"
    if vp == "phone":
        shot(d, page, vp + "-scrub")
    touch("touchEnd", bottom)
    assert len(set(seen)) > 3
    assert all(s in titles for s in seen), f"bubble showed {[s for s in seen if s not in titles]}"


# --------------------------------------------------------------------------- split list search

def type_into_filter(d, text):
    box = d.find_element(By.ID, "indexsite-filter")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    box.send_keys(text)
    return box


def status(d):
    return d.find_element(By.ID, "indexsite-filter-status").text


def number(text):
    """A count as the English catalog writes it ("20,001")."""
    return int(text.replace(",", ""))


def header_count(d):
    """The entry count in the list header: "3,033 entries · 149 sections"."""
    return number(re.search(r"([\d,]+) entr(?:y|ies)", d.find_element(By.CSS_SELECTOR, ".counts").text).group(1))


# The filter's status in English: "1 entry of 20,001 matches “q”.", "5 entries of 80 match “q”."
STATUS = re.compile(r"([\d,]+) entr(?:y|ies) of ([\d,]+) match(?:es)? \u201c")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("page", ["words/b/index.html", "words/index.html"])
def test_split_list_filter_searches_every_page(driver, page, vp):
    d = open_page(driver, page, vp)
    total = header_count(d)
    type_into_filter(d, "quokka")
    WebDriverWait(d, 20).until(lambda d: "match" in status(d))
    assert status(d) == f"1 entry of {total:,} matches \u201cquokka\u201d."
    results = d.find_elements(By.CSS_SELECTOR, ".search-results a")
    assert [r.text for r in results] == ["Quokka Zanzibar"]
    assert not d.find_element(By.CSS_SELECTOR, ".search-results").get_attribute("hidden")
    if vp in ("phone", "laptop"):
        shot(d, page, vp + "-search")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", results[0])
    results[0].click()
    WebDriverWait(d, 20).until(lambda d: d.execute_script("return document.readyState") == "complete"
                               and location_path(d).endswith("words/q/index.html"))
    settle(d)
    time.sleep(0.2)
    assert d.execute_script("return decodeURIComponent(location.hash)") == "#quokka-zanzibar"
    top = d.execute_script("return document.getElementById('quokka-zanzibar').getBoundingClientRect().top")
    assert chrome_bottom(d) - 2 <= top <= VIEWPORTS[vp]["height"] - 20


def location_path(d):
    return d.execute_script("return location.pathname")


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_split_search_status_tells_when_only_some_are_listed(driver, vp):
    d = open_page(driver, "words/b/index.html", vp)
    type_into_filter(d, "ka")
    WebDriverWait(d, 20).until(lambda d: "match" in status(d))
    listed = len(d.find_elements(By.CSS_SELECTOR, ".search-results > li"))
    count = number(STATUS.match(status(d)).group(1))
    assert count > listed == 50
    assert status(d).endswith(f"The first {listed} are listed; type more to narrow them.")


def test_section_pages_link_back_to_the_overview(driver):
    d = open_page(driver, "words/q/index.html", "laptop")
    d.find_element(By.CSS_SELECTOR, ".overview-link").click()
    WebDriverWait(d, 20).until(lambda d: location_path(d).endswith("words/index.html"))
    assert d.find_elements(By.CSS_SELECTOR, ".overview-list a")


# --------------------------------------------------------------------------- status, counts, labels

def visible_entries(d):
    return d.execute_script("""
      return Array.from(document.querySelectorAll('.list-main .entry')).filter(function (e) {
        return e.checkVisibility(); }).length;""")


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("page,query", [("awesome-go/index.html", "json"), ("countries/index.html", "ka"), ("names/index.html", "bebe")])
def test_status_matches_the_visible_entries(driver, page, vp, query):
    d = open_page(driver, page, vp)
    header = header_count(d)
    box = type_into_filter(d, query)
    WebDriverWait(d, 20).until(lambda d: "match" in status(d) and not status(d).startswith("Filtering"))
    settle(d)
    m = STATUS.match(status(d))
    assert m, status(d)
    assert number(m.group(1)) == visible_entries(d)
    assert number(m.group(2)) == header == len(d.find_elements(By.CSS_SELECTOR, ".list-main .entry"))
    box.send_keys("\ue00c")  # Escape
    WebDriverWait(d, 20).until(lambda d: status(d).startswith("All "))
    assert status(d) == f"All {header:,} entries shown."
    home = (SITE / "index.html").read_text(encoding="utf-8")
    assert f"{header:,} entries \u00b7 " in home


def test_field_labels_are_readable():
    countries = (SITE / "countries/index.html").read_text(encoding="utf-8")
    assert "<dt>Official name</dt>" in countries and "<dt>Alpha 2</dt>" in countries
    assert "official_name" not in countries.split("<main")[1].split("<script")[0].replace('"official_name', "")
    names = (SITE / "names/index.html").read_text(encoding="utf-8")
    assert "<dt>Known as</dt>" in names and "<dt>nickname</dt>" not in names


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_nothing_shows_above_a_stuck_section_header(driver, vp):
    d = open_page(driver, "names/index.html", vp)
    # stick a header, then move by fractional amounts; what is just below the site header must be the section header
    for offset in (0.4, 1.3, 2.6):
        d.execute_script("""
          var s = document.querySelectorAll('.section')[2];
          window.scrollTo(0, s.getBoundingClientRect().top + window.pageYOffset - document.querySelector('.site-header').offsetHeight + 120 + arguments[0]);""", offset)
        settle(d)
        hit = d.execute_script("""
          var b = document.querySelector('.site-header').getBoundingClientRect().bottom;
          var m = document.querySelector('.list-main .section-header').getBoundingClientRect();
          var out = [];
          for (var dy = 0; dy < 3; dy += 0.5) {
            var el = document.elementFromPoint(m.left + 30, b + dy);
            out.push(el && (el.closest('.section-header') || el.closest('.site-header')) ? 'ok' : (el ? el.className || el.tagName : 'none'));
          }
          return out;""")
        assert all(h == "ok" for h in hit), hit


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_filtered_out_current_section_stays_legible(driver, vp):
    d = open_page(driver, "names/index.html", vp)
    # M where the strip shows it; on a phone the 24 px strip folds titles into dots (is-dropped): the last one shown.
    target = d.execute_script("""
      var shown = Array.prototype.filter.call(document.querySelectorAll('.index-strip li:not(.is-dropped) > a[href^="#"]'),
        function (a) { return !/^#b/i.test(a.getAttribute('href')); });
      var m = shown.filter(function (a) { return a.getAttribute('href') === '#m'; })[0];
      return (m || shown[shown.length - 1]).getAttribute('href');""")
    d.execute_script("document.querySelector('.index-strip a[href=\"' + arguments[0] + '\"]').click()", target)
    settle(d)
    type_into_filter(d, "bebe")   # only B names: the current section is filtered out
    WebDriverWait(d, 20).until(lambda d: "match" in status(d))
    style = d.execute_script("""
      var a = document.querySelector('.index-strip a[href="' + arguments[0] + '"]');
      var cs = getComputedStyle(a);
      return [a.classList.contains('is-filtered-out'), cs.color, cs.backgroundColor];""", target)
    assert style[0]
    def rgb(s):
        return [float(v) for v in re.findall(r"[\d.]+", s)[:4]]
    bg = rgb(style[2])
    assert len(bg) == 4 and bg[3] == 0, "a filtered-out title has no coloured block behind it: " + style[2]


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("page", LISTS)
def test_no_horizontal_overflow(driver, page, vp):
    d = open_page(driver, page, vp)
    assert d.execute_script("return document.documentElement.scrollWidth") <= VIEWPORTS[vp]["width"]
    if vp in ("phone", "laptop") and page not in CATEGORY_LISTS:
        shot(d, page, vp)


# --------------------------------------------------------------------------- the filter of a long page

LONG = "long/index.html"

# Types `value` as one keystroke and reports what the screen shows once the first frame after it is drawn, and the
# frame after (the rest of a long page follows in later tasks): the entries at points down the screen and the points
# where a list shows none of its entries drawn, the status, and whether the theme's "indexsite-filter" (first screen
# of results) and "indexsite-filter-complete" (every entry) measures were taken.
FIRST_FRAMES = r"""
  var value = arguments[0], done = arguments[arguments.length - 1];
  var input = document.getElementById('indexsite-filter');
  var firsts = performance.getEntriesByName('indexsite-filter').length;
  var completes = performance.getEntriesByName('indexsite-filter-complete').length;
  function screen() {
    var top = Math.max(document.querySelector('.filter').getBoundingClientRect().bottom + 1, 0), x = innerWidth / 3;
    var seen = [], blank = 0;
    for (var y = top; y < innerHeight; y += 12) {
      var el = document.elementFromPoint(x, y), entry = el && el.closest('.entry');
      if (entry) { if (seen.indexOf(entry) < 0) seen.push(entry); }
      else if (el && el.closest('.entries')) blank++;
    }
    return {blank: blank, onScreen: seen.map(function (e) { return e.textContent.replace(/\s+/g, ' ').trim(); }),
            status: document.getElementById('indexsite-filter-status').textContent,
            measured: performance.getEntriesByName('indexsite-filter').length > firsts,
            complete: performance.getEntriesByName('indexsite-filter-complete').length > completes};
  }
  function afterFrame(f) { requestAnimationFrame(function () { setTimeout(f, 0); }); }
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  afterFrame(function () {
    var first = screen();
    afterFrame(function () { done({first: first, second: screen()}); });
  });
"""


def wait_complete(d):
    WebDriverWait(d, 30).until(lambda d: not status(d).startswith("Filtering"))
    settle(d)


def undrawn_lists_on_screen(d):
    """Points down the screen, below the filter, where a list of entries shows but none of its entries is drawn."""
    return d.execute_script("""
      var top = Math.max(document.querySelector('.filter').getBoundingClientRect().bottom + 1, 0), x = innerWidth / 3, n = 0;
      for (var y = top; y < innerHeight; y += 12) {
        var el = document.elementFromPoint(x, y);
        if (el && !el.closest('.entry') && el.closest('.entries')) n++;
      }
      return n;""")


def fold(text):
    return text.lower()


@pytest.mark.parametrize("vp", list(VIEWPORTS))
@pytest.mark.parametrize("query", ["mika", "ka"])
def test_long_page_filter_draws_the_top_results_first(driver, vp, query):
    """12,000 entries on one page: the first frame after a keystroke shows matches from the top of the page (no entry
    that does not match, no undrawn list), the status says the rest is still being updated until it is, and then the
    count agrees with what is on the page."""
    d = open_page(driver, LONG, vp)
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return performance.getEntriesByName('indexsite-filter-index').length"))
    total = header_count(d)
    frames = d.execute_async_script(FIRST_FRAMES, query)
    first, second = frames["first"], frames["second"]
    # the first frame: only matches on screen (a list that moved into view may be drawn a frame later)
    assert all(query in fold(text) for text in first["onScreen"]), first["onScreen"]
    if not first["complete"]:
        assert first["status"].startswith("Filtering\u2026"), first["status"]
    # the frame after: the screen is full of matches, and that is when the theme measures its first screen
    assert second["measured"], frames
    assert second["onScreen"] and second["blank"] == 0, f"lists on screen left undrawn: {frames}"
    assert all(query in fold(text) for text in second["onScreen"]), second["onScreen"]
    wait_complete(d)
    assert undrawn_lists_on_screen(d) == 0
    m = STATUS.match(status(d))
    assert m, status(d)
    assert number(m.group(2)) == total
    assert number(m.group(1)) == visible_entries(d)
    assert number(m.group(1)) == d.execute_script("""
      return Array.from(document.querySelectorAll('.list-main .entry')).filter(function (e) {
        return e.textContent.toLowerCase().indexOf(arguments[0]) >= 0; }).length;""".replace("arguments[0]", repr(query)))
    if vp in ("phone", "laptop"):
        shot(d, LONG, f"{vp}-filter-{query}")


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_long_page_typing_on_while_the_filter_works(driver, vp):
    """Keystrokes that come while the rest of the page is still being updated: the page ends up showing the last
    query's matches exactly, and a query that matches nothing, then clearing the box, bring every entry back."""
    d = open_page(driver, LONG, vp)
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return performance.getEntriesByName('indexsite-filter-index').length"))
    total = header_count(d)
    d.execute_script("""
      var input = document.getElementById('indexsite-filter');
      ['k', 'ka', 'kaz', 'kaze'].forEach(function (v) { input.value = v; input.dispatchEvent(new Event('input', {bubbles: true})); });""")
    wait_complete(d)
    assert status(d) == "131 entries of 12,000 match \u201ckaze\u201d."
    assert visible_entries(d) == 131
    d.execute_async_script(FIRST_FRAMES, "kazeqq")
    wait_complete(d)
    assert status(d) == "No entries match \u201ckazeqq\u201d."
    assert visible_entries(d) == 0
    assert all(d.execute_script("return Array.from(document.querySelectorAll('.list-main .section')).map(function (s) { return s.hidden; })"))
    second = d.execute_async_script(FIRST_FRAMES, "")["second"]
    assert second["onScreen"] and second["blank"] == 0, second
    wait_complete(d)
    assert status(d) == f"All {total:,} entries shown."
    assert visible_entries(d) == total


def test_long_page_costs_what_is_in_view():
    """What keeps a long page cheap to filter: entries are blocks, not list items (each list item shown or hidden made
    the browser renumber every one after it), a long section is several lists of at most 100 entries, each laid out
    only near the screen, and no :has() rule looks through the whole page (body:has(…) is searched again after every
    change to the page)."""
    page = (SITE / LONG).read_text(encoding="utf-8")
    runs = re.findall(r'<ul class="entries"( style="--entries: (\d+)")?>', page)
    assert len(runs) > 26 and all(int(n) <= 100 for _, n in runs if n)
    css = (SITE / "assets" / "indexsite.css").read_text(encoding="utf-8")
    rules = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    assert not re.search(r"(^|[\s,}])(html|body|:root)[^{,]*:has\(", rules, flags=re.M), "a :has() rule on the whole page"


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_long_page_lists_are_laid_out_near_the_screen_only(driver, vp):
    d = open_page(driver, LONG, vp)
    got = d.execute_script("""
      var e = document.querySelector('.list-main .entry'), runs = document.querySelectorAll('.section .entries');
      var drawn = Array.from(runs).filter(function (r) {
        return r.firstElementChild.checkVisibility({contentVisibilityAuto: true}); }).length;
      return {display: getComputedStyle(e).display, cv: getComputedStyle(runs[0]).contentVisibility,
              runs: runs.length, drawn: drawn};""")
    assert got["display"] == "block"
    assert got["cv"] == "auto"
    assert 0 < got["drawn"] <= 4 < got["runs"], got


# --------------------------------------------------------------------------- phones: a strip that reads

def strip_glyphs(d):
    """The strip as it reads: for each title that is drawn (not dropped for a dot), its visible text, "" when it
    shows no text (a dot for a repeated letter, or a tick)."""
    return d.execute_script("""
      return Array.from(document.querySelectorAll('.index-strip-list > li:not(.strip-dot):not(.is-dropped)')).map(function (li) {
        var el = li.firstElementChild, cs = getComputedStyle(el);
        return parseFloat(cs.fontSize) > 0 && cs.visibility === 'visible' ? el.textContent.trim() : '';
      });""")


def letter_key(letter):
    import unicodedata
    return unicodedata.normalize("NFD", letter)[0].casefold()


@pytest.mark.parametrize("vp", NARROW)
@pytest.mark.parametrize("page", CATEGORY_LISTS + ["names/index.html", "words/index.html"])
def test_strip_letters_read_in_alphabetical_order(driver, page, vp):
    """Letters down a phone's edge read A to Z. A list of categories in an order of its own (awesome-go's headings:
    its first letters read "A C M D I E J U") shows ticks instead, no letters."""
    d = open_page(driver, page, vp)
    glyphs = strip_glyphs(d)
    letters = [g for g in glyphs if len(g) == 1 and g != "#"]
    assert [letter_key(g) for g in letters] == sorted(letter_key(g) for g in letters), letters
    ticks = d.execute_script("return document.querySelector('.index-strip').classList.contains('is-ticks')")
    assert ticks == (page == "awesome-go/index.html")
    if ticks:
        assert not any(glyphs), f"letters shown on a strip of ticks: {[g for g in glyphs if g]}"


@pytest.mark.parametrize("vp", NARROW)
def test_strip_of_ticks_reads_as_a_ruler(driver, vp):
    """awesome-go on a phone: the level that fits (issue 41), every drawn tick a 24 px touch target: top-level sections
    (every n-th when they do not all fit), and sub-sections only under the section in view; the section in view is
    marked by a longer bar in the accent colour; every tick is a link named by its full title."""
    page = "awesome-go/index.html"
    d = open_page(driver, page, vp)
    titles = [unescape(a["title"]) for a in section_titles(page)]
    d.execute_script("document.querySelectorAll('.section-nav a')[40].click()")
    settle(d)
    time.sleep(0.2)
    info = d.execute_script("""
      var lis = Array.from(document.querySelectorAll('.index-strip-list > li')), top = null;
      return lis.map(function (li) {
        if (!li.hasAttribute('data-level')) top = li;
        var el = li.firstElementChild, tick = getComputedStyle(el, '::before'), r = li.getBoundingClientRect();
        return {title: el.getAttribute('aria-label') || el.getAttribute('title'), sub: li.hasAttribute('data-level'),
                width: r.height ? parseFloat(tick.width) || 0 : 0, color: tick.backgroundColor, mid: r.top + r.height / 2,
                height: r.height, current: el.getAttribute('aria-current') === 'true', top: top && top.firstElementChild.getAttribute('title')};
      });""")
    assert [i["title"] for i in info] == titles
    avail = d.execute_script("var s = document.querySelector('.index-strip'); return s.clientHeight")
    drawn = [i for i in info if i["width"] > 0 and not i["current"]]
    assert len(drawn) >= min(len([i for i in info if not i["sub"]]), avail // 24) - 3, f"{len(drawn)} ticks drawn"
    assert all(i["height"] >= 24 - 0.5 for i in info if i["height"]), "a tick smaller than a 24 px touch target"
    current = [i for i in info if i["current"]]
    open_top = current[0]["top"] if current else None
    assert all(not i["sub"] or i["top"] == open_top for i in drawn), "a sub-section of another section has a tick"
    gaps = [b["mid"] - a["mid"] for a, b in zip(drawn, drawn[1:])]
    assert min(gaps) >= 23.5, f"ticks {min(gaps)} px apart"
    current = [i for i in info if i["current"]]
    assert len(current) == 1 and current[0]["width"] > max(i["width"] for i in drawn)
    assert current[0]["color"] != drawn[0]["color"]
    shot(d, page, vp + "-ticks-current")


@pytest.mark.parametrize("vp", NARROW)
def test_one_scrub_reaches_every_section_by_its_whole_title(driver, vp):
    """Dragging a finger down the strip of ticks once passes every one of awesome-go's sections, in page order, the
    bubble naming each in full; lifting the finger leaves the page at the section the bubble last named."""
    page = "awesome-go/index.html"
    d = open_page(driver, page, vp)
    titles = [unescape(a["title"]) for a in section_titles(page) if a.get("href")]
    x, top, bottom = d.execute_script(
        "var r = document.querySelector('.index-strip-list').getBoundingClientRect(); return [r.left + r.width / 2, r.top, r.bottom];")
    touch = lambda kind, y: d.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})
    seen, y = [], top + 0.5
    touch("touchStart", y)
    while y < bottom - 0.5:
        y += 1
        touch("touchMove", y)
        hud = d.execute_script("return document.querySelector('.strip-hud').textContent")
        if not seen or seen[-1] != hud:
            seen.append(hud)
    touch("touchEnd", y)
    settle(d)
    time.sleep(0.1)
    assert seen == titles, f"missed {[t for t in titles if t not in seen][:5]}"
    last = d.execute_script("return decodeURIComponent(location.hash).slice(1)")
    assert d.execute_script("return document.getElementById(arguments[0]).textContent", last) == titles[-1]
    assert abs(heading_top(d, last) - chrome_bottom(d)) <= 2


# --------------------------------------------------------------------------- a section cut into pages (page_size)

def paged_section_page():
    """A later page of a section of the split list longer than page_size (1,000): words/k/2/index.html or the like."""
    found = sorted((SITE / "words").glob("*/2/index.html"))
    assert found, "the words list has no section longer than page_size: make_reader_site.py should write one"
    return found[0].relative_to(SITE).as_posix()


def displayed(d, selector):
    return [e.is_displayed() for e in d.find_elements(By.CSS_SELECTOR, selector)]


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_paged_section_gives_way_to_whole_list_results(driver, vp):
    """While the whole-list search shows results, neither pager stays above or below them (they lead from this page,
    not from the results); clearing the box brings the page back as it was."""
    page = paged_section_page()
    d = open_page(driver, page, vp)
    assert displayed(d, ".section-part") == [True] and displayed(d, ".section-pager") == [True]
    box = type_into_filter(d, "quokka")
    WebDriverWait(d, 20).until(lambda d: "match" in status(d))
    assert displayed(d, ".search-results") == [True]
    for selector in (".sections", ".section-part", ".section-pager"):
        assert displayed(d, selector) == [False], f"{selector} shown beside the search results"
    shot(d, page, vp + "-paged-search")
    box.send_keys("\ue00c")   # Escape clears the search
    WebDriverWait(d, 20).until(lambda d: displayed(d, ".section-part") == [True])
    assert displayed(d, ".sections") == [True] and displayed(d, ".section-pager") == [True]
    assert displayed(d, ".search-results") == [False]


@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_pager_links_are_24px_touch_targets(driver, vp):
    """Every link of the page numbers and of the neighbouring pages is at least 24x24 CSS px (WCAG 2.2, 2.5.8)."""
    page = paged_section_page()
    d = open_page(driver, page, vp)
    sizes = d.execute_script("""
      return Array.prototype.map.call(document.querySelectorAll('.section-part a, .section-pager a'), function (a) {
        var r = a.getBoundingClientRect(); return [a.textContent.trim(), r.width, r.height]; });""")
    numbers = d.find_elements(By.CSS_SELECTOR, ".section-part-pages a")
    assert len(numbers) >= 2 and len(sizes) >= len(numbers) + 2
    small = [s for s in sizes if s[1] < 24 or s[2] < 24]
    assert not small, f"links smaller than 24x24 px: {small}"
    shot(d, page, vp + "-pager")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("vp", ["phone", "laptop"])
def test_axe_finds_no_violation_on_a_paged_section(driver, vp, scheme):
    """axe-core (WCAG 2.2 target-size on) on a later page of a cut section, as it opens and with whole-list results."""
    from browser_support import axe_violations
    page = paged_section_page()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        d = open_page(driver, page, vp)
        found = [dict(v, state="opened") for v in axe_violations(d)]
        type_into_filter(d, "ka")
        WebDriverWait(d, 20).until(lambda d: "match" in status(d))
        found += [dict(v, state="searched") for v in axe_violations(d)]
        shot(d, page, f"{vp}-{scheme}-paged-axe")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    assert not found, "axe-core violations: " + "; ".join(f"{v['state']} {v['id']} ({v['impact']}): {v['nodes']}" for v in found)

