"""Theme hooks, shareable filter state, pictures and accessibility of the reader's page (issue 41), in headless Chromium.

Run with BROWSER_TESTS=test_theme.py Tests/Browser/run.sh --theme: it writes a small site (a favicon and pictures in
Static/, a footer and an edit link, a CSV of tools with pictures, tags and readings, a Markdown list with a heading
tree) into .build/, builds it with $INDEXSITE_BIN (default .build/debug/indexsite), and checks:

- the light/dark toggle follows the system until pressed, remembers the choice across a reload, and pressing back to
  the system's scheme forgets it; the page's colours follow;
- typing in the filter writes ?q= (replaced, not pushed) once the page is drawn again, or at once when a link is
  followed; opening that address filters again; Back to it restores it;
- an entry opened by its #id is tinted; a match in a sub-section keeps the headings above it; a tag or a reading the
  page does not show finds its entry;
- thumbnails load from Static/ with no layout shift (PerformanceObserver 'layout-shift');
- print shows outside links' addresses and lets sections break;
- axe-core 4.12 (shipped by the axe-playwright-python package) reports no violation of any impact on every page of the site,
  at 375x667 and 1280x800, light and dark, with the filter on.

Screenshots (390x844 and 1280x800, light and dark) go to $SCREENSHOT_DIR/theme.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import emulate, load, settle

REPO = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("INDEXSITE_BIN", REPO / ".build" / "debug" / "indexsite"))
SOURCE = REPO / ".build" / "browser-theme-source"
SITE = REPO / ".build" / "browser-theme-site"
SHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", REPO / ".build" / "browser-screenshots")) / "theme"

VIEWPORTS = {
    "phone": dict(width=375, height=667, mobile=True),
    "phone-390": dict(width=390, height=844, mobile=True),
    "desktop": dict(width=1280, height=800, mobile=False),
}

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
       '<rect width="64" height="64" rx="12" fill="{0}"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>')

TOOLS = [
    ("Anvil", "https://anvil.example/", "images/anvil.svg", "metal;forge", "あんびる"),
    ("Brush", "https://brush.example/", "images/brush.svg", "paint", "ぶらし"),
    ("Chisel", "https://chisel.example/", "images/chisel.svg", "wood;metal", "ちぜる"),
    ("Drill", "https://drill.example/", "", "power", "どりる"),
]


def axe_source():
    """axe-core's script (4.12), as the axe-playwright-python package ships it (installed without its dependencies by
    Scripts/browser-env.sh; only the script is used)."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec, "axe-playwright-python is not installed: run Scripts/browser-env.sh"
    return (pathlib.Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text(encoding="utf-8")


def write_site():
    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    (SOURCE / "Content").mkdir(parents=True)
    (SOURCE / "Static" / "images").mkdir(parents=True)
    (SOURCE / "Static" / "favicon.svg").write_text(SVG.format("#0a56c2"), encoding="utf-8")
    for colour, (title, *_rest) in zip(["#b33", "#3a3", "#a73"], TOOLS):
        (SOURCE / "Static" / "images" / f"{title.lower()}.svg").write_text(SVG.format(colour), encoding="utf-8")
    (SOURCE / "indexsite.yml").write_text("""title: Workshop
footer: "Text under [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/). Made by the workshop."
edit_url: https://github.com/example/workshop/edit/main/{path}
lists:
  - source: tools.json
    reading_field: kana
  - source: guide.md
""", encoding="utf-8")
    tools = [{"title": t, "url": u, "image": i, "tags": tags.split(";"), "kana": k, "description": f"The {t.lower()} of the workshop."}
             for t, u, i, tags, k in TOOLS]
    (SOURCE / "Content" / "tools.json").write_text(json.dumps(tools, ensure_ascii=False), encoding="utf-8")
    lines = ["# Guide", "", "A guide to the workshop, in a tree of headings.", ""]
    for part in ["Wood", "Metal", "Paint"]:
        lines += [f"## {part}", ""]
        for sub in ["Cutting", "Joining", "Finishing"]:
            lines += [f"### {part} {sub}", ""]
            for n in range(3):
                word = "quenching" if (part, sub, n) == ("Metal", "Finishing", 1) else f"step {n + 1}"
                lines.append(f"- [{part} {sub.lower()} {word}](https://guide.example/{part.lower()}/{sub.lower()}/{n}) - how to {sub.lower()} {part.lower()}.")
            lines.append("")
    (SOURCE / "Content" / "guide.md").write_text("\n".join(lines), encoding="utf-8")
    if SITE.exists():
        shutil.rmtree(SITE)
    subprocess.run([str(BIN), "build", str(SOURCE), "--output", str(SITE), "--quiet"], check=True)


write_site()
PAGES = sorted(str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if p.name != "404.html")


def set_media(d, media="", **features):
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": media, "features": [{"name": k.replace("_", "-"), "value": v} for k, v in features.items()]})


def open_page(d, page, vp="desktop", scheme="light", query=""):
    v = VIEWPORTS[vp]
    emulate(d, v["width"], v["height"], v["mobile"])
    set_media(d, "", prefers_color_scheme=scheme)
    return load(d, (SITE / page).as_uri() + query)


def forget_theme(d):
    d.execute_script("try { localStorage.removeItem('indexsite-theme'); } catch (e) {}")


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"{name}.png"))


