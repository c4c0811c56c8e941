"""Reads Atom feeds with feedparser, as a feed reader would, and prints what it found as JSON for the Swift tests
(Tests/IndexSiteTests/Render/AtomFeedTests.swift), which check every entry and date.

Usage: read_feeds.py FEED_FILE ADDRESS [FEED_FILE ADDRESS ...]   (ADDRESS: where the feed is served from, against
which feedparser resolves relative links, as a reader does with the feed's own address)
"""
import json
import sys
import time

import feedparser


def iso(parsed):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", parsed) if parsed else None


def read(path, address):
    with open(path, "rb") as file:
        data = file.read()
    feed = feedparser.parse(data, response_headers={"content-location": address, "content-type": "application/atom+xml"})
    return {
        "bozo": bool(feed.bozo),
        "problem": str(feed.get("bozo_exception", "")),
        "version": feed.version,
        "title": feed.feed.get("title"),
        "id": feed.feed.get("id"),
        "updated": iso(feed.feed.get("updated_parsed")),
        "links": [[link.get("rel"), link.get("type"), link.get("href")] for link in feed.feed.get("links", [])],
        "entries": [
            {
                "title": entry.get("title"),
                "link": entry.get("link"),
                "id": entry.get("id"),
                "published": iso(entry.get("published_parsed")),
                "updated": iso(entry.get("updated_parsed")),
                "summary": entry.get("summary"),
                "tags": [tag.get("term") for tag in entry.get("tags", [])],
            }
            for entry in feed.entries
        ],
    }


arguments = sys.argv[1:]
print(json.dumps({arguments[i]: read(arguments[i], arguments[i + 1]) for i in range(0, len(arguments), 2)}))
