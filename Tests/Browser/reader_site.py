"""The reader's test site (sites/make_reader_site.py, built by run.sh --reader into READER_SITE_DIR) and how its
tests open a page of it at a viewport: shared by test_reader.py and test_reader_axe.py."""
import os
import pathlib
import re

from browser_support import emulate, load

REPO = pathlib.Path(__file__).resolve().parents[2]
SITE = pathlib.Path(os.environ.get("READER_SITE_DIR", REPO / ".build" / "browser-reader-site")).resolve()
SHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", REPO / ".build" / "browser-screenshots")) / "reader"

if not SITE.is_dir():
    raise SystemExit(f"READER_SITE_DIR {SITE} is not a folder (run Tests/Browser/run.sh --reader)")

VIEWPORTS = {
    "phone": dict(width=375, height=667, mobile=True),
    "landscape": dict(width=667, height=375, mobile=True),
    "laptop": dict(width=1280, height=800, mobile=False),
    "wide": dict(width=1920, height=1080, mobile=False),
}


def open_page(d, page, vp, touch=None):
    v = VIEWPORTS[vp]
    emulate(d, v["width"], v["height"], v["mobile"], touch)
    return load(d, (SITE / page).as_uri())


def shot(d, page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9]+", "-", page.removesuffix(".html")).strip("-")
    d.save_screenshot(str(SHOTS / f"{stem}--{name}.png"))
