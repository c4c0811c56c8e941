"""The headless Chromium the browser benchmarks (filter.py, facets.py) drive: Debian's chromium and chromedriver
(CHROMIUM, CHROMEDRIVER override them), a 1280x800 desktop viewport at one device pixel per CSS pixel."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def make_driver(script_timeout=120, file_access=False):
    """A new headless browser. `file_access`: pages from file:// may load other files (a split list's search index)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US"):
        options.add_argument(arg)
    if file_access:
        options.add_argument("--allow-file-access-from-files")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(300)
    driver.set_script_timeout(script_timeout)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    return driver
