#!/usr/bin/env python3
"""Writes the source folder of the reader's-page test site: real-shaped lists the navigation must stay readable on.

Usage: make_reader_site.py SITE_DIR

  awesome-go        the real awesome-go README from ../shared/corpus (about 80 categories under headings)
  countries         a CSV of 50 categories (regions), with raw field names (official_name, alpha_2) to humanise
  rooms             a CSV of 5 categories
  names             an A-Z list of 600 names
  words             20,000 generated entries, split into one page per letter; "Quokka Zanzibar" is filed under Q
  long              12,000 generated entries on one page (split: none), for the filter of a long page

Data is generated here, deterministically, rather than committed.
"""
import pathlib
import random
import shutil
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = pathlib.Path("/work/shared/corpus/awesome/awesome-go.md")
for candidate in (REPO.parent / "shared" / "corpus" / "awesome" / "awesome-go.md", REPO.parent.parent / "shared" / "corpus" / "awesome" / "awesome-go.md"):
    if candidate.is_file():
        CORPUS = candidate
        break

SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da", "fu", "go", "ha", "ji", "po", "qua", "ze", "xi", "yo", "wa"]
REGIONS = [
    "Alpine Foothills", "Amber Coast", "Arctic Shelf", "Basalt Plateau", "Birch Valley", "Blue Lagoon", "Cedar Ridge",
    "Coral Archipelago", "Crimson Desert", "Delta Lowlands", "Dune Sea", "Eastern Marches", "Emerald Steppe",
    "Fjord Country", "Frost Tundra", "Glacier Bay", "Golden Savanna", "Granite Highlands", "Harbour Cities",
    "Heath Moors", "Iron Hills", "Ivory Peninsula", "Jade Terraces", "Juniper Mesa", "Kelp Shallows", "Lake District",
    "Lava Fields", "Lotus Wetlands", "Mangrove Coast", "Marble Canyons", "Misty Isles", "Northern Reach",
    "Oak Forest", "Obsidian Range", "Olive Groves", "Pine Barrens", "Prairie Heartland", "Quartz Flats",
    "Rain Forest Basin", "Red Rock Country", "Salt Pans", "Sapphire Gulf", "Silver Strand", "Slate Uplands",
    "Southern Cape", "Tea Hills", "Tidal Flats", "Upper Gorge", "Volcanic Arc", "Western Isles",
]
ROOMS = ["Garage", "Master Bathroom", "Dining Room", "Guest Bathroom", "Kitchen"]


def csv_field(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


def word(rng, parts):
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    site = pathlib.Path(sys.argv[1])
    if site.exists():
        shutil.rmtree(site)
    content = site / "Content"
    content.mkdir(parents=True)
    rng = random.Random(14)

    shutil.copyfile(CORPUS, content / "awesome-go.md")

    assert len(REGIONS) == 50
    rows = ["name,region,official_name,alpha_2,population_total"]
    for i in range(400):
        name = word(rng, 3)
        rows.append(",".join(csv_field(v) for v in (name, REGIONS[i % 50], "Republic of " + name, name[:2].upper(), str(1000 + i * 37))))
    (content / "countries.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    rows = ["title,room,description"]
    for i in range(30):
        rows.append(f"Chore {i + 1},{ROOMS[i % 5]},Clean the {ROOMS[i % 5].lower()} thoroughly")
    (content / "rooms.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    rows = ["name,nickname"]
    for i in range(600):
        rows.append(f"{word(rng, 2)} {word(rng, 3)},{word(rng, 1)}")
    (content / "names.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    rows = ["title,note"]
    for i in range(20000):
        first = word(rng, 2)
        if first.startswith("Qua"):
            first = "Ka" + first[3:]   # keep Q for the one entry the search test looks for
        rows.append(f"{first} {word(rng, 3)},note {i}")
    rows.append("Quokka Zanzibar,the one to find")
    (content / "words.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    rng = random.Random(1414)   # its own, so that the lists above stay as they were
    rows = ["title,note"]
    for i in range(12000):
        rows.append(f"{word(rng, 2)} {word(rng, 3)},{word(rng, 2).lower()} note {i}")
    (content / "long.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")

    (site / "indexsite.yml").write_text("""title: Reader test site
lists:
  - source: awesome-go.md
  - source: countries.csv
    title: Countries by region
    title_field: name
    group_by: region
  - source: rooms.csv
    title: Chores by room
    group_by: room
  - source: names.csv
    title: Names
    title_field: name
    field_labels:
      nickname: Known as
  - source: words.csv
    title: Words
  - source: long.csv
    title: Long list
    split: none
""", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
