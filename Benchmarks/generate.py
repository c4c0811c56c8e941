#!/usr/bin/env python3
"""Writes the benchmark datasets: the same N entries as a CSV file and as one Markdown list file.

Deterministic: one fixed seed, and only `random.random()` is drawn (its sequence is stable
across Python versions), so every machine gets byte-identical files. The entries of a smaller
size are the first entries of a larger one.

Layout under OUT (default .build/bench):

    data/data-N.csv, data/data-N.md           the datasets
    sites/csv-N/{indexsite.yml, Content/data.csv}
    sites/md-N/{indexsite.yml, Content/data.md}
    sites/facets-N/{indexsite.yml, Content/tools.csv}   the CSV with language, license and platforms columns,
                                                        `facets: [language, license, platforms]` (Benchmarks/facets.py)

Usage: generate.py [--out DIR] [--force] [N ...]      (default sizes: 1000 10000 100000 1000000)
"""

import argparse
import bisect
import hashlib
import os
import random
import sys

SEED = 20261103
DEFAULT_SIZES = [1000, 10000, 100000, 1000000]

# Thirty categories; the k-th is drawn with weight 1/k^1.1, so the first few hold most entries.
CATEGORIES = [
    "Tools", "Libraries", "Cafés", "Bookshops", "Bakeries", "Gardens", "Museums",
    "Workshops", "Podcasts", "Newsletters", "Cycling", "Radio", "Maps", "Fonts",
    "Games", "Music", "Photography", "Recipes", "Hiking", "Theatre", "Archives",
    "Ceramics", "Weaving", "Astronomy", "Birdwatching", "Typesetting", "Clocks",
    "Lighthouses", "Ferries", "Öresund Crossings",
]

ADJECTIVES = [
    "Quiet", "Amber", "Little", "Northern", "Copper", "Paper", "Silver", "Green",
    "Hidden", "Open", "Golden", "Salt", "Morning", "Velvet", "Rapid", "Gentle",
    "Bright", "Hollow", "Patient", "Crooked", "Lucky", "Woolen", "Idle", "Steady",
    "Tiny", "Wandering", "Honest", "Rusty", "Clever", "Sunny", "Windy", "Sleepy",
]
NOUNS = [
    "Harbour", "Lantern", "Kettle", "Compass", "Orchard", "Atlas", "Bicycle",
    "Ledger", "Teapot", "Meadow", "Signal", "Anchor", "Bridge", "Garden", "Parser",
    "Pigeon", "Cabinet", "Window", "Notebook", "Ribbon", "Engine", "Tower",
    "Ladder", "Bakery", "Press", "Loom", "Clock", "Ferry", "Index", "Almanac",
    "Radio", "Thimble", "Quill", "Yarn", "Zeppelin", "Umbrella", "Violin",
]
# First words that start with a letter outside ASCII (Latin-1 and Latin Extended-A).
ACCENTED = [
    "Éclair", "Ångström", "Øresund", "Über", "Ça Va", "Élan", "Île", "Ödla",
    "Ärlig", "Çatı", "Łódź", "Żubr", "Čaj", "Šum", "Őrség", "Ñandú", "Íslensk",
]
# Words with accents or ß inside, never first.
INNER = ["Straße", "Café", "Kaffeé", "Größe", "Fjäll", "Smørrebrød", "Crème", "Façade", "Måne"]
NAMES = ["Ada", "Otto", "Mira", "Bram", "Ines", "Kofi", "Lena", "Yusuf", "Zoë", "Hana", "Érik"]

PURPOSES = [
    "keeping notes in order", "planning a weekend", "small teams", "reading on the train",
    "long winter evenings", "people who like maps", "tidy bookshelves", "beginners",
    "rainy afternoons", "neighbourhood groups", "printing at home", "slow mornings",
]
CODES = ["make", "git log", "--quiet", "ls -la", "index.html", "yarn", "SELECT *", "x = 1", "tar -xf", "~/.config"]
THINGS = ["recipes", "timetables", "receipts", "postcards", "sketches", "birthdays", "seeds", "tickets", "letters", "playlists"]
LINKS = ["the guide", "a short tour", "the archive", "examples", "the map", "release notes", "the manual", "a gallery"]
NICKS = ["the blue one", "Old Faithful", "the corner shop", "the tidy one", "Number Nine"]
VERBS = ["Works", "Opens", "Closes", "Sorts", "Prints", "Syncs", "Folds", "Starts"]
TIMES = ["quickly", "offline", "on Sundays", "before breakfast", "in any weather", "without fuss"]


def pick(rng, seq):
    return seq[int(rng.random() * len(seq))]


def category_picker(rng):
    weights = [1 / (k + 1) ** 1.1 for k in range(len(CATEGORIES))]
    total = sum(weights)
    cumulative, running = [], 0.0
    for w in weights:
        running += w / total
        cumulative.append(running)
    cumulative[-1] = 1.0

    def draw():
        return bisect.bisect_left(cumulative, rng.random())
    return draw


