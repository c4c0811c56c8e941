"""axe-core on every page kind of the reader's-page test site (real awesome-go, 50 and 5 categories, A-Z, a 20,000
entry list split by letter and cut into pages of 1,000), at phone and desktop size, light and dark: first as the page
loads, then with the filter on. WCAG 2.2's target-size rule included.

Long lists draw their runs of entries with `content-visibility: auto`: until a run is near the screen the browser
skips its layout, and positions read from it (as axe reads them to measure targets and the space between them) are
estimates in which runs overlap (on awesome-go, 987 false target-size findings at phone size). The part audited is laid
out first, as a reader scrolling sees it.

Every entry of a list is drawn by the same template, so the audit takes a sample: the page's chrome, strip, sidebar,
filter and pagers whole, and of the entries the first sections and the first entries of each run. Whole pages took
60-180 s each for axe on awesome-go (2,800 entries); the sample takes 13 s there.
Run by Tests/Browser/run.sh --reader.
"""
import json

import pytest

from browser_support import axe_violations, settle
from reader_site import SITE, open_page

SCHEMES = ["light", "dark"]
SIZES = ["phone", "laptop"]


def pages():
    """One page of each kind, found in the built site: the home page, each list's first page, a letter's page of the
    split list and a later page of a cut letter (words/x/2/), and the 404 page."""
    found = ["index.html", "404.html"]
    # The 12,000-entry page is left out: axe walks the whole document before it audits any part, and did not finish
    # in 120 s there. Its entries, strip and filter are the same templates as the split list's pages audited here.
    found += sorted(str(p.relative_to(SITE)) for p in SITE.glob("*/index.html") if p.parent.name != "long")
    found.append("words/b/index.html")
    later = sorted(SITE.glob("words/*/2/index.html"))
    assert later, "the split list has a letter cut into pages (page_size)"
    found.append(str(later[0].relative_to(SITE)))
    return found


PAGES = pages()
# The sample: the first six sections of a page, the first 30 entries of each run of entries (and of search results).
LEFT_OUT = [".sections > .section:nth-of-type(n+7)", ".entries > .entry:nth-child(n+31)",
            ".search-results > li:nth-child(n+31)"]


def in_scheme(d, scheme):
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def lay_out_the_sample(d):
    d.execute_script("""var s = document.createElement('style');
      s.textContent = '.sections > .section:nth-of-type(-n+6), .sections > .section:nth-of-type(-n+6) .entries'
        + ' { content-visibility: visible !important; }';
      document.head.appendChild(s);""")
    settle(d)


def audit(driver, page, vp, scheme, query=None):
    in_scheme(driver, scheme)
    d = open_page(driver, page, vp)
    if query is not None:
        if not d.execute_script("return !!document.querySelector('.filter input')"):
            return []
        d.execute_script("""var i = document.querySelector('.filter input'); i.focus(); i.value = arguments[0];
          i.dispatchEvent(new Event('input', { bubbles: true }));""", query)
        settle(d)
    lay_out_the_sample(d)
    return [dict(v, page=page, vp=vp, scheme=scheme) for v in axe_violations(d, LEFT_OUT)]


def report(found):
    return "axe-core violations:\n" + "\n".join(json.dumps(v, ensure_ascii=False) for v in found)


@pytest.mark.parametrize("vp", SIZES)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_page_as_loaded_has_no_violation(driver, vp, scheme):
    found = []
    for page in PAGES:
        found += audit(driver, page, vp, scheme)
    assert not found, report(found)


@pytest.mark.parametrize("vp", SIZES)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_page_with_the_filter_on_has_no_violation(driver, vp, scheme):
    found = []
    for page in PAGES:
        # "go" finds entries on every list (and, on the split list, runs the whole-list search)
        found += audit(driver, page, vp, scheme, query="go")
    assert not found, report(found)