def background(d):
    return d.execute_script("return getComputedStyle(document.body).backgroundColor")


def type_filter(d, text):
    d.execute_script("""
      var i = document.querySelector('.filter input'); i.focus(); i.value = arguments[0];
      i.dispatchEvent(new Event('input', { bubbles: true }));""", text)
    settle(d)


# --------------------------------------------------------------------------- theme hooks

def test_favicon_footer_and_edit_link(driver):
    d = open_page(driver, "tools/index.html")
    icon = d.execute_script("var l = document.querySelector('link[rel=icon]'); return l && l.href")
    assert icon.endswith("/favicon.svg") and d.execute_script(
        "return fetch(arguments[0]).then(function (r) { return r.ok; }, function () { return 'file'; })", icon) in (True, "file")
    footer = d.execute_script("""var f = document.querySelector('footer.site-footer');
      return f && {text: f.textContent, edit: (f.querySelector('.site-footer-edit a') || {}).href}""")
    assert "CC BY 4.0" in footer["text"]
    assert footer["edit"] == "https://github.com/example/workshop/edit/main/Content/tools.json"


def test_theme_toggle_remembers_the_choice(driver):
    d = open_page(driver, "index.html", scheme="light")
    forget_theme(d)
    d = open_page(driver, "index.html", scheme="light")
    light = background(d)
    button = d.find_element("css selector", ".theme-toggle")
    assert button.is_displayed() and button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    dark = background(d)
    assert dark != light
    assert d.execute_script("return localStorage.getItem('indexsite-theme')") == "dark"
    # remembered on another page, before the script runs (no flash): the head's line applies it
    d = open_page(driver, "tools/index.html", scheme="light")
    assert d.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark"
    assert background(d) == dark
    shot(d, "tools-desktop-dark-chosen")
    # pressed back to the system's scheme: forgotten
    d.find_element("css selector", ".theme-toggle").click()
    assert d.execute_script("return localStorage.getItem('indexsite-theme')") is None
    assert background(d) == light
    # with a dark system, dark without any choice
    d = open_page(driver, "index.html", scheme="dark")
    assert d.find_element("css selector", ".theme-toggle").get_attribute("aria-pressed") == "true"
    assert background(d) == dark


def test_print_shows_link_addresses_and_lets_sections_break(driver):
    d = open_page(driver, "guide/index.html")
    set_media(d, "print")
    try:
        st = d.execute_script("""
          var a = document.querySelector('.entry-title a[href^="http"]');
          return {after: getComputedStyle(a, '::after').content, href: a.getAttribute('href'),
                  section: getComputedStyle(document.querySelector('.section')).breakInside,
                  entry: getComputedStyle(document.querySelector('.entry')).breakInside,
                  toggle: getComputedStyle(document.querySelector('.theme-toggle')).display}""")
        assert st["href"] in st["after"], st
        assert st["section"] == "auto" and st["entry"] == "avoid", st
        assert st["toggle"] == "none"
    finally:
        set_media(d, "")


# --------------------------------------------------------------------------- shareable state

def test_query_goes_to_the_address_and_comes_back(driver):
    d = open_page(driver, "tools/index.html")
    length = d.execute_script("return history.length")
    type_filter(d, "chis")
    type_filter(d, "chisel")
    assert d.execute_script("return new URLSearchParams(location.search).get('q')") == "chisel"
    assert d.execute_script("return history.length") == length, "typing must replace the address, not push"
    shown = d.execute_script("return Array.from(document.querySelectorAll('.entry:not([hidden])')).map(function (e) { return e.id; })")
    assert shown == ["chisel"]
    url = d.current_url
    # opened again: filtered again
    d = open_page(driver, "tools/index.html", query="?q=chisel")
    assert d.execute_script("return document.querySelector('.filter input').value") == "chisel"
    assert d.execute_script("return document.querySelectorAll('.entry:not([hidden])').length") == 1
    # away and Back: restored
    d.get((SITE / "index.html").as_uri())
    d.back()
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    settle(d)
    assert d.current_url == url
    WebDriverWait(d, 5).until(lambda d: d.execute_script("return document.querySelectorAll('.entry:not([hidden])').length") == 1)
    # cleared: the address loses ?q=
    d.execute_script("""var i = document.querySelector('.filter input');
      i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));""")
    # written once the page is drawn again (changing the address costs a walk over the whole page)
    WebDriverWait(d, 5).until(lambda d: d.execute_script("return location.search") == "")


