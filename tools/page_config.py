"""The page's PyScript config: pyscript.toml, the only copy, written into the
page as JSON (stdlib only).

index.html names the file (``<script type="py" config="./pyscript.toml">`` and
``<mpy-config hidden src="./pyscript.toml">``), which any static server can
serve as it is; PyScript then fetches the file and a TOML parser before it
starts. The site build (tools/build_site.py) and the dev server
(scripts/serve.py) send the page with the config inline instead, as JSON made
here from pyscript.toml: no config request and no parser. MicroPython's config
(PyScript loads its plugins for each interpreter it knows; the page never runs
MicroPython) is the same file's plugin list.
"""

from __future__ import annotations

import html
import json
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "pyscript.toml"
PAGE = "index.html"
# what index.html says, each once
PY_NAMED = f'<script type="py" config="./{CONFIG}">'
MPY_NAMED = f'<mpy-config hidden src="./{CONFIG}"></mpy-config>'


def read(root: Path = ROOT) -> dict:
    """pyscript.toml, read; one with a `packages` key is refused (PyScript
    would fetch micropip from the network)."""
    with open(root / CONFIG, "rb") as f:
        config = tomllib.load(f)
    if "packages" in config:
        raise SystemExit(f"{CONFIG}: no `packages` key (it makes PyScript fetch micropip from the network)")
    return config


def _json(value: dict) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def inline(page: str, config: dict) -> str:
    """``page`` (index.html's text) with ``config`` inline as JSON where it
    names pyscript.toml; a page that does not name it once each is refused."""
    for named in (PY_NAMED, MPY_NAMED):
        if page.count(named) != 1:
            raise SystemExit(f"{PAGE}: expected {named!r} once")
    attr = _json(config).replace("&", "&amp;").replace("'", "&#39;")  # in a '-quoted attribute
    py = f"<script type=\"py\" config='{attr}'>"
    mpy = f"<mpy-config hidden>{html.escape(_json({'plugins': config.get('plugins', [])}), quote=False)}</mpy-config>"
    return page.replace(PY_NAMED, py).replace(MPY_NAMED, mpy)


def page(root: Path = ROOT) -> str:
    """index.html as the site and the dev server send it."""
    return inline((root / PAGE).read_text(encoding="utf-8"), read(root))
