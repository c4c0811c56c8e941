"""404.html without a base URL, as a static host serves it: at any missing address, under a sub-path.

Builds a one-list site with $INDEXSITE_BIN (no base_url), publishes it at /project/ of a server on 127.0.0.1 that
answers every missing path below /project/ with /project/404.html and status 404, as GitHub Pages does for a project
site, and opens missing addresses at several depths: the page must be styled and its links must land on the site.
"""
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

import pytest
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("INDEXSITE_BIN", REPO / ".build" / "debug" / "indexsite"))
SHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", REPO / ".build" / "browser-screenshots"))


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files; a missing path under /project/ gets /project/404.html with status 404."""

    def log_message(self, *args):
        pass

    def send_head(self):
        path = pathlib.Path(self.translate_path(self.path))
        if self.path.startswith("/project/") and not path.exists():
            body = (pathlib.Path(self.directory) / "project" / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return _Body(body)
        return super().send_head()


class _Body:
    def __init__(self, data):
        self.data = data

    def read(self, *args):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


@pytest.fixture(scope="module")
def pages_server():
    assert BINARY.is_file(), f"{BINARY} is missing: build it first (swift build)"
    folder = pathlib.Path(tempfile.mkdtemp(prefix="indexsite-404-"))
    site = folder / "source"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "tools.md").write_text("# Tools\n\n## Editors\n\n- [Ed](https://example.org/ed) - The editor.\n")
    subprocess.run([str(BINARY), "build", str(site), "--output", str(folder / "web" / "project"), "--quiet"], check=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesHandler, directory=str(folder / "web")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("missing", ["/project/missing", "/project/a/b/c/missing", "/project/tools/gone.html"])
def test_a_missing_page_is_styled_and_its_links_land(driver, pages_server, missing):
    driver.set_window_size(390, 844)
    driver.get(pages_server + missing)
    assert driver.find_element("css selector", "h1").text == "Page not found"
    # Styled: the theme's stylesheet is in the page, whatever the address.
    header_position = driver.execute_script("return getComputedStyle(document.querySelector('.site-header')).position")
    assert header_position == "sticky"
    # The links find the site's root (/project/) once the script has looked for it, and the theme's script runs.
    home = pages_server + "/project/index.html"
    WebDriverWait(driver, 10).until(lambda d: d.find_element("css selector", ".not-found a").get_attribute("href") == home)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
    assert driver.find_element("css selector", ".site-title").get_attribute("href") == pages_server + "/project/index.html"
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"not-found-{missing.strip('/').replace('/', '_')}.png"))
    driver.get(home)
    assert driver.find_element("css selector", ".site-title").text == "Tools"
    # The missing page itself and the root finder's probes are 404s the console logs; nothing else may be.
    errors = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "404" not in e.get("message", "")]
    assert not errors
