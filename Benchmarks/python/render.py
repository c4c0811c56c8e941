"""render.py — the Python baseline of IndexSite's benchmark: csv + Jinja2 + cmarkgfm.

Renders the same page as limit.c from the same CSV, the way a short Python script would: the csv module reads the
rows, each title is folded into a sort key (a leading "The " dropped, ASCII lowercased, Latin-1 and Latin
Extended-A letters folded to their base letter, as limit.c does), entries are sorted by that key (ties by input
order), grouped by first letter A–Z plus "#" (last), descriptions rendered by cmarkgfm (cmark-gfm in its default
safe mode), and one Jinja2 template (autoescaped) writes the page with an A–Z jump bar and one <section> per letter.

Usage: python render.py data.csv out.html        (run by run.sh from a virtual environment under .build/bench)
"""

import csv
import sys

import cmarkgfm
import jinja2

# Base letters of U+00C0–U+00FF and U+0100–U+017F, as limit.c folds them; ß becomes "ss".
LATIN1 = "aaaaaaaceeeeiiiidnooooo\0ouuuuy\0\0aaaaaaaceeeeiiiidnooooo\0ouuuuy\0y"
LATIN_EXTENDED_A = ("aaaaaaccccccccdddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkklllllll"
                    "lllnnnnnnnnnoooooooorrrrrrsssssssstttttuuuuuuuuuuuuwwyyyzzzzzzs")
FOLD = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}
FOLD.update({0xC0 + i: base for i, base in enumerate(LATIN1) if base != "\0"})
FOLD.update({0x100 + i: base for i, base in enumerate(LATIN_EXTENDED_A)})
FOLD[0xDF] = "ss"

LABELS = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["#"]
IDS = [chr(c) for c in range(ord("a"), ord("z") + 1)] + ["num"]

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Data</title>
</head>
<body>
<h1>Data</h1>
<nav class="index-strip">
{% for label, id, entries in sections %}{% if entries %}<a href="#{{ id }}">{{ label }}</a>
{% else %}<span aria-disabled="true">{{ label }}</span>
{% endif %}{% endfor %}</nav>
<main>
{% for label, id, entries in sections if entries %}<section>
<h2 id="{{ id }}">{{ label }}</h2>
<ul>
{% for index, title, category, url, description in entries %}<li id="e{{ index }}"><a href="{{ url }}">{{ title }}</a> <span class="category">{{ category }}</span>
<div class="description">{{ description | markdown }}</div></li>
{% endfor %}</ul>
</section>
{% endfor %}</main>
</body>
</html>
"""


def fold(title):
    if title.startswith("The "):
        title = title[4:]
    return title.translate(FOLD)


def main():
    if len(sys.argv) != 3:
        print("usage: render.py data.csv out.html", file=sys.stderr)
        return 64
    with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        columns = [header.index(name) for name in ("title", "category", "url", "description")]
        rows = [(fold(row[columns[0]]), index, row[columns[0]], row[columns[1]], row[columns[2]], row[columns[3]])
                for index, row in enumerate(reader)]
    rows.sort(key=lambda row: (row[0], row[1]))
    buckets = [[] for _ in LABELS]
    for key, index, title, category, url, description in rows:
        first = key[:1]
        bucket = ord(first) - ord("a") if "a" <= first <= "z" else 26
        buckets[bucket].append((index, title, category, url, description))

    environment = jinja2.Environment(autoescape=True, keep_trailing_newline=True)
    environment.filters["markdown"] = lambda text: jinja2.utils.markupsafe.Markup(cmarkgfm.markdown_to_html(text))
    template = environment.from_string(TEMPLATE)
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        template.stream(sections=list(zip(LABELS, IDS, buckets))).dump(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