def make_title(rng):
    r = rng.random()
    if r < 0.12:
        title = f"The {pick(rng, ADJECTIVES)} {pick(rng, NOUNS)}"
    elif r < 0.18:
        title = f"{pick(rng, ACCENTED)} {pick(rng, NOUNS)}"
    elif r < 0.23:
        n = int(rng.random() * 2030)
        title = f"{n} {pick(rng, NOUNS)}s"
    elif r < 0.25:
        title = pick(rng, ["3D", "7-Grain", "24/7", "&Co", "@home", "(Untitled)", "99 Red"]) + f" {pick(rng, NOUNS)}"
    elif r < 0.33:
        title = f"{pick(rng, NAMES)}'s {pick(rng, NOUNS)}"
    elif r < 0.40:
        title = f"{pick(rng, NOUNS)} & {pick(rng, NOUNS)}"
    elif r < 0.45:
        title = f"{pick(rng, ADJECTIVES)} {pick(rng, INNER)}"
    elif r < 0.48:
        title = f"{pick(rng, ADJECTIVES).lower()} {pick(rng, NOUNS).lower()}"
    else:
        title = f"{pick(rng, ADJECTIVES)} {pick(rng, NOUNS)}"
    if rng.random() < 0.35:
        title += f" {int(rng.random() * 120) + 1}"
    return title


def first_sentence(rng):
    r = rng.random()
    if r < 0.3:
        adjective = pick(rng, ADJECTIVES).lower()
        article = "An" if adjective[0] in "aeiou" or adjective == "honest" else "A"
        return f"{article} *{adjective}* {pick(rng, NOUNS).lower()} for {pick(rng, PURPOSES)}."
    if r < 0.55:
        return f"Ships with `{pick(rng, CODES)}` and [{pick(rng, LINKS)}](https://example.org/{pick(rng, NOUNS).lower()})."
    if r < 0.75:
        k = int(rng.random() * len(THINGS))
        return f"Keeps {THINGS[k]}, {THINGS[(k + 3) % len(THINGS)]} and {THINGS[(k + 7) % len(THINGS)]} in *one* place."
    if r < 0.9:
        return f"{pick(rng, VERBS)} {pick(rng, TIMES)}; see [{pick(rng, LINKS)}](https://example.org/x/{int(rng.random() * 500)})."
    return f"Known locally as \"{pick(rng, NICKS)}\", with `{pick(rng, CODES)}` built in."


def second_sentence(rng):
    r = rng.random()
    if r < 0.4:
        return f"Try `{pick(rng, CODES)}` first."
    if r < 0.7:
        return f"Best for {pick(rng, PURPOSES)}, **really**."
    return f"More in [{pick(rng, LINKS)}](https://example.org/{pick(rng, THINGS)})."


def make_entry(rng, draw_category, index):
    title = make_title(rng)
    category = CATEGORIES[draw_category()]
    url = f"https://example.org/e/{index}"
    description = first_sentence(rng)
    r = rng.random()
    if r < 0.45:
        # One description in a hundred breaks its line: a quoted CSV field with a newline in it.
        separator = "\n" if rng.random() < 0.02 else " "
        description += separator + second_sentence(rng)
    return title, category, url, description


def csv_field(value):
    if '"' in value or "," in value or "\n" in value or "\r" in value:
        return '"' + value.replace('"', '""') + '"'
    return value


