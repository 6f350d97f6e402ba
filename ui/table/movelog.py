"""What happened this hand, shown and said: the ticker, the move log, the live region.

Everything here comes from ``phom.narrate.moves`` — the engine's record of
the hand as the seat on show (``app.me``) may know it (public events, the
lay-down log, the melds on the table, and that seat's own draws) — never from what the
page saw change. The words are the engine's (``narrate.say``); this module
only picks the seats' names, turns cards into their drawn form for the
screen (suit shapes, not glyphs) and into names for the screen reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from phom import Card, narrate
from phom.narrate import Move

from ..core.i18n import t
from ..core.widgets import card_text_html, scroll_box

if TYPE_CHECKING:
    from .app import App

TICKER_SIZE = 3


def moves(app: App) -> list[Move]:
    """Every move of the hand in progress, oldest first."""
    if app.game is None:
        return []
    return narrate.moves(app.game, app.me)


def _you(app: App) -> int | None:
    """The seat spoken to as "you" (``App.you_seat``)."""
    return app.you_seat


def _names(app: App) -> list[str]:
    """The seats' names as the log says them: the seat spoken to is "Bạn"/"You" on its
    own phone (a linked guest's and the host's page both), whatever the table calls it."""
    names = list(app.names())
    you = _you(app)
    if you is not None:
        names[you] = t(app.lang, "you")
    return names


def speak(app: App, move: Move) -> str:
    """A move as a sentence for the live region: cards by name ("7 cơ")."""
    text = narrate.say(move, app.lang, _names(app), you=_you(app))
    return text if text.endswith(("!", "?", ".")) else text + "."


def spoken(app: App, new_moves: Sequence[Move]) -> list[str]:
    """What the live region says of the moves just made: each move, then, if they
    ended the hand, how it ended (its first line: who won, or who ù)."""
    texts = [speak(app, m) for m in new_moves]
    if new_moves and app.current_game.is_over:
        head = narrate.outcome(app.current_game.result, app.lang, app.names(), you=_you(app))[0]
        texts.append(head if head.endswith(("!", "?", ".")) else head + ".")
    return texts


def move_html(app: App, move: Move) -> str:
    """A move as HTML: the engine's sentence with each card drawn as rank + suit shape."""
    cards: list[str | None] = []

    def card(c: Card) -> str:
        cards.append(card_text_html(c))
        return f"\0{len(cards) - 1}\0"

    def meld(cs: Iterable[Card]) -> str:
        inner = "".join(card(c) for c in cs)
        cards.append(None)
        return f"\0{len(cards) - 1}\0{inner}\0{len(cards) - 1}\0"

    text = escape(narrate.say(move, app.lang, _names(app), you=_you(app), card=card, meld=meld))
    parts = text.split("\0")
    out: list[str] = []
    opened: set[int] = set()
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(part)
            continue
        k = int(part)
        html = cards[k]
        if html is not None:
            out.append(html)
        elif k in opened:
            out.append("</span>")
        else:
            opened.add(k)
            out.append('<span class="mtext">')
    return "".join(out)


def ticker_html(app: App, n: int = TICKER_SIZE) -> str:
    """The last ``n`` moves, newest first (and marked); hidden from screen
    readers (the live region says each move once)."""
    g = app.game
    if g is None or g.is_over:
        return ""
    recent = moves(app)[-n:][::-1]
    if not recent:
        return '<ol class="ticker" aria-hidden="true"></ol>'
    items = []
    for i, m in enumerate(recent):
        cls = f"tick k-{m.kind}" + (" new" if i == 0 else "")
        items.append(f'<li class="{cls}" data-seat="{m.seat}">{move_html(app, m)}</li>')
    return f'<ol class="ticker" aria-hidden="true">{"".join(items)}</ol>'


def log_body_html(app: App) -> str:
    """The move log dialog's body: every move of the hand, in order, by round."""
    lang = app.lang
    ms = moves(app)
    if not ms:
        return f'<p class="movelog-empty">{escape(t(lang, "log_empty"))}</p>'
    names = _names(app)
    starter = app.view().starter
    items = []
    rnd = 0
    for i, m in enumerate(ms):
        if m.seat == starter and (i == 0 or ms[i - 1].seat != starter):
            rnd += 1  # the starter begins each round of turns
            items.append(f'<li class="round" aria-hidden="true">{escape(t(lang, "log_round", n=rnd))}</li>')
        mine = " me" if m.seat == app.me else ""
        items.append(f'<li class="mv k-{m.kind}{mine}"><span class="sr-only">{escape(speak(app, m))}</span>'
                     f'<span aria-hidden="true">{move_html(app, m)}</span></li>')
    if app.current_game.is_over:
        items.append(outcome_html(app))
    head = escape(t(lang, "log_dealt", name=names[starter]))
    return (f'<p class="movelog-head">{head}</p>'
            + scroll_box("ol", t(lang, "log_title"), "".join(items), cls="movelog", key="movelog"))


def outcome_html(app: App) -> str:
    """The log's last lines when the hand is over: the engine's words for how it ended
    (``narrate.outcome``: who won, each player's points or móm, the money moved)."""
    lines = narrate.outcome(app.current_game.result, app.lang, app.names(), you=_you(app))
    head, rest = lines[0], lines[1:]
    body = "".join(f"<li>{escape(x)}</li>" for x in rest)
    return (f'<li class="mv k-result"><b>{escape(head)}</b>'
            f'<ul class="outcome">{body}</ul></li>')
