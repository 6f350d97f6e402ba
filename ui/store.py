"""Save and load: settings and the match in progress, in localStorage.

Pure Python over any object with ``getItem/setItem/removeItem`` (the browser's
``localStorage``, or ``MemoryStorage`` in tests). The match is saved after
every action; a save that cannot be read (damaged, or from an older format) is
moved to ``CORRUPT_KEY`` once and reported, and the page starts afresh.
"""

from __future__ import annotations

import json

from .i18n import BOT_LEVELS, LANGS, SPEEDS

SAVE_KEY = "phom.match.v1"
SETTINGS_KEY = "phom.settings.v1"
CORRUPT_KEY = "phom.match.corrupt"
FORMAT = 1

PRESET_NAMES = ("basic", "traditional", "online", "bonus", "village")

DEFAULT_SETTINGS = {
    "preset": "basic",
    "players": 4,
    "bot": "normal",
    "speed": "normal",
    "lang": "vi",
    "four_color": False,
    "sort": "rank",
}


class MemoryStorage:
    """A dict with the localStorage interface, for tests on CPython."""

    def __init__(self, data: dict | None = None) -> None:
        self.data = dict(data or {})

    def getItem(self, key):  # noqa: N802 (the DOM's name)
        return self.data.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.data[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.data.pop(key, None)


def _get(storage, key):
    v = storage.getItem(key)
    # A missing key is JS null: None, or a JsNull object in Pyodide 314.
    if v is None or type(v).__name__ in ("JsNull", "JsUndefined"):
        return None
    return str(v)


def clean_settings(raw) -> dict:
    """Settings with every field checked; unknown or bad values take the default."""
    out = dict(DEFAULT_SETTINGS)
    if not isinstance(raw, dict):
        return out
    if raw.get("preset") in PRESET_NAMES:
        out["preset"] = raw["preset"]
    p = raw.get("players")
    if isinstance(p, int) and not isinstance(p, bool) and 2 <= p <= 4:
        out["players"] = p
    if raw.get("bot") in BOT_LEVELS:
        out["bot"] = raw["bot"]
    if raw.get("speed") in SPEEDS:
        out["speed"] = raw["speed"]
    if raw.get("lang") in LANGS:
        out["lang"] = raw["lang"]
    if isinstance(raw.get("four_color"), bool):
        out["four_color"] = raw["four_color"]
    if raw.get("sort") in ("rank", "suit"):
        out["sort"] = raw["sort"]
    return out


def load_settings(storage) -> dict:
    try:
        raw = _get(storage, SETTINGS_KEY)
        return clean_settings(json.loads(raw) if raw else None)
    except (ValueError, TypeError):
        return dict(DEFAULT_SETTINGS)


def save_settings(storage, settings: dict) -> None:
    storage.setItem(SETTINGS_KEY, json.dumps(clean_settings(settings), sort_keys=True))


def save_match(storage, snapshot: dict) -> None:
    """``snapshot`` is a JSON-able dict (see app.App.snapshot); stamped with FORMAT."""
    data = dict(snapshot)
    data["format"] = FORMAT
    storage.setItem(SAVE_KEY, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def load_match(storage):
    """Return ``(snapshot_or_None, corrupt_text_or_None)``.

    Only parses the outer JSON and the format stamp; the caller rebuilds the
    engine objects and calls ``set_aside`` if that fails (ValueError).
    """
    raw = _get(storage, SAVE_KEY)
    if raw is None:
        return None, None
    try:
        data = json.loads(raw)
    except ValueError:
        return None, raw
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None, raw
    return data, None


def set_aside(storage, raw: str | None = None) -> None:
    """Move an unreadable save out of the way (kept for a bug report), once."""
    if raw is None:
        raw = _get(storage, SAVE_KEY)
    if raw is not None:
        storage.setItem(CORRUPT_KEY, raw)
    storage.removeItem(SAVE_KEY)


def clear_match(storage) -> None:
    storage.removeItem(SAVE_KEY)