def write_if_changed(path, text):
    """Writes a small file, leaving it untouched when it already holds the text."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def link_or_copy(source, destination):
    if os.path.exists(destination):
        os.remove(destination)
    try:
        os.link(source, destination)
    except OSError:
        with open(source, "rb") as src, open(destination, "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=DEFAULT_SIZES)
    parser.add_argument("--out", default=".build/bench")
    parser.add_argument("--force", action="store_true", help="regenerate even when up to date")
    args = parser.parse_args()

    with open(__file__, "rb") as f:
        stamp = hashlib.sha256(f.read()).hexdigest()
    data_dir = os.path.join(args.out, "data")
    os.makedirs(data_dir, exist_ok=True)

    def paths(n):
        return (os.path.join(data_dir, f"data-{n}.csv"), os.path.join(data_dir, f"data-{n}.md"),
                os.path.join(data_dir, f"data-{n}.stamp"))

    def up_to_date(n):
        csv_path, md_path, stamp_path = paths(n)
        try:
            with open(stamp_path) as f:
                return f.read().strip() == stamp and os.path.exists(csv_path) and os.path.exists(md_path)
        except FileNotFoundError:
            return False

    sizes = sorted(set(args.sizes))
    todo = [n for n in sizes if args.force or not up_to_date(n)]
    if todo:
        generate(todo, paths, stamp)
    for n in sizes:
        make_sites(args.out, n, paths(n))
        make_facets_site(args.out, n, paths(n)[0])


def generate(sizes, paths, stamp):
    rng = random.Random(SEED)
    draw_category = category_picker(rng)
    largest = sizes[-1]
    csv_files = {n: open(paths(n)[0], "w", encoding="utf-8", newline="") for n in sizes}
    header = "title,category,url,description\r\n"
    for f in csv_files.values():
        f.write(header)
    # Markdown items by category, in input order; each list carries the input index of its items.
    md_items = [[] for _ in CATEGORIES]
    md_index = [[] for _ in CATEGORIES]
    category_number = {name: k for k, name in enumerate(CATEGORIES)}

    chunk, chunk_start = [], 0
    for i in range(largest):
        title, category, url, description = make_entry(rng, draw_category, i)
        chunk.append(f"{csv_field(title)},{csv_field(category)},{url},{csv_field(description)}\r\n")
        k = category_number[category]
        md_items[k].append(f"- [{title}]({url}) - {description.replace(chr(10), chr(10) + '  ')}\n")
        md_index[k].append(i)
        if len(chunk) == 10000 or i == largest - 1:
            for n, f in csv_files.items():
                if n > chunk_start:
                    f.write("".join(chunk[: n - chunk_start]))
            chunk_start += len(chunk)
            chunk = []
    for f in csv_files.values():
        f.close()

    for n in sizes:
        _, md_path, stamp_path = paths(n)
        with open(md_path, "w", encoding="utf-8", newline="") as f:
            f.write(f"---\ntitle: Benchmark ({n} entries)\ngroup_by: letter\n---\n")
            for k, name in enumerate(CATEGORIES):
                count = bisect.bisect_left(md_index[k], n)
                if count:
                    f.write(f"\n## {name}\n\n")
                    f.write("".join(md_items[k][:count]))
        with open(stamp_path, "w") as f:
            f.write(stamp + "\n")
        print(f"generated {n} entries: {paths(n)[0]}, {md_path}", file=sys.stderr)


def make_sites(out, n, data_paths):
    csv_path, md_path, _ = data_paths
    for kind, source, name in (("csv", csv_path, "data.csv"), ("md", md_path, "data.md")):
        site = os.path.join(out, "sites", f"{kind}-{n}")
        os.makedirs(os.path.join(site, "Content"), exist_ok=True)
        destination = os.path.join(site, "Content", name)
        if not (os.path.exists(destination) and os.path.samefile(source, destination)):
            link_or_copy(source, destination)
        if kind == "csv":
            config = (f"title: Benchmark ({n} entries)\nlists:\n  - source: data.csv\n"
                      f"    title: Data\n    group_by: letter\n    ignore_prefixes: [\"The \"]\n    split: none\n")
        else:
            # group_by comes from the Markdown file's own front matter.
            config = (f"title: Benchmark ({n} entries)\nlists:\n  - source: data.md\n"
                      f"    ignore_prefixes: [\"The \"]\n    split: none\n")
        write_if_changed(os.path.join(site, "indexsite.yml"), config)


# Facet values, drawn from each entry's number (not from the generator's sequence, which the other data keep): a few
# common values and a long tail, as languages and licences are in a real directory.
LANGUAGES = ["Go", "Python", "Rust", "JavaScript", "C", "C++", "Java", "Ruby", "Swift", "Haskell", "Elixir", "Zig"]
LICENSES = ["MIT", "Apache-2.0", "GPL-3.0", "BSD-3-Clause", "MPL-2.0", "ISC", "LGPL-2.1", "Unlicense"]
PLATFORMS = ["linux", "macos", "windows", "android", "ios"]


def facet_draw(i, salt, count):
    """A value index in [0, count), the k-th about 1/(k+1) as likely as the first, the same for every run."""
    h = int.from_bytes(hashlib.blake2b(f"{i}:{salt}".encode(), digest_size=4).digest(), "big") / 4294967296
    weights = [1 / (k + 1) for k in range(count)]
    target = h * sum(weights)
    for k, w in enumerate(weights):
        target -= w
        if target < 0:
            return k
    return count - 1


def make_facets_site(out, n, csv_path):
    site = os.path.join(out, "sites", f"facets-{n}")
    os.makedirs(os.path.join(site, "Content"), exist_ok=True)
    destination = os.path.join(site, "Content", "tools.csv")
    if not (os.path.exists(destination) and os.path.getmtime(destination) >= os.path.getmtime(csv_path)):
        import csv
        with open(csv_path, encoding="utf-8", newline="") as source, open(destination, "w", encoding="utf-8", newline="") as f:
            reader = csv.reader(source)
            writer = csv.writer(f, lineterminator="\r\n")
            header = next(reader)
            writer.writerow(header + ["language", "license", "platforms"])
            for i, row in enumerate(reader):
                platforms = sorted({facet_draw(i, s, len(PLATFORMS)) for s in range(3, 4 + (i % 3))})
                writer.writerow(row + [LANGUAGES[facet_draw(i, 1, len(LANGUAGES))], LICENSES[facet_draw(i, 2, len(LICENSES))],
                                       ", ".join(PLATFORMS[k] for k in platforms)])
    config = (f"title: Facets ({n} entries)\nlists:\n  - source: tools.csv\n    title: Tools\n    group_by: letter\n"
              f"    split: none\n    facets: [language, license, platforms]\n    values_separator: {{platforms: \",\"}}\n")
    write_if_changed(os.path.join(site, "indexsite.yml"), config)


if __name__ == "__main__":
    main()
