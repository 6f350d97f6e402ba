"""The score sheet ("Bảng điểm"): each finished hand's result per player and
the match's running totals, read from ``phom.Match`` (its ``history`` keeps
every hand's deltas; ``totals`` the sums)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..core.i18n import t
from ..core.widgets import dialog

if TYPE_CHECKING:
    from .app import App
    from .source import TableTotals


def rows(match: TableTotals) -> list[tuple[int, list[int], list[int]]]:
    """[(hand_no, deltas, running totals)] for every recorded hand, oldest first."""
    out: list[tuple[int, list[int], list[int]]] = []
    players = len(match.totals)
    running = [0] * players
    for i, h in enumerate(getattr(match, "history", ()), start=1):
        deltas = list(h.get("deltas", []))[:players]
        deltas += [0] * (players - len(deltas))
        running = [a + b for a, b in zip(running, deltas, strict=True)]
        out.append((i, deltas, running))
    return out


def _num(x: int, cls: str = "") -> str:
    return f'<td class="{cls}{" neg" if x < 0 else ""}">{x:+d}</td>'


def scores_html(app: App) -> str:
    lang = app.lang
    m = app.current_match
    players = len(m.totals)
    names = [app.name(s) for s in range(players)]
    head = "".join(f'<th scope="col"{" class=me" if s == app.me else ""}>{escape(n)}</th>'
                   for s, n in enumerate(names))
    body = []
    for no, deltas, running in reversed(rows(m)):
        cells = "".join(
            f'<td class="{"neg" if d < 0 else ""}"><b>{d:+d}</b><small>{r:+d}</small></td>'
            for d, r in zip(deltas, running, strict=True))
        body.append(f'<tr><th scope="row">{no}</th>{cells}</tr>')
    done = len(getattr(m, "history", ()))
    if app.game is not None and not app.game.is_over:
        body.insert(0, f'<tr class="now"><th scope="row">{done + 1}</th>'
                       f'<td colspan="{players}">{escape(t(lang, "scores_now"))}</td></tr>')
    foot = "".join(_num(x, "total") for x in m.totals)
    if not done:
        body.append(f'<tr><td colspan="{players + 1}">{escape(t(lang, "scores_none"))}</td></tr>')
    table = (
        f'<div class="scores-wrap"><table class="scores"><thead><tr><th scope="col">{escape(t(lang, "scores_hand"))}</th>'
        f'{head}</tr></thead>'
        f'<tfoot><tr><th scope="row">{escape(t(lang, "scores_total"))}</th>{foot}</tr></tfoot>'
        f'<tbody>{"".join(body)}</tbody></table></div>'
    )
    return dialog("scores", t(lang, "scores_title"), table, lang)
