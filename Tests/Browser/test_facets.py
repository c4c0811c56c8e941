"""Facet chips (issue 41, item 4) in headless Chromium.

Run with Tests/Browser/run.sh --facets: it writes a small directory of tools (language, license, platforms cut by
values_separator, tags with more values than the bar shows at once) into .build/, builds it with $INDEXSITE_BIN
(default .build/debug/indexsite), and checks:

- the chips become toggle buttons (aria-pressed); values of one field widen each other (any), fields narrow each
  other (all), and both narrow the filter box's matches; sections left empty are hidden and greyed in the strip;
- the counts follow what is still reachable;
- the pressed values go to the address (?language=Go&language=Rust), one history step per press: Back undoes a
  press, and opening such an address presses them again;
- a chip under "More" can be pressed; chips are at least 24x24 px and show a focus ring;
- with the script off the chips are links to each value's page, which lists only that value's entries;
- on a phone the bar starts folded, so the first entries are on the first screen;
- axe-core reports no violation on the list page (chips pressed, text typed) and on a value's page, at 375x667 and
  1280x800, light and dark.

Screenshots (390x844 and 1280x800) go to $SCREENSHOT_DIR/facets.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import axe_violations, emulate, load, settle

REPO = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("INDEXSITE_BIN", REPO / ".build" / "debug" / "indexsite"))
SOURCE = REPO / ".build" / "browser-facets-source"
SITE = REPO / ".build" / "browser-facets-site"
SHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", REPO / ".build" / "browser-screenshots")) / "facets"

VIEWPORTS = {
    "phone": dict(width=375, height=667, mobile=True),
    "phone-390": dict(width=390, height=844, mobile=True),
    "desktop": dict(width=1280, height=800, mobile=False),
}

# name, language, license, platforms, tags
TOOLS = [
    ("Anvil", "Go", "MIT", "linux, macos", "cli;build"),
    ("Bellows", "Rust", "MIT", "linux", "cli;net"),
    ("Caliper", "Go", "Apache-2.0", "windows", "test"),
    ("Dowel", "C", "MIT", "linux, windows", "db"),
    ("Escapement", "Rust", "Apache-2.0", "macos", "time"),
    ("File", "Go", "BSD-3-Clause", "linux", "text"),
    ("Gouge", "Python", "MIT", "", "ml"),
    ("Hacksaw", "Rust", "GPL-3.0", "linux, windows, macos", "cli;web"),
    ("Iron", "Go", "MIT", "linux", "web"),
    ("Jig", "Python", "Apache-2.0", "windows", "docs"),
    ("Kiln", "", "MIT", "linux", "graphics"),
    ("Lathe", "C", "GPL-3.0", "linux", "audio"),
]


# A longer list (1,200 parts under A-H, every third a gear): the matches are drawn a screen at a time.
PART_COUNT = 1200
PART_KINDS = ["bolt", "nut", "gear"]
PART_WORDS = ["Axle", "Bolt", "Cog", "Dowel", "Eyelet", "Flange", "Grommet", "Hinge"]


def write_site():
    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    (SOURCE / "Content").mkdir(parents=True)
    (SOURCE / "indexsite.yml").write_text("""title: Workshop
base_url: https://workshop.example/
lists:
  - source: tools.csv
    title_field: name
    facets: [language, license, platforms, tags]
    values_separator: {platforms: ",", tags: ";"}
    fields: [language, license]
  - source: parts.csv
    title: Parts
    facets: [kind]
    fields: [kind]
    page_size: 100
