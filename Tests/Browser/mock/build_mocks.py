#!/usr/bin/env python3
"""Render a mock site from the built-in templates (Templates/*.mustache) with
hand-written page contexts shaped exactly like the generator's (see the keys in
Tests/Browser/README.md). Used by the browser tests until, and besides, a real
generated site: the mocks always have exactly the structure the templates produce.

usage: build_mocks.py OUTPUT_DIR
needs: chevron (a spec-compliant Python Mustache renderer; run.sh installs it)
"""
import html
import pathlib
import shutil
import sys

import json

import chevron

REPO = pathlib.Path(__file__).resolve().parents[3]
TEMPLATES = REPO / "Templates"
SITE = {"title": "Mock Household", "lang": "en"}


def english_catalog():
    """The English page words (Templates/strings/en.yml): plain keys as text, plural keys as {category: text}."""
    catalog, key = {}, None
    for line in (TEMPLATES / "strings" / "en.yml").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, value = line.strip().partition(":")
        value = value.strip().strip('"')
        if line.startswith("  "):
            catalog[key][name] = value
        elif value:
            catalog[name] = value
        else:
            key = name
            catalog[key] = {}
    return catalog


CATALOG = english_catalog()
STRINGS = {k: v for k, v in CATALOG.items() if isinstance(v, str)}
# What the build gives the script (see Render/ScriptStrings.swift), for English: plural "one" for 1 only.
SCRIPT_DATA = json.dumps({
    "lang": "en", "filter_label": CATALOG["filter_label"], "filter_no_match": CATALOG["filter_no_match"],
    "filter_all_shown": {"o": CATALOG["filter_all_shown"]["one"], "x": CATALOG["filter_all_shown"]["other"]},
    "filter_matches": {"o": CATALOG["filter_matches"]["one"], "x": CATALOG["filter_matches"]["other"]},
    "plural": {"small": "xo" + "x" * 198, "cycle": "x" * 100, "exceptions": {}},
    "number": {"digits": "0123456789", "group": ",", "min": 4},
    "fold": {chr(c + 32): chr(c) for c in range(65, 91)},
}, ensure_ascii=False)


def counts(entries, sections):
    return f"{entries} {'entry' if entries == 1 else 'entries'} · {sections} {'section' if sections == 1 else 'sections'}"


def slug(s):
    out = []
    for ch in s.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-") or "x"


def partials():
    return {p.stem: p.read_text(encoding="utf-8") for p in TEMPLATES.glob("*.mustache")}


def render(name, ctx):
    ctx = dict(ctx, strings=dict(STRINGS, sections_of=STRINGS["sections_of"].replace("{list}", ctx.get("list", {}).get("title", ""))))
    return chevron.render(partials()[name], ctx, partials_dict=partials())


def entry(title, href="", desc="", fields=(), children=(), page_href="", used=None, body=""):
    eid = slug(title)
    if used is not None:
        base, n = eid, 2
        while eid in used:
            eid = f"{base}-{n}"
            n += 1
        used.add(eid)
    return {
        "id": eid,
        "title": title,
        "href": href,
        "page_href": page_href,
        "description_html": f"<p>{desc}</p>" if desc else "",
        "fields": [{"name": k, "value": v} for k, v in fields],
        "has_fields": bool(fields),
        "children": list(children),
        "has_children": bool(children),
        "body_html": body,
    }


def list_page(title, description_html, sections_spec, strip_spec=None):
    """sections_spec: [(id, title, label, [entries], description_html)];
    strip_spec: [(label, title, id or None)] in strip order (None = greyed)."""
    sections = []
    for sid, stitle, label, entries, sdesc in sections_spec:
        sections.append({
            "id": sid, "title": stitle, "label": label,
            "description_html": sdesc, "entry_count": len(entries),
            "entries": entries, "empty": not entries,
            # as the generator writes them: runs of at most 100 entries, each its own list when there are several
            "runs": [{"entries": entries[k:k + 100], "entry_count": len(entries[k:k + 100]), "long_section": len(entries) > 100}
                     for k in range(0, len(entries), 100)],
        })
    if strip_spec is None:
        strip_spec = [(s["label"], s["title"], s["id"]) for s in sections]
    strip = [{
        "label": label, "title": stitle,
        "href": f"#{sid}" if sid else "",
        "enabled": bool(sid), "current": False,
    } for label, stitle, sid in strip_spec]
    count = sum(len(s["entries"]) + sum(len(e["children"]) for e in s["entries"]) for s in sections)
    return {
        "list": {
            "title": title, "description_html": description_html,
            "entry_count": count, "section_count": len(sections), "counts": counts(count, len(sections)),
        },
        "strip": strip, "strip_count": len(strip),
        "sections": sections, "has_sections": bool(sections),
    }