def test_following_a_link_at_once_keeps_the_query_for_back(driver):
    # The address is written once the page is drawn again; a link followed before then writes it first.
    d = open_page(driver, "tools/index.html")
    d.execute_script("""var i = document.querySelector('.filter input'); i.focus(); i.value = 'chisel';
      i.dispatchEvent(new Event('input', { bubbles: true }));
      document.querySelector('.site-title').click();""")
    WebDriverWait(d, 10).until(lambda d: not d.execute_script("return location.pathname").endswith("tools/index.html"))
    d.back()
    WebDriverWait(d, 10).until(lambda d: d.execute_script("return location.pathname").endswith("tools/index.html"))
    assert d.execute_script("return new URLSearchParams(location.search).get('q')") == "chisel"


def test_hidden_words_find_their_entry(driver):
    d = open_page(driver, "tools/index.html")
    type_filter(d, "forge")          # a tag, in no text of the page
    assert d.execute_script("return Array.from(document.querySelectorAll('.entry:not([hidden])')).map(function (e) { return e.id; })") == ["anvil"]
    type_filter(d, "ぶらし")          # a reading
    assert d.execute_script("return Array.from(document.querySelectorAll('.entry:not([hidden])')).map(function (e) { return e.id; })") == ["brush"]
    type_filter(d, "ブラシ")          # katakana finds the hiragana reading, as the collator folds it
    assert d.execute_script("return document.querySelectorAll('.entry:not([hidden])').length") == 1


def test_a_match_keeps_the_headings_above_it(driver):
    d = open_page(driver, "guide/index.html", vp="phone")
    type_filter(d, "quenching")
    shown = d.execute_script("""return Array.from(document.querySelectorAll('.section:not([hidden]) > .section-header'))
        .filter(function (h) { return h.getBoundingClientRect().height > 0; }).map(function (h) { return h.textContent; })""")
    assert shown == ["Metal", "Metal Finishing"], shown
    shot(d, "guide-phone-filtered")


def test_the_landed_entry_is_marked(driver):
    d = open_page(driver, "tools/index.html", query="#chisel")
    marks = d.execute_script("""return Array.from(document.querySelectorAll('.entry')).map(function (e) {
        return [e.id, getComputedStyle(e).backgroundColor]; })""")
    colours = dict(marks)
    assert colours["chisel"] != colours["anvil"], marks
    shot(d, "tools-desktop-landed")
    # a jump in the page moves the mark
    d.execute_script("location.hash = '#brush'")
    settle(d)
    assert d.execute_script("return document.querySelector('.entry.is-landed').id") == "brush"


# --------------------------------------------------------------------------- pictures

def test_thumbnails_load_without_layout_shift(driver):
    d = open_page(driver, "tools/index.html", vp="phone")
    d.execute_script("""window.__shift = 0; new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) { if (!e.hadRecentInput) window.__shift += e.value; });
      }).observe({ type: 'layout-shift', buffered: true });""")
    settle(d)
    imgs = d.execute_script("""return Array.from(document.querySelectorAll('img.entry-thumb')).map(function (i) {
        var r = i.getBoundingClientRect();
        return {alt: i.alt, w: i.getAttribute('width'), h: i.getAttribute('height'), loading: i.loading,
                rw: r.width, rh: r.height, done: i.complete && i.naturalWidth > 0}; })""")
    assert sorted(i["alt"] for i in imgs) == ["Anvil", "Brush", "Chisel"]
    assert all(i["w"] == "48" and i["h"] == "48" and i["loading"] == "lazy" and i["rw"] == 48 and i["rh"] == 48 for i in imgs), imgs
    assert all(i["done"] for i in imgs), imgs
    assert d.execute_script("return window.__shift") == 0
    shot(d, "tools-phone-thumbnails")


# --------------------------------------------------------------------------- screenshots and axe

@pytest.mark.parametrize("vp", ["phone-390", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots(driver, vp, scheme):
    for page in ["index.html", "tools/index.html", "guide/index.html"]:
        d = open_page(driver, page, vp=vp, scheme=scheme)
        shot(d, re.sub(r"[^a-z0-9]+", "-", page.removesuffix(".html")) + f"-{vp}-{scheme}")


@pytest.mark.parametrize("vp", ["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation(driver, vp, scheme):
    axe = axe_source()
    found = []
    for page in PAGES:
        d = open_page(driver, page, vp=vp, scheme=scheme)
        if d.execute_script("return !!document.querySelector('.filter input')"):
            type_filter(d, "e")
        if d.execute_script("return !!document.getElementById('indexsite-site-search')"):
            # the home page's search over every list, with its results shown
            WebDriverWait(d, 20).until(lambda d: d.execute_script(
                "return !document.querySelector('.site-search-results').hidden"))
            settle(d)
        d.execute_script(axe)
        result = d.execute_async_script("""var done = arguments[arguments.length - 1];
          axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } }).then(function (r) {
            done(r.violations.map(function (v) {
              return { id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map(function (n) { return n.target.join(' '); }),
                       count: v.nodes.length }; }));
          }, function (e) { done([{ id: 'axe-error', impact: String(e), nodes: [], count: 0 }]); });""")
        found += [dict(v, page=page) for v in result]
    assert not found, "axe-core violations:\n" + "\n".join(json.dumps(v, ensure_ascii=False) for v in found)
