"""The Atom feeds a generated site's pages name (<link rel="alternate" type="application/atom+xml">), as the browser
finds them in each page's head: every one exists and feedparser reads it whole, every entry dated, newest first."""
import glob
import os
import re
from urllib.parse import unquote, urlparse

import feedparser

SITE_DIR = os.environ["SITE_DIR"]


def pages():
    return sorted(glob.glob(os.path.join(SITE_DIR, "**", "index.html"), recursive=True))


def test_every_named_feed_exists_and_parses(driver):
    named = {}
    for page in pages():
        driver.get("file://" + page)
        for link in driver.find_elements("css selector", 'link[rel="alternate"][type="application/atom+xml"]'):
            href = link.get_attribute("href")  # the browser resolves it against the page
            assert href.startswith("file://"), f"{page}: {href} is not a file of the site"
            named.setdefault(unquote(urlparse(href).path), page)
    if not glob.glob(os.path.join(SITE_DIR, "**", "feed.xml"), recursive=True):
        assert not named, "pages name feeds the site does not have"
        return
    assert named, "the site has feeds but no page names them"
    for path, page in named.items():
        assert os.path.isfile(path), f"{page} names {path}, which does not exist"
        with open(path, "rb") as file:
            data = file.read()
        feed = feedparser.parse(data)
        assert not feed.bozo, f"{path}: {feed.get('bozo_exception')}"
        assert feed.version == "atom10"
        assert len(feed.entries) == len(re.findall(rb"<entry[ >]", data)), f"{path}: feedparser lost entries"
        assert feed.entries, f"{path} is empty"
        published = [entry.published_parsed for entry in feed.entries]
        assert all(published), f"{path}: an entry without a date"
        assert published == sorted(published, reverse=True), f"{path}: not newest first"
        assert all(entry.get("link") and entry.get("id") and entry.get("title") for entry in feed.entries)
        assert len({entry.id for entry in feed.entries}) == len(feed.entries), f"{path}: ids repeat"