def write_page(out, rel, kind, title, body, description=""):
    depth = rel.count("/")
    ctx = {
        "site": SITE, "root": "../" * depth,
        "page": {"title": title, "description": description, "canonical": "", "kind": kind, "lang": "en", "dir": "ltr",
                 "script_data": SCRIPT_DATA if kind == "list" else ""},
        "content": body,
    }
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render("layout", ctx), encoding="utf-8")


# ---------------------------------------------------------------- the lists

FOODS = {
    "A": ["Apple", "Apricot", "Artichoke", "Avocado"],
    "B": ["Banana", "Basil", "Beetroot", "Blueberry", "Broccoli"],
    "C": ["Cabbage", "Carrot", "Cherry", "Chickpea", "Coconut"],
    "D": ["Date", "Dill", "Dragon fruit"],
    "E": ["Éclair", "Eggplant", "Elderberry", "Endive"],
    "F": ["Fennel", "Fig"],
    "G": ["Garlic", "Ginger", "Grape", "Grapefruit"],
    "H": ["Hazelnut", "Honeydew"],
    "K": ["Kale", "Kiwi", "Kohlrabi"],
    "L": ["Leek", "Lemon", "Lentil", "Lime"],
    "M": ["Mango", "Melon", "Mint"],
    "N": ["Nectarine", "Nutmeg"],
    "O": ["Okra", "Olive", "Onion", "Orange"],
    "P": ["Papaya", "Parsley", "Peach", "Pear", "Pineapple", "Plum"],
    "R": ["Radish", "Raspberry", "Rhubarb"],
    "S": ["Sage", "Spinach", "Strawberry"],
    "T": ["Thyme", "Tomato", "Turnip"],
    "W": ["Walnut", "Watercress", "Watermelon"],
    "Z": ["Zucchini"],
    "#": ["7 Up cake", "100% rye bread"],
}


def foods(out):
    used = set()
    sections = []
    for letter, names in FOODS.items():
        sid = "num" if letter == "#" else letter.lower()
        used.add(sid)
        entries = []
        for i, name in enumerate(names):
            kw = {}
            if i % 3 == 0:
                kw["href"] = f"https://example.org/foods/{slug(name)}"
            if i % 4 == 1:
                kw["desc"] = f"A well-loved ingredient: <em>{html.escape(name)}</em> goes with almost everything."
            if i % 5 == 2:
                kw["fields"] = [("origin", "Mediterranean"), ("season", "summer")]
            if name == "Apple":
                kw["page_href"] = "apple/index.html"
                kw["fields"] = [("source", "https://example.org/a/really/long/link/that/would/overflow/a/phone/screen/if/not/wrapped")]
                kw["children"] = [entry("Braeburn", used=used, desc="Crisp and tart."),
                                  entry("Granny Smith", used=used, href="https://example.org/gs")]
            if name == "Pear":
                kw["desc"] = "Pears ripen from the inside out. <code>pyrus communis</code>"
            entries.append(entry(name, used=used, **kw))
        sections.append((sid, letter, letter, entries, ""))
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["#"]
    have = {s[2]: s[0] for s in sections}
    strip = [(l, l, have.get(l)) for l in letters]
    ctx = list_page("Foods", "<p>Fruit, vegetables, herbs and baking, <strong>A to Z</strong>. "
                    "Q, U, V, X and Y have no entries and are greyed in the index.</p>", sections, strip)
    write_page(out, "foods/index.html", "list", "Foods · Mock Household", render("list", ctx), "Foods A to Z")
    apple = [e for e in ctx["sections"][0]["entries"] if e["title"] == "Apple"][0]
    ep = dict(apple, body_html="<p>The apple is the fruit of <em>Malus domestica</em>.</p><h2>Varieties</h2><ul><li>Braeburn</li><li>Granny Smith</li></ul>")
    ep["children"] = [dict(c, page_href="") for c in apple["children"]]
    write_page(out, "foods/apple/index.html", "entry", "Apple · Foods · Mock Household",
               render("entry-page", {"entry": ep, "list": {"title": "Foods", "href": "../index.html#apple"}}))
    return ctx