""", encoding="utf-8")
    rows = ["title,kind,description"]
    for i in range(PART_COUNT):
        kind = PART_KINDS[i % 3]
        rows.append(f"{PART_WORDS[i % 8]} {i:04d},{kind},The {kind} number {i}.")
    (SOURCE / "Content" / "parts.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    rows = ["name,language,license,platforms,tags,description"]
    for name, language, licence, platforms, tags in TOOLS:
        rows.append(f'{name},{language},{licence},"{platforms}",{tags},The {name.lower()} of the workshop.')
    (SOURCE / "Content" / "tools.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    if SITE.exists():
        shutil.rmtree(SITE)
    subprocess.run([str(BIN), "build", str(SOURCE), "--output", str(SITE), "--quiet"], check=True)


write_site()
LIST = "tools/index.html"


def open_page(d, page, vp="desktop", scheme="light", query="", script=True):
    v = VIEWPORTS[vp]
    emulate(d, v["width"], v["height"], v["mobile"])
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not script})
    return load(d, (SITE / page).as_uri() + query, script=script)


@pytest.fixture(autouse=True)
def script_back_on(driver):
    yield
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"{name}.png"))


def chip(d, field, value):
    return d.execute_script("""
      var all = document.querySelectorAll('.facet[data-facet="' + arguments[0] + '"] .facet-chip');
      for (var i = 0; i < all.length; i++) if (all[i].querySelector('.facet-chip-label').textContent === arguments[1]) return all[i];
      return null;""", field, value)


def press(d, field, value):
    button = chip(d, field, value)
    assert button is not None, f"no chip {field}={value}"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    settle(d)


def shown(d):
    """The titles of the entries a reader sees (neither the entry nor a box around it hidden, by display or by
    content-visibility: a hidden list keeps its boxes), in page order."""
    return d.execute_script("""
      return Array.prototype.filter.call(document.querySelectorAll('.entry'), function (e) { return e.checkVisibility(); })
        .map(function (e) { return e.querySelector('.entry-title').textContent.trim(); });""")


def shown_headings(d):
    """The section headings a reader sees."""
    return d.execute_script("""
      return Array.prototype.filter.call(document.querySelectorAll('.section-header'), function (h) { return h.checkVisibility(); })
        .map(function (h) { return h.textContent.trim(); });""")


def counts(d, field):
    return d.execute_script("""
      var out = {};
      document.querySelectorAll('.facet[data-facet="' + arguments[0] + '"] .facet-chip').forEach(function (b) {
        out[b.querySelector('.facet-chip-label').textContent] = b.querySelector('.facet-chip-count').textContent; });
      return out;""", field)


def search(d):
    return d.execute_script("return decodeURIComponent(location.search)")


def type_filter(d, text):
    d.execute_script("""
      var i = document.querySelector('.filter input'); i.focus(); i.value = arguments[0];
      i.dispatchEvent(new Event('input', { bubbles: true }));""", text)
    settle(d)


def names(*wanted):
    return sorted(wanted)


def test_chips_are_toggles_or_within_a_field_and_across_fields(driver):
    d = open_page(driver, LIST)
    buttons = d.find_elements(By.CSS_SELECTOR, ".facet button.facet-chip")
    assert buttons and all(b.get_attribute("aria-pressed") == "false" for b in buttons)
    assert not d.find_elements(By.CSS_SELECTOR, ".facet a.facet-chip"), "links left where toggles belong"
    assert counts(d, "language") == {"Go": "(4)", "Rust": "(3)", "C": "(2)", "Python": "(2)"}
    assert len(shown(d)) == len(TOOLS)

    press(d, "language", "Go")
    assert chip(d, "language", "Go").get_attribute("aria-pressed") == "true"
    assert sorted(shown(d)) == names("Anvil", "Caliper", "File", "Iron")
    assert search(d) == "?language=Go"
    # the licence counts are now over Go's tools; the other languages still count what pressing them would add
    assert counts(d, "license") == {"MIT": "(2)", "Apache-2.0": "(1)", "BSD-3-Clause": "(1)", "GPL-3.0": "(0)"}
    assert counts(d, "language")["Rust"] == "(3)"
    assert "is-unreachable" in chip(d, "license", "GPL-3.0").get_attribute("class")

    press(d, "language", "Rust")   # OR within a field
    assert sorted(shown(d)) == names("Anvil", "Bellows", "Caliper", "Escapement", "File", "Hacksaw", "Iron")
    press(d, "license", "MIT")     # AND across fields
    assert sorted(shown(d)) == names("Anvil", "Bellows", "Iron")
    # each field counts over what the other fields leave: languages over MIT, licences over Go or Rust
    assert counts(d, "language") == {"Go": "(2)", "Rust": "(1)", "C": "(1)", "Python": "(1)"}
    assert counts(d, "license") == {"MIT": "(3)", "Apache-2.0": "(2)", "BSD-3-Clause": "(1)", "GPL-3.0": "(1)"}
    assert counts(d, "platforms") == {"linux": "(3)", "macos": "(1)", "windows": "(0)"}
    assert search(d) == "?language=Go&language=Rust&license=MIT"
    status = d.find_element(By.CSS_SELECTOR, ".filter-status").text
    assert "3 entries of 12" in status and "Language: Go, Rust" in status and "License: MIT" in status, status

    type_filter(d, "bellows")      # with the text filter
    assert shown(d) == ["Bellows"]
    assert "q=bellows" in search(d) and "license=MIT" in search(d)
    type_filter(d, "")

    # sections emptied by the chips are not shown, and greyed in the strip
    headings = shown_headings(d)
    assert "C" not in headings and "A" in headings, headings
    assert d.execute_script("""var a = document.querySelector('.index-strip a[href="#c"]');
        return a && a.classList.contains('is-filtered-out') && a.getAttribute('aria-disabled') === 'true';""")
    shot(d, "pressed-desktop")

    # releasing every chip shows the whole list again, with the build's counts
    for field, value in [("license", "MIT"), ("language", "Rust"), ("language", "Go")]:
        press(d, field, value)
    assert len(shown(d)) == len(TOOLS)
    assert search(d) == ""
    assert counts(d, "language") == {"Go": "(4)", "Rust": "(3)", "C": "(2)", "Python": "(2)"}


def test_address_round_trip_and_back(driver):
    d = open_page(driver, LIST, query="?license=mit&language=Go")
    assert chip(d, "license", "MIT").get_attribute("aria-pressed") == "true"
    assert chip(d, "language", "Go").get_attribute("aria-pressed") == "true"
    assert sorted(shown(d)) == names("Anvil", "Iron")

    press(d, "platforms", "macos")
    assert shown(d) == ["Anvil"]
    d.back()
    settle(d)
    WebDriverWait(d, 5).until(lambda d: chip(d, "platforms", "macos").get_attribute("aria-pressed") == "false")
    assert sorted(shown(d)) == names("Anvil", "Iron")
    assert search(d) == "?license=mit&language=Go"
    d.forward()
    settle(d)
    WebDriverWait(d, 5).until(lambda d: chip(d, "platforms", "macos").get_attribute("aria-pressed") == "true")
    assert shown(d) == ["Anvil"]


def test_more_chips_targets_and_focus_ring(driver):
    d = open_page(driver, LIST)
    more = d.find_element(By.CSS_SELECTOR, '.facet[data-facet="tags"] details.facet-more')
    assert more.get_attribute("open") is None
    assert len(d.find_elements(By.CSS_SELECTOR, '.facet[data-facet="tags"] > .facet-chips .facet-chip')) == 8
    more.find_element(By.CSS_SELECTOR, "summary").click()
    settle(d)
    hidden_tag = more.find_elements(By.CSS_SELECTOR, ".facet-chip-label")[0].text
    press(d, "tags", hidden_tag)
    assert len(shown(d)) == 1
    sizes = d.execute_script("""return Array.prototype.map.call(document.querySelectorAll('.facet-chip, .facet-more-toggle, .facets-summary'),
        function (b) { var r = b.getBoundingClientRect(); return r.width && [r.width, r.height]; }).filter(Boolean);""")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    d.execute_script("document.activeElement.blur()")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    d.execute_script("arguments[0].focus()", chip(d, "language", "Go"))
    ActionChains(d).send_keys(Keys.SHIFT).perform()   # keyboard modality: :focus-visible
    d.execute_script("arguments[0].blur(); arguments[0].focus()", chip(d, "language", "Go"))
    ring = d.execute_script("var s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth];")
    assert ring[0] == "solid" and ring[1] == "2px", ring


def test_without_script_chips_are_links_to_value_pages(driver):
    d = open_page(driver, LIST, script=False)
    link = d.find_element(By.XPATH, '//div[@data-facet="license"]//a[.//span[text()="Apache-2.0"]]')
    assert link.get_attribute("href").endswith("tools/license/apache-2-0/index.html"), link.get_attribute("href")
    link.click()
    settle(d)
    assert d.current_url.endswith("tools/license/apache-2-0/index.html")
    assert d.find_element(By.CSS_SELECTOR, "h1").text == "License: Apache-2.0"
    assert sorted(shown(d)) == names("Caliper", "Escapement", "Jig")
    current = d.find_element(By.CSS_SELECTOR, 'a.facet-chip[aria-current="page"]')
    assert current.get_attribute("href").endswith("tools/index.html")
    sitemap = (SITE / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://workshop.example/tools/license/apache-2-0/</loc>" in sitemap


@pytest.mark.parametrize("vp", ["phone-390", "desktop"])
def test_screenshots_and_phone_layout(driver, vp):
    d = open_page(driver, LIST, vp=vp)
    if vp.startswith("phone"):
        assert d.execute_script("return !document.querySelector('.facets').open"), "the bar should start folded on a phone"
        top = d.execute_script("return document.querySelector('.entry').getBoundingClientRect().top")
        assert top < VIEWPORTS[vp]["height"] * 0.75, f"the first entry starts at {top}px"
    shot(d, f"list-{vp}")
    if vp.startswith("phone"):
        d.find_element(By.CSS_SELECTOR, ".facets-summary").click()
        settle(d)
        shot(d, f"list-{vp}-open")
    d = open_page(driver, LIST, vp=vp, query="?language=Rust&license=MIT")
    if vp.startswith("phone"):
        assert d.execute_script("return document.querySelector('.facets').open"), "pressed values open the bar"
    shot(d, f"pressed-{vp}")
    d = open_page(driver, "tools/language/go/index.html", vp=vp)
    if vp.startswith("phone"):
        assert d.execute_script("return !document.querySelector('.facets').open"), "a value's page folds the bar on a phone too"
    shot(d, f"value-page-{vp}")


@pytest.mark.parametrize("vp", ["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation(driver, vp, scheme):
    found = []
    for page, query in [(LIST, "?language=Go&tags=cli"), ("tools/license/mit/index.html", ""), ("tools/tags/audio/index.html", "")]:
        d = open_page(driver, page, vp=vp, scheme=scheme, query=query)
        if page == LIST:
            type_filter(d, "a")
            d.execute_script("document.querySelector('.facets').open = true; document.querySelectorAll('.facet-more').forEach(function (m) { m.open = true; })")
        found += [dict(v, page=page) for v in axe_violations(d)]
    assert not found, "axe-core violations:\n" + "\n".join(json.dumps(v, ensure_ascii=False) for v in found)


# --------------------------------------------------------------------------- results in the list's place

PARTS = "parts/index.html"


def drawn(d):
    return d.execute_script("return document.querySelectorAll('.filter-results .entry').length")


def test_results_are_drawn_a_screen_at_a_time_and_clearing_restores_the_list(driver):
    """A press hides the full list (one class) and draws the first matches in its place, under their sections'
    headings; scrolling draws the rest, in the list's order; releasing the chip puts every entry back where it was."""
    d = open_page(driver, PARTS)
    before = d.execute_script("return document.querySelector('.sections').innerHTML")
    gears = d.execute_script("""
      return Array.prototype.filter.call(document.querySelectorAll('.sections .entry'), function (e) {
        return e.textContent.indexOf('The gear number') >= 0; }).map(function (e) { return e.id; });""")
    assert len(gears) == PART_COUNT // 3
    press(d, "kind", "gear")
    status = d.find_element(By.CSS_SELECTOR, ".filter-status").text
    assert "400 entries of 1,200" in status, status
    assert d.execute_script("return document.querySelector('.sections').classList.contains('is-replaced')")
    first = drawn(d)
    assert 0 < first < len(gears), f"{first} of {len(gears)} drawn at once"
    # drawn by height: at least the screen is filled
    assert d.execute_script("return document.querySelector('.filter-results-more').getBoundingClientRect().top") \
        >= d.execute_script("return innerHeight")
    # the hidden list is out of reach: nothing in it takes focus (nor does find-in-page or a screen reader see it)
    assert d.execute_script("""
      var entry = document.querySelector('.sections.is-replaced .entry');
      entry.tabIndex = 0;   // focusable, as a link would be
      entry.focus();
      var reached = document.activeElement === entry;
      entry.removeAttribute('tabindex');
      return !reached && !entry.checkVisibility();""")
    assert shown(d) == [t for t in shown(d) if t.endswith(tuple("0123456789"))] and len(shown(d)) == first
    for _ in range(40):
        if drawn(d) == len(gears):
            break
        d.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        settle(d)
    assert d.execute_script("return Array.prototype.map.call(document.querySelectorAll('.filter-results .entry'), function (e) { return e.id; })") == gears
    assert shown_headings(d) == ["A", "B", "C", "D", "E", "F", "G", "H"]
    shot(d, "parts-scrolled-desktop")

    press(d, "kind", "gear")   # released
    assert d.execute_script("return document.querySelector('.sections').innerHTML") == before, "the full list changed"
    assert drawn(d) == 0 and len(shown(d)) == PART_COUNT
    assert d.execute_script("return document.querySelector('.filter-results').hidden")
    assert not d.execute_script("return document.querySelector('.sections').classList.contains('is-replaced')")


