"""Save and load: settings and the match in progress, in localStorage.

Pure Python over any object with ``getItem/setItem/removeItem`` (the browser's
``localStorage``, or ``MemoryStorage`` in tests). The match is saved after
every action; a save that cannot be read (damaged, or from an older format) is
set aside — moved to ``CORRUPT_KEY``, the one set aside before it to
``CORRUPT_KEY + ".2"`` and so on, ``KEEP_ASIDE`` of them — and reported, and
the page starts afresh. Nothing is removed before its copy is written.

Storage may fail at any call (quota full, private mode, storage disabled by
the browser: the DOM raises). Every write here returns whether it worked and
never raises, so the hand goes on; the App says once that progress is not
being saved, and again when it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypedDict, cast

import phom

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

from .i18n import BOT_LEVELS, LANGS, SPEEDS


@dataclass(frozen=True)
class StorageKey:
    """One key the page keeps in the browser's storage: ``area`` is ``"local"``
    (localStorage: kept) or ``"session"`` (sessionStorage: this tab only)."""

    key: str
    area: str
    what: str


# Every key the page keeps, declared once, here. The Python that uses a key
# imports its constant from this module; the start-up JS (ui/boot/), which runs
# before Python, names the few it reads as literals, and tests/ui/test_store_keys.py
# holds them to this table (the key and its area).
KEYS: tuple[StorageKey, ...] = (
    SAVE := StorageKey("phom.match.v1", "local", "the match in progress (FORMAT)"),
    CORRUPT := StorageKey("phom.match.corrupt", "local",
                          "a save that could not be read, set aside (and .2, .3: KEEP_ASIDE)"),
    SETTINGS := StorageKey("phom.settings.v1", "local", "the settings (DEFAULT_SETTINGS' fields)"),
    MUTE := StorageKey("phom.mute.v1", "local", "the sound switch: never the match's nor the settings'"),
    HOLDER := StorageKey("phom.tab.holder", "local", "the id of the tab that plays (ui/page/tabs.py)"),
    SEATS := StorageKey("phom.seats.v1", "local", "who sits where (ui/table/seats.py)"),
    ORDER := StorageKey("phom.order.v1", "local", "the player's own order of the hand (ui/core/order.py)"),
    STATS := StorageKey("phom.stats.v1", "local", "the statistics of finished hands (ui/learn/)"),
    STATS_CORRUPT := StorageKey("phom.stats.corrupt", "local", "statistics that could not be read, set aside"),
    LEARN := StorageKey("phom.learn.v1", "local",
                        "this hand's hint count, the daily deal's date, the tutorial's hand (ui/learn/)"),
    SUSPENDED := StorageKey("phom.suspended.v1", "local",
                            "the match put aside while the tutorial or a shared or daily deal is "
                            "played, a page save as SAVE's, taken up again by its way back (ui/learn/)"),
    PAINT := StorageKey("phom.paint.v1", "local",
                        "the last table's HTML, painted before Python starts (ui/boot/paint.js)"),
    GUEST := StorageKey("phom.guest.v1", "session",
                        "a linked guest's seat and token, nothing else (ui/friends/linkplay.py)"),
    NET := StorageKey("phom.net.v1", "local",
                      "internet play: the player's consent, the TURN server they set, the room they host "
                      "(ui/friends/invite.py)"),
    NET_GUEST := StorageKey("phom.netguest.v1", "session",
                            "the internet room this tab joined as a guest: room, secret, name (ui/friends/invite.py)"),
    NET_LAB := StorageKey("phom.netlab", "local",
                          "tests only: 'self' points internet play at the page's own host for relay and STUN "
                          "(ui/friends/invite.py net_servers; nothing else is honoured)"),
)
SAVE_KEY = SAVE.key
CORRUPT_KEY = CORRUPT.key
SETTINGS_KEY = SETTINGS.key
MUTE_KEY = MUTE.key
HOLDER_KEY = HOLDER.key
SEATS_KEY = SEATS.key
ORDER_KEY = ORDER.key
STATS_KEY = STATS.key
STATS_CORRUPT_KEY = STATS_CORRUPT.key
LEARN_KEY = LEARN.key
PAINT_KEY = PAINT.key
SUSPENDED_KEY = SUSPENDED.key
GUEST_KEY = GUEST.key
NET_KEY = NET.key
NET_GUEST_KEY = NET_GUEST.key
NET_LAB_KEY = NET_LAB.key
KEEP_ASIDE = 3
FORMAT = 1
SNAPSHOT_KEYS = ("format", "match", "hand_no", "seed")
SNAPSHOT_OPTIONAL = ("seats", "links")  # who sits where (ui/table/seats.py), linked phones

PRESET_NAMES = ("basic", "traditional", "online", "bonus", "village")

class Settings(TypedDict):
    """The page's settings, as ``clean_settings`` checked them."""

    preset: str       # one of PRESET_NAMES
    players: int      # 2..4
    hand_size: int    # 8 or 9
    bot: str          # one of i18n.BOT_LEVELS
    speed: str        # one of i18n.SPEEDS
    lang: str         # one of i18n.LANGS
    four_color: bool
    sort: str         # "rank" or "suit"


