"""The Python examples of the README and of the docs a newcomer reads next run as
written (the README's shell commands: tests/test_readme_commands.py)."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ("README.md", "docs/DEVELOPING.md", "docs/BOTS.md")
BLOCKS = [(page, i, code) for page in PAGES
          for i, code in enumerate(re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"),
                                              re.S))]


def test_readme_has_examples():
    assert sum(page == "README.md" for page, _, _ in BLOCKS) >= 1
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("page,code", [(p, c) for p, _, c in BLOCKS], ids=[f"{p}:{i}" for p, i, _ in BLOCKS])
def test_readme_example_runs(page, code, capsys):
    """Each example shows something: what it prints, or what it asserts."""
    assert "print(" in code or "assert " in code, "an example that shows nothing"
    exec(compile(code, page, "exec"), {})
    out = capsys.readouterr().out.strip()
    if "print(" in code:
        assert out, "the example prints nothing"


def test_examples_say_python3():
    """Debian has python3, not python: commands say python3 or .venv/bin/python."""
    for page in PAGES:
        for block in re.findall(r"```sh\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S):
            for line in block.splitlines():
                assert not re.match(r"\s*python\b(?!3)", line), f"{page}: {line}"
