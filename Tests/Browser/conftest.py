"""Shared set-up of the browser tests: one headless Chromium (Debian's, through chromedriver) for the whole run, and a
check after every test that the page logged no console error or uncaught exception."""
import os

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


@pytest.fixture(scope="session")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--allow-file-access-from-files", "--lang=en-US"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.set_page_load_timeout(120)
    d.set_script_timeout(60)
    yield d
    d.quit()


@pytest.fixture(autouse=True)
def no_console_errors(driver):
    """Every test fails if the page logged a console error or threw."""
    driver.get_log("browser")  # drain what earlier tests left
    yield
    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    assert not errors, "console errors: " + "; ".join(e.get("message", "") for e in errors)