@pytest.mark.parametrize("vp", ["phone-390", "desktop"])
def test_jumps_keys_and_the_landed_entry_among_results(driver, vp):
    """Among the results, a strip title past what is drawn lands its section's heading below the sticky header (and
    marks it current), a letter key jumps, an entry's address marks it landed, and the address keeps the chip."""
    d = open_page(driver, PARTS, vp=vp)
    if vp.startswith("phone"):
        d.find_element(By.CSS_SELECTOR, ".facets-summary").click()
        settle(d)
    press(d, "kind", "gear")
    assert search(d) == "?kind=gear"
    before = drawn(d)
    link = d.find_element(By.CSS_SELECTOR, '.index-strip a[href="#h"]')
    link.click()
    settle(d)
    assert drawn(d) > before, "the jump drew the results up to H"
    top = d.execute_script("""var h = document.querySelector('.filter-results .section:last-child .section-header');
      return [h.textContent, h.closest('.section').getBoundingClientRect().top,
              document.querySelector('.site-header').getBoundingClientRect().bottom];""")
    assert top[0] == "H" and abs(top[1] - top[2]) <= 2, top
    WebDriverWait(d, 5).until(lambda d: link.get_attribute("aria-current") == "true")
    shot(d, f"parts-jump-{vp}")

    d.execute_script("document.activeElement.blur()")
    d.find_element(By.TAG_NAME, "body").send_keys("c")
    settle(d)
    top = d.execute_script("""var hs = Array.prototype.filter.call(document.querySelectorAll('.filter-results .section-header'),
        function (h) { return h.textContent === 'C'; });
      return [hs.length, hs[0].closest('.section').getBoundingClientRect().top,
              document.querySelector('.site-header').getBoundingClientRect().bottom];""")
    assert top[0] == 1 and abs(top[1] - top[2]) <= 2, top

    target = d.execute_script("return document.querySelectorAll('.filter-results .entry')[5].id")
    d.execute_script("location.hash = '#' + arguments[0]", target)
    settle(d)
    landed = d.execute_script("""var e = document.getElementById(arguments[0]), r = e.getBoundingClientRect();
      return [e.classList.contains('is-landed'), !!e.closest('.filter-results'), r.top >= 0 && r.bottom <= innerHeight];""", target)
    assert landed == [True, True, True], landed
    assert "kind=gear" in search(d)
    shot(d, f"parts-landed-{vp}")


def test_a_paged_values_filter_leads_to_all_of_its_entries(driver):
    """A value's page cut into pages filters only itself; its link to every page (the list's page with the chip
    pressed) carries what was typed, and there the match on another page is found."""
    d = open_page(driver, "parts/kind/gear/2/index.html")
    type_filter(d, "0998")   # Grommet 0998, a gear on another page of the value
    assert shown(d) == []
    link = d.find_element(By.CSS_SELECTOR, ".section-part .facet-all-pages")
    assert link.text == "Search every page"
    link.click()
    WebDriverWait(d, 20).until(lambda d: d.execute_script("return location.pathname").endswith("parts/index.html"))
    settle(d)
    assert chip(d, "kind", "gear").get_attribute("aria-pressed") == "true"
    assert d.find_element(By.CSS_SELECTOR, ".filter input").get_attribute("value") == "0998"
    assert shown(d) == ["Grommet 0998"]