class SettingsChange(TypedDict, total=False):
    """Some of the settings, each checked (a link's, ui/core/params.py): Settings' fields."""

    preset: str
    players: int
    hand_size: int
    bot: str
    speed: str
    lang: str
    four_color: bool
    sort: str


DEFAULT_SETTINGS: Settings = {
    "preset": "basic",
    "players": 4,
    "hand_size": 9,   # village tables may deal 8 (Rules.hand_sizes)
    "bot": "normal",
    "speed": "normal",
    "lang": "vi",
    "four_color": False,
    "sort": "rank",
}


def is_nil(x: object) -> bool:
    """A missing value from the browser: None, or JS null/undefined, which Pyodide 314
    gives as JsNull/JsUndefined objects rather than None. The one check of it
    (ui/page/dom.py's ``nil`` is this)."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


class Storage(Protocol):
    """What the page keeps text in: the browser's ``localStorage`` (or
    ``sessionStorage``), ``MemoryStorage`` in tests, ``SafeStorage`` over either.
    A read gives the text or nothing (None, or the browser's null); what a write
    returns is not read but for ``SafeStorage``'s False (refused)."""

    def getItem(self, key: str, /) -> object: ...  # noqa: N802 (the DOM's names)

    def setItem(self, key: str, value: str, /) -> object: ...  # noqa: N802

    def removeItem(self, key: str, /) -> object: ...  # noqa: N802


class MemoryStorage:
    """A dict with the localStorage interface, for tests on CPython."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's name)
        return self.data.get(key)

    def setItem(self, key: str, value: object) -> None:  # noqa: N802
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class BrokenStorage:
    """Storage that refuses everything, as a browser with storage disabled does."""

    def getItem(self, key: str, value: object = None) -> None:  # noqa: N802
        raise OSError("storage is disabled")

    setItem = removeItem = getItem  # noqa: N815


class SafeStorage:
    """The page's storage with no call that raises: a refused write returns
    False (and is counted), a refused read gives None. Every module that
    keeps something (the match, settings, seats, statistics) writes through
    it, so storage trouble never stops the hand."""

    def __init__(self, raw: Storage) -> None:
        self.raw: Storage = raw.raw if isinstance(raw, SafeStorage) else raw
        self.refused = 0
        self.owner: str | None = None  # this tab's id once it plays (claim)

    def claim(self, owner: str) -> bool:
        """This tab plays now (it holds the Web Lock, ui/page/tabs.py): say so under
        ``HOLDER_KEY``; from now on, a write after another tab claimed is refused."""
        self.owner = None
        if _set(self.raw, HOLDER_KEY, owner) or (_remove(self.raw, HOLDER_KEY)
                                                  and _get(self.raw, HOLDER_KEY) is None):
            self.owner = owner  # (with no claim stored, an older tab's id is gone too)
            return True
        return False  # storage refuses even that: no check, rather than a false "taken"

    def taken(self) -> bool:
        """Another tab claimed the match after this one did: a tab that was frozen
        or hung while another took over must not write over the newer save."""
        if self.owner is None:
            return False
        holder = _get(self.raw, HOLDER_KEY)
        return holder is not None and holder != self.owner

    def getItem(self, key: str) -> str | None:  # noqa: N802
        """The text kept under ``key``, or None (missing, or storage refused)."""
        return _get(self.raw, key)

    def setItem(self, key: str, value: str) -> bool:  # noqa: N802
        if key != HOLDER_KEY and self.taken():
            return False
        try:
            self.raw.setItem(key, value)
        except Exception:  # noqa: BLE001 — QuotaExceededError, SecurityError
            self.refused += 1
            return False
        return True

    def removeItem(self, key: str) -> bool:  # noqa: N802
        if self.taken():
            return False
        try:
            self.raw.removeItem(key)
        except Exception:  # noqa: BLE001
            return False
        return True

    def __getattr__(self, name: str) -> object:  # key(), length, clear() for whoever needs them
        return getattr(self.raw, name)


def open_storage(get_raw: Callable[[], Storage]) -> SafeStorage:
    """The browser's storage (``get_raw()``, e.g. ``lambda: window.localStorage``)
    behind SafeStorage; one that refuses everything if the browser blocks it
    (then even reading ``window.localStorage`` raises, or its first read does)."""
    raw: Storage
    try:
        raw = get_raw()
        raw.getItem(SETTINGS_KEY)
    except Exception:  # noqa: BLE001 — SecurityError
        raw = BrokenStorage()
    if is_nil(raw):
        raw = BrokenStorage()
    return SafeStorage(raw)


def set_aside_value(storage: Storage, key: str, raw: str, error: Exception) -> bool:
    """Keep an unreadable stored value under ``key + ".corrupt"`` with why it
    was refused (the code and the developers' message), before anything
    replaces it."""
    why = {"code": getattr(error, "code", "damaged"), "message": str(error)[:300], "value": raw}
    return _set(storage, key + ".corrupt", json.dumps(why, ensure_ascii=False))


def read_object(storage: Storage, key: str, what: str, fields: tuple[str, ...] = ()) -> dict[str, object] | None:
    """The JSON object kept under ``key`` (only ``fields`` allowed, when given),
    or None; one that cannot be read is set aside with why (``set_aside_value``)
    and removed, so the page goes on as if nothing were kept."""
    raw = _get(storage, key)
    if raw is None:
        return None
    try:
        data = phom.validate.parse(raw, what)
        if fields and not set(data) <= set(fields):
            raise phom.BadSave(f"saved {what} has unknown fields", "fields")
    except ValueError as e:
        set_aside_value(storage, key, raw, e)
        _remove(storage, key)
        return None
    return data


def _set(storage: Storage, key: str, value: str) -> bool:
    try:
        done = storage.setItem(key, value)
    except Exception:  # noqa: BLE001 — QuotaExceededError, SecurityError: the DOM's own
        return False
    return done is not False


def _remove(storage: Storage, key: str) -> bool:
    try:
        storage.removeItem(key)
    except Exception:  # noqa: BLE001
        return False
    return True


def _get(storage: Storage, key: str) -> str | None:
    try:
        v = storage.getItem(key)
    except Exception:  # noqa: BLE001
        return None
    if is_nil(v):
        return None
    return str(v)


def clean_settings(raw: object) -> Settings:
    """Settings with every field checked; unknown or bad values take the default."""
    out = DEFAULT_SETTINGS.copy()
    if not isinstance(raw, dict):
        return out
    if isinstance(v := raw.get("preset"), str) and v in PRESET_NAMES:
        out["preset"] = v
    p = raw.get("players")
    if isinstance(p, int) and not isinstance(p, bool) and 2 <= p <= 4:
        out["players"] = p
    hs = raw.get("hand_size")
    if isinstance(hs, int) and not isinstance(hs, bool) and hs in (8, 9):
        out["hand_size"] = hs
    if isinstance(v := raw.get("bot"), str) and v in BOT_LEVELS:
        out["bot"] = v
    if isinstance(v := raw.get("speed"), str) and v in SPEEDS:
        out["speed"] = v
    if isinstance(v := raw.get("lang"), str) and v in LANGS:
        out["lang"] = v
    if isinstance(fc := raw.get("four_color"), bool):
        out["four_color"] = fc
    if isinstance(v := raw.get("sort"), str) and v in ("rank", "suit"):
        out["sort"] = v
    return out


BROWSER_LANGS: list[str] = []
"""The browser's languages, most wanted first (``navigator.languages``): told
once by the page before any table is made (ui/page/main.py, its one writer);
empty on CPython unless a test says otherwise."""


def update_settings(settings: Settings, change: Mapping[str, object]) -> None:
    """Set ``change``'s fields on ``settings`` in place, each named at run time and
    checked by whoever changes it (ui/core/params.py, the settings panel)."""
    cast("dict[str, object]", settings).update(change)   # (a TypedDict is this dict)


def browser_lang(languages: Iterable[object] | None) -> str:
    """The page's language for a browser asking for ``languages`` ("en-US",
    "vi", …): the first of them the page speaks, else Vietnamese."""
    for tag in languages or ():
        base = str(tag).split("-")[0].split("_")[0].strip().lower()
        if base in LANGS:
            return base
    return DEFAULT_SETTINGS["lang"]


def load_settings(storage: Storage, languages: Iterable[object] | None = None) -> Settings:
    """The saved settings, each field checked; unreadable ones are set aside
    (``SETTINGS_KEY + ".corrupt"``, with the reason) and the defaults used.
    With nothing saved (a first visit), the language is the browser's
    (``languages``, default ``BROWSER_LANGS``) if the page speaks it: a saved
    choice always wins over the browser."""
    raw = _get(storage, SETTINGS_KEY)
    first = DEFAULT_SETTINGS.copy()
    first["lang"] = browser_lang(BROWSER_LANGS if languages is None else languages)
    if not raw:
        return first
    try:
        return clean_settings(phom.validate.parse(raw, "settings"))
    except ValueError as e:
        set_aside_value(storage, SETTINGS_KEY, raw, e)
        return first


def save_settings(storage: Storage, settings: Settings) -> bool:
    return _set(storage, SETTINGS_KEY, json.dumps(clean_settings(settings), sort_keys=True))


def load_muted(storage: Storage) -> bool:
    """The sound switch (ui/page/sound.py plays, the table keeps it): on only if "1" is stored."""
    return _get(storage, MUTE_KEY) == "1"


def save_muted(storage: Storage, muted: bool) -> bool:
    return _set(storage, MUTE_KEY, "1" if muted else "0")


def save_match(storage: Storage, snapshot: dict[str, object]) -> bool:
    """``snapshot`` is a JSON-able dict (see app.App.snapshot); stamped with FORMAT.
    False when the browser refused to store it."""
    data = dict(snapshot)
    data["format"] = FORMAT
    return _set(storage, SAVE_KEY, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def load_match(storage: Storage) -> tuple[dict[str, object] | None, str | None, phom.BadSave | None]:
    """Return ``(snapshot_or_None, corrupt_text_or_None, why_or_None)``, ``why``
    the ``phom.BadSave`` saying what is wrong with the corrupt text.

    Only parses the outer JSON and the format stamp; the caller rebuilds the
    engine objects and calls ``set_aside`` if that fails (ValueError).
    """
    raw = _get(storage, SAVE_KEY)
    if raw is None:
        return None, None, None
    try:
        data = phom.validate.parse(raw, "page save")
    except phom.BadSave as e:
        return None, raw, e
    if data.get("format") != FORMAT:
        return None, raw, phom.OldSave(f"the page save has format {data.get('format')!r}, not {FORMAT}")
    if not set(SNAPSHOT_KEYS) <= set(data) <= set(SNAPSHOT_KEYS + SNAPSHOT_OPTIONAL):
        return None, raw, phom.BadSave("the page save lacks fields or has unknown ones", "fields")
    return data, None, None


def check_snapshot(snap: dict[str, object]) -> phom.Match:
    """The match of a page save, with every field of the snapshot checked
    against it; ``phom.BadSave`` (``OldSave`` for another version's) if not."""
    BadSave, OldSave = phom.BadSave, phom.OldSave
    if type(snap.get("match")) is not str:
        raise BadSave("the page save holds no match", "no_hand")
    m = phom.Match.from_json(str(snap["match"]))
    if m.current is None:
        raise BadSave("the saved match holds no hand", "no_hand")
    if m.rules.name not in PRESET_NAMES:
        raise OldSave(f"the saved match's rules {m.rules.name!r} are not one of this version's presets")
    if m.rules != phom.Rules.preset(m.rules.name):
        raise OldSave(f"the saved match was played under another version of the {m.rules.name} rules")
    hand_no, seed = snap.get("hand_no"), snap.get("seed")
    if type(hand_no) is not int or hand_no != m.hands_played + (0 if m.recorded else 1):
        raise BadSave("the page save's hand number does not match its match", "mismatch")
    if type(seed) is not int or seed != m.seed:
        raise BadSave("the page save's seed does not match its match", "mismatch")
    return m


def set_aside(storage: Storage, raw: str | None = None) -> bool:
    """Move an unreadable save out of the way, keeping the ones set aside before.

    Returns False (and removes nothing) if the copy could not be written."""
    if raw is None:
        raw = _get(storage, SAVE_KEY)
    if raw is not None:
        keys = [CORRUPT_KEY] + [f"{CORRUPT_KEY}.{i}" for i in range(2, KEEP_ASIDE + 1)]
        for older, newer in zip(keys[:0:-1], keys[-2::-1], strict=True):
            v = _get(storage, newer)
            if v is not None and not _set(storage, older, v):
                return False
        if not _set(storage, CORRUPT_KEY, raw):
            return False
    return _remove(storage, SAVE_KEY)


def set_aside_saves(storage: Storage) -> list[str]:
    """The saves set aside, newest first (for a bug report, or to try again)."""
    keys = [CORRUPT_KEY] + [f"{CORRUPT_KEY}.{i}" for i in range(2, KEEP_ASIDE + 1)]
    return [v for v in (_get(storage, k) for k in keys) if v is not None]


def suspend_match(storage: Storage, settings: Settings) -> bool:
    """Put the saved match aside (``SUSPENDED_KEY``) with the ``settings`` it was
    played under, to be taken up again by ``take_up_match``; one at a time: one
    already aside is kept, never overwritten (the tutorial opened from a shared deal
    keeps the player's own match). False when there is nothing saved to keep or the
    browser refused the copy."""
    raw = _get(storage, SAVE_KEY)
    if raw is None:
        return False
    if _get(storage, SUSPENDED_KEY) is not None:
        return True
    return _set(storage, SUSPENDED_KEY, json.dumps(
        {"save": raw, "settings": clean_settings(settings)}, ensure_ascii=False))


def has_suspended(storage: Storage) -> bool:
    return _get(storage, SUSPENDED_KEY) is not None


def suspended_totals(storage: Storage) -> list[int] | None:
    """The totals of the match put aside (for the way back's words), None if none
    is aside or it cannot be read."""
    raw = _get(storage, SUSPENDED_KEY)
    if raw is None:
        return None
    try:
        snap = json.loads(json.loads(raw)["save"])
        return list(phom.Match.from_json(snap["match"]).totals)
    except (ValueError, KeyError, TypeError):
        return None


def take_up_match(storage: Storage) -> Settings | None:
    """The match put aside becomes the saved match again (the detour's own save is
    dropped): its settings returned, None (changing nothing) when none is aside, it
    cannot be read or it cannot be written back."""
    raw = _get(storage, SUSPENDED_KEY)
    if raw is None:
        return None
    try:
        rec = json.loads(raw)
        save, settings = rec["save"], clean_settings(rec["settings"])
    except (ValueError, KeyError, TypeError):
        return None
    if type(save) is not str or not _set(storage, SAVE_KEY, save):
        return None
    _remove(storage, SUSPENDED_KEY)
    return settings


def clear_match(storage: Storage) -> bool:
    return _remove(storage, SAVE_KEY)
