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
    readme = (ROOT / "README.md").read_text()
    assert "docs/RULES.md" in readme and "docs/API.md" in readme
    api = (ROOT / "docs" / "API.md").read_text()
    for p in (ROOT / "phom").glob("*.py"):
        if p.stem not in ("__init__", "__main__"):
            assert p.name in readme or p.stem in readme, f"README layout misses {p.name}"
            assert p.name in api or p.stem in api, f"docs/API.md misses {p.name}"