def household(out):
    used = set()
    spec = [
        ("garage", "Garage", "Garage", ["Bicycle pump", "Car jack", "Ladder", "Snow shovel", "Toolbox"]),
        ("master-bathroom", "Master Bathroom", "MB", ["Bath mat", "Hair dryer", "Mirror cabinet", "Towels"]),
        ("dining-room", "Dining Room", "DR", ["Candles", "Chairs", "Sideboard", "Table", "Tablecloth", "Wine glasses"]),
        ("guest-bathroom", "Guest Bathroom", "GB", ["Hand soap", "Guest towels"]),
        ("kitchen", "Kitchen", "Kitchen", ["Blender", "Cutting board", "Dishwasher", "Kettle", "Knife block",
                                           "Oven", "Pans", "Pots", "Spice rack", "Toaster"]),
        ("den", "Den", "Den", ["Armchair", "Bookshelf", "Board games", "Reading lamp"]),
    ]
    sections = []
    for sid, title, label, names in spec:
        used.add(sid)
        desc = f"<p>Everything kept in the {title.lower()}.</p>" if sid in ("garage", "kitchen") else ""
        sections.append((sid, title, label, [entry(n, used=used, fields=[("room", title), ("count", str(len(n) % 4 + 1))] if len(n) % 2 else ()) for n in names], desc))
    strip = [(s[2], s[1], s[0]) for s in sections] + [("Attic", "Attic", None)]
    ctx = list_page("Household", "<p>Things in the house, by room, in the owner’s order.</p>", sections, strip)
    write_page(out, "household/index.html", "list", "Household · Mock Household", render("list", ctx))
    return ctx


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December"]


def months_list(out, rel, title, start_year, end_year, empty_every, per_month):
    used = set()
    sections, strip = [], []
    for year in range(end_year, start_year - 1, -1):
        for m in range(11, -1, -1):
            sid = f"{year}-{m + 1:02d}"
            label, full = f"{MONTHS[m]} {year}", f"{LONG_MONTHS[m]} {year}"
            if (year * 12 + m) % empty_every == 0:
                strip.append((label, full, None))
                continue
            used.add(sid)
            n = per_month + (year * 12 + m) % 3
            entries = [entry(f"{['Meetup', 'Workshop', 'Release', 'Talk', 'Sprint'][(k + m) % 5]} {LONG_MONTHS[m]} {k + 1}, {year}",
                             used=used, fields=[("date", f"{year}-{m + 1:02d}-{k + 1:02d}"), ("place", "Room 4")])
                       for k in range(n)]
            sections.append((sid, full, label, entries, ""))
            strip.append((label, full, sid))
    ctx = list_page(title, "<p>Newest first, one section per month.</p>", sections, strip)
    write_page(out, rel, "list", f"{title} · Mock Household", render("list", ctx))
    return ctx


CZECH = ["A", "B", "C", "Č", "D", "E", "F", "G", "H", "CH", "I", "J", "K", "L", "M", "N",
         "O", "P", "Q", "R", "Ř", "S", "Š", "T", "U", "V", "W", "X", "Y", "Z", "Ž", "#"]
CZECH_WORDS = ["auto", "banán", "cukr", "čaj", "dům", "ežek", "fazole", "granát", "hrad", "chleba",
               "inkoust", "jablko", "kočka", "lev", "myš", "nůž", "okno", "pes", "", "ryba", "řeka",
               "sůl", "šála", "tráva", "ucho", "voda", "", "", "", "zámek", "žába", "3D tisk"]


def czech(out):
    used = set()
    sections, strip = [], []
    for i, label in enumerate(CZECH):
        word = CZECH_WORDS[i]
        sid = {"#": "num", "Č": "c-2", "Ř": "r-2", "Š": "s-2", "Ž": "z-2"}.get(label, slug(label))
        if not word:
            strip.append((label, label, None))
            continue
        used.add(sid)
        entries = [entry(w, used=used, desc="Slovo ze slovníku." if k == 0 else "")
                   for k, w in enumerate([word, word + "ový", word + "ka"])]
        sections.append((sid, label, label, entries, ""))
        strip.append((label, label, sid))
    ctx = list_page("Slovník", "<p>Czech collation: CH after H, háčky as their own letters (32 index titles).</p>",
                    sections, strip)
    write_page(out, "slovnik/index.html", "list", "Slovník · Mock Household", render("list", ctx))
    return ctx


def build(out):
    out = pathlib.Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(TEMPLATES / "assets", out / "assets")
    lists = []
    for rel, ctx in [
        ("foods/index.html", foods(out)),
        ("household/index.html", household(out)),
        ("events/index.html", months_list(out, "events/index.html", "Events", 2025, 2026, 5, 2)),
        ("slovnik/index.html", czech(out)),
        ("archive/index.html", months_list(out, "archive/index.html", "Archive", 2022, 2026, 7, 1)),
    ]:
        lists.append({
            "title": ctx["list"]["title"], "href": rel,
            "description_html": ctx["list"]["description_html"],
            "entry_count": ctx["list"]["entry_count"], "section_count": ctx["list"]["section_count"],
            "counts": ctx["list"]["counts"],
        })
    home = render("home", {"site": SITE, "lists": lists})
    write_page(out, "index.html", "home", SITE["title"], home)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build(sys.argv[1])
