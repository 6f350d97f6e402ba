"""The repository holds its rule book and API reference, and the code cites them."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_cited_section_exists():
    rules = (ROOT / "docs" / "RULES.md").read_text()
    sections = set(re.findall(r"^## (\d+)\.", rules, re.M))
    cited = set()
    for p in list((ROOT / "phom").rglob("*.py")) + list((ROOT / "ui").rglob("*.py")):
        text = p.read_text()
        assert not re.search(r"(?<![/\w])(RULES|API)\.md", text), f"{p} cites a file outside docs/"
        for m in re.finditer(r"docs/RULES\.md §(\d+)((?:, §\d+)*)", text):
            cited |= {m.group(1), *re.findall(r"\d+", m.group(2))}
    assert cited and cited <= sections, cited - sections


def test_readme_links_the_docs_and_every_module_is_in_the_map():
    """The README leads to every document in docs/: it links the main ones, each
    exists, and every other is named in a document it leads to; the layout in
    docs/DEVELOPING.md and docs/API.md name every engine module."""
    readme = (ROOT / "README.md").read_text()
    linked = set(re.findall(r"\]\((docs/[A-Z-]+\.md)\)", readme))
    on_disk = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert {"docs/RULES.md", "docs/API.md", "docs/DEVELOPING.md", "docs/FEATURES.md", "docs/BOTS.md"} <= linked
    assert linked <= on_disk, linked - on_disk
    reached, todo = set(linked), list(linked)
    while todo:
        for name in re.findall(r"\b([A-Z][A-Z-]*\.md)\b", (ROOT / todo.pop()).read_text()):
            if f"docs/{name}" in on_disk and f"docs/{name}" not in reached:
                reached.add(f"docs/{name}")
                todo.append(f"docs/{name}")
    assert reached == on_disk, f"no way from the README to {sorted(on_disk - reached)}"
    assert re.search(r"!\[[^\]]+\]\(docs/screenshot\.png\)", readme) and (ROOT / "docs" / "screenshot.png").is_file()
    layout = (ROOT / "docs" / "DEVELOPING.md").read_text()
    layout = layout[layout.index("## Layout"):]
    api = (ROOT / "docs" / "API.md").read_text()
    for p in (ROOT / "phom").glob("*.py"):
        if p.stem not in ("__init__", "__main__"):
            assert p.name in layout or p.stem in layout, f"docs/DEVELOPING.md's layout misses {p.name}"
            assert p.name in api or p.stem in api, f"docs/API.md misses {p.name}"


def test_the_readme_is_for_a_newcomer():
    """At most ~150 lines: what it is, where to play, the two commands, a phone,
    where to read on; the internals live in docs/."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 150
    for heading in ("## Play it", "## Two commands", "## Try it on a phone", "## Read on"):
        assert heading in readme, heading
