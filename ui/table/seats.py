"""Who sits where: each seat a person (with a name) or a bot of a chosen strength,
and the pass-and-play cover shown while the phone changes hands.

Pure Python, no browser. The plan is kept in its own localStorage key so the
settings of a solo player are untouched; seat 0 is always a person (whoever
holds the device). With two or more people the table is *pass-and-play*: the
table is drawn from the seat of the person whose turn it is, and between two
people's turns a cover hides it until the next person taps (``cover_html``).
The cover holds no card at all, face up or down, so nothing is in the DOM or the
accessibility tree for the wrong pair of eyes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from phom.session import Seat, clean_name, plan_seats

from ..core.i18n import BOT_LEVELS, BOT_NAMES, own_names, player_name, t
from ..core.store import SEATS_KEY, is_nil

if TYPE_CHECKING:
    from ..core.store import Storage

# One seat of the plan, as edited and kept (phom.session.Seat.to_json): "kind" ("here",
# "guest" or "bot"), "name" (a person's), "bot" (a bot's strength).
PlanSeat = dict[str, str]

# The seats' words are the page's (ui/core/i18n.py STRINGS, looked up as ``t``)


def default_plan(players: int, bot: str, lang: str = "vi") -> list[PlanSeat]:
    """One person (seat 0) and bots: the solo table."""
    plan: list[PlanSeat] = [{"kind": "here", "name": player_name(lang, 0)}]
    plan += [{"kind": "bot", "bot": bot} for _ in range(players - 1)]
    return plan


def fit_plan(raw: object, players: int, bot: str, lang: str = "vi") -> list[PlanSeat]:
    """``raw`` cut or filled to ``players`` seats and checked; the default if it is bad."""
    if not isinstance(raw, list) or not raw:
        return default_plan(players, bot, lang)
    plan = [dict(x) for x in raw[:players] if isinstance(x, dict)]
    while len(plan) < players:
        plan.append({"kind": "bot", "bot": bot})
    if plan[0].get("kind") != "here":
        return default_plan(players, bot, lang)
    try:
        seats = plan_seats(plan)
    except ValueError:
        return default_plan(players, bot, lang)
    return [s.to_json() for s in seats]


def load_plan(storage: Storage, players: int, bot: str, lang: str = "vi") -> list[PlanSeat]:
    try:
        raw = storage.getItem(SEATS_KEY)
        if is_nil(raw):
            return default_plan(players, bot, lang)
        return fit_plan(json.loads(str(raw)), players, bot, lang)
    except (ValueError, TypeError):
        return default_plan(players, bot, lang)


def save_plan(storage: Storage, plan: list[PlanSeat]) -> None:
    storage.setItem(SEATS_KEY, json.dumps(plan, ensure_ascii=False))


def people(seats: Sequence[Seat]) -> list[int]:
    return [i for i, s in enumerate(seats) if s.person]


def change(plan: list[PlanSeat], key: str, value: object, lang: str) -> tuple[list[PlanSeat], str | None]:
    """Apply one edit from the settings panel (``seat_kind.N`` / ``seat_name.N``).

    Returns the new plan and None, or the old plan and why the edit is refused.
    """
    what, _, idx = key.partition(".")
    try:
        i = int(idx)
    except ValueError:
        return plan, "?"
    if not 0 <= i < len(plan):
        return plan, "?"
    new = [dict(x) for x in plan]
    if what == "seat_kind":
        if i == 0 or not isinstance(value, str):
            return plan, "?"     # seat 0 is whoever holds the device
        if value in ("here", "guest"):
            taken = {x["name"].casefold() for x in new if x["kind"] != "bot"}
            n = i + 1
            word = "person_n" if value == "here" else "guest_n"
            name = t(lang, word, n=n)
            while name.casefold() in taken:
                n += 1
                name = t(lang, word, n=n)
            new[i] = {"kind": value, "name": name, "bot": new[i].get("bot", "normal")}
        elif value in BOT_LEVELS:
            new[i] = {"kind": "bot", "name": "", "bot": value}
        else:
            return plan, "?"
    elif what == "seat_name":
        if new[i]["kind"] == "bot":
            return plan, "?"
        try:
            name = clean_name(value)
        except ValueError:
            return plan, t(lang, "name_empty")
        if any(j != i and x["kind"] != "bot" and x["name"].casefold() == name.casefold()
               for j, x in enumerate(new)):
            return plan, t(lang, "name_taken")
        new[i]["name"] = name
    else:
        return plan, "?"
    return [s.to_json() for s in plan_seats(new)], None


def seat_name(seats: Sequence[Seat], seat: int, lang: str, pass_and_play: bool) -> str:
    """What a seat is called on the table: a person's name, or the bot's."""
    if not pass_and_play:
        return player_name(lang, seat)
    s = seats[seat]
    if s.person:
        # the name the page gave the phone's own player ("Bạn" / "You"), kept from a
        # plan made in the other language, is said in this one
        if seat == 0 and s.name.casefold() in own_names():
            return t(lang, "you")
        return s.name
    bot = player_name(lang, seat) if seat else BOT_NAMES[0]
    taken = {seats[i].name.casefold() for i in people(seats)}
    return bot if bot.casefold() not in taken else t(lang, "bot_n", n=seat + 1)


# ---------------------------------------------------------------- HTML
def seats_html(lang: str, plan: list[PlanSeat]) -> str:
    """The settings panel's seat table: a kind/strength picker and a name per seat."""
    rows = []
    for i, s in enumerate(plan):
        sid = f"seat_kind.{i}"
        kinds = ([("here", t(lang, "person"))] + ([("guest", t(lang, "guest"))] if i else [])
                 + [(b, t(lang, f"bot_{b}")) for b in BOT_LEVELS])
        current = s["kind"] if s["kind"] != "bot" else s.get("bot", "normal")
        opts = "".join(f'<option value="{v}"{" selected" if v == current else ""}>{escape(label)}</option>'
                       for v, label in kinds)
        disabled = " disabled" if i == 0 else ""
        pick = (f'<select id="set-{sid}" data-setting="{sid}" data-key="set-{sid}"{disabled}>{opts}</select>')
        name = ""
        if s["kind"] != "bot":
            nid = f"seat_name.{i}"
            # the name the page gave the phone's own player, kept from a plan made in the
            # other language, is shown in this one ("You", not "Bạn")
            shown = t(lang, "you") if i == 0 and s["name"].casefold() in own_names() else s["name"]
            name = (f'<input type="text" id="set-{nid}" data-setting="{nid}" data-key="set-{nid}" '
                    f'maxlength="16" autocomplete="off" enterkeyhint="done" value="{escape(shown)}" '
                    f'aria-label="{escape(t(lang, "name") + " — " + t(lang, "seat_n", n=i + 1))}">')
        rows.append(f'<div class="seat-row"><label for="set-{sid}">{escape(t(lang, "seat_n", n=i + 1))}</label>'
                    f"{pick}{name}</div>")
    return (f'<fieldset class="seats-plan"><legend>{escape(t(lang, "seats"))}</legend>'
            + "".join(rows) + f'<p class="note">{escape(t(lang, "seats_note"))}</p></fieldset>')


def cover_html(lang: str, name: str, over: bool) -> str:
    """The pass-and-play cover: one big button, no card of anyone's."""
    title = t(lang, "cover_title", name=name)
    tap = t(lang, "cover_over") if over else t(lang, "cover_tap", name=name)
    return (
        '<section class="cover" data-key="cover-screen" aria-labelledby="cover-title">'
        '<button type="button" class="cover-tap" data-act="uncover" data-key="cover">'
        f'<span class="cover-icon" aria-hidden="true">⇄</span>'
        f'<strong id="cover-title" class="cover-title">{escape(title)}</strong>'
        f'<span class="cover-sub">{escape(tap)}</span>'
        f'<span class="cover-hint">{escape(t(lang, "cover_hint"))}</span>'
        "</button></section>"
    )


__all__ = ["PlanSeat", "Seat", "SEATS_KEY", "plan_seats", "change", "cover_html", "default_plan", "fit_plan", "load_plan",
           "people", "save_plan", "seat_name", "seats_html"]
