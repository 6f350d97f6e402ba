"""The statistics panel: a person's record (all the tables they played and one beside),
everyone's side by side, the running total as a chart, and the reset.

Pure functions of a ``LearnState``, like ``render.py``, which draws this panel
among the other dialogs: the records are ``phom.stats``' (``Stats.summary``); what
is added here is only how they are laid out on a phone.
"""

from __future__ import annotations

from html import escape

from ..core.i18n import number, percent, player_name, preset_name, u_name
from ..table.app import HUMAN
from .controls import btn, learn_dialog
from .state import LearnState
from .words import tx


def chart_svg(totals: list[int], lang: str, width: int = 300, height: int = 90) -> str:
    """The running total as a small line chart (zero line, last value labelled)."""
    n = len(totals)
    label = escape(tx(lang, "chart", n=max(0, n - 1)))
    if n < 2:
        return ""
    lo, hi = min(min(totals), 0), max(max(totals), 0)
    span = max(1, hi - lo)
    pad = 6

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / (n - 1)

    def y(v: int) -> float:
        return pad + (height - 2 * pad) * (hi - v) / span

    pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(totals))
    last = totals[-1]
    return (f'<svg class="stats-chart" viewBox="0 0 {width} {height}" width="100%" '
            f'role="img" aria-label="{label}: {last:+d}">'
            f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
            f'stroke="currentColor" stroke-opacity=".35" stroke-dasharray="3 3"/>'
            f'<polyline points="{pts}" fill="none" stroke="currentColor" stroke-width="2"/>'
            f'<circle cx="{x(n - 1):.1f}" cy="{y(last):.1f}" r="3" fill="currentColor"/>'
            f'<text x="{width - pad}" y="{max(12.0, y(last) - 6):.1f}" text-anchor="end" '
            f'font-size="12" fill="currentColor">{last:+d}</text></svg>')


def who_label(learn: LearnState, who: str | None) -> str:
    return player_name(learn.app.lang, HUMAN) if who is None else who


def people_picker_html(learn: LearnState, people: list[str | None]) -> str:
    """Whose statistics: one button per person with records, and everyone at once."""
    lang = learn.app.lang
    opts = [("" if p is None else "=" + p, who_label(learn, p)) for p in people]
    opts.append(("@all", tx(lang, "everyone")))
    cur = learn.stats_who if any(learn.stats_who.casefold() == v.casefold() for v, _ in opts) else ""
    btns = "".join(
        f'<button type="button" class="btn chip" data-act="stats_who" data-arg="{escape(v)}" '
        f'data-key="who-{escape(v or "me")}" aria-pressed="{"true" if v.casefold() == cur.casefold() else "false"}">'
        f"{escape(label)}</button>" for v, label in opts)
    return (f'<div class="stats-people" role="group" aria-label="{escape(tx(lang, "whose"))}">'
            f"{btns}</div>")


def people_table_html(learn: LearnState, people: list[str | None]) -> str:
    """Everyone's record side by side: hands, wins, units, per hand."""
    lang = learn.app.lang
    head = "".join(f'<th scope="col">{escape(tx(lang, k))}</th>'
                   for k in ("hands", "wins", "units", "per_hand"))
    rows = []
    for p in people:
        s = learn.stats.of(p).summary()
        # the share of wins under its count on a narrow phone (friends.css), so the
        # names keep the width
        wins = (f'{s.wins} <span class="pct">({percent(s.wins / s.hands, lang)})</span>')
        cells = (escape(str(s.hands)), wins, escape(f"{s.units:+d}"),
                 escape(number(s.units_per_hand, lang, 2, sign=True)))
        rows.append(f'<tr><th scope="row">{escape(who_label(learn, p))}</th>'
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return (f'<div class="stats-scroll"><table class="stats-table stats-everyone"><thead><tr><th></th>'
            f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def stats_html(learn: LearnState) -> str:
    lang = learn.app.lang
    people = learn.stats.people()
    picker = people_picker_html(learn, people) if people and (len(people) > 1 or learn.stats_who) else ""
    if learn.stats_who == "@all" and people:
        body = picker + people_table_html(learn, people) + reset_html(learn)
        return learn_dialog("learn-stats", tx(lang, "stats_title"), body, lang)
    who = learn.stats_who[1:] if learn.stats_who.startswith("=") else None
    st = learn.stats.of(who)
    if not st.records:
        empty = tx(lang, "stats_empty_who", name=who) if who else tx(lang, "stats_empty")
        body = picker + f'<p>{escape(empty)}</p>'
        return learn_dialog("learn-stats", tx(lang, "stats_title"), body, lang)
    # all of them and one table beside: side by side, five tables' columns would not
    # fit a phone (nor a desktop's panel); with two or more, chips choose the one
    played = st.presets()
    shown = shown_preset(learn, played)
    cols = [(None, tx(lang, "all_presets")), (shown, preset_name(lang, shown))]
    sums = [st.summary(p) for p, _ in cols]

    def pct(x: float) -> str:
        return percent(x, lang)

    def row(label: str, vals: list[str], sep: str = "") -> str:
        # a value made of parts (the places) wraps between its parts, never inside one
        cells = "".join(f'<td class="parts">{escape(sep).join(f"<span>{escape(x)}</span>" for x in v.split(sep))}</td>'
                        if sep else f"<td>{escape(v)}</td>" for v in vals)
        return f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>'

    rows = [
        row(tx(lang, "hands"), [str(s.hands) for s in sums]),
        row(tx(lang, "wins"), [f"{s.wins} ({pct(s.wins / s.hands)})" for s in sums]),
        row(tx(lang, "places"), [" · ".join(f"{p}: {pct(v)}" for p, v in s.places.items())
                                 for s in sums], sep=" · "),
        row(tx(lang, "mom_rate"), [pct(s.mom_rate) for s in sums]),
        row(tx(lang, "u_kinds"), [", ".join(f"{u_name(lang, k)} {n}" for k, n in s.u.items())
                                  or tx(lang, "none") for s in sums]),
        row(tx(lang, "eats"), [str(s.eats) for s in sums]),
        row(tx(lang, "chot_eaten"), [str(s.chot_eaten) for s in sums]),
        row(tx(lang, "chot_fed"), [str(s.chot_fed) for s in sums]),
        row(tx(lang, "units"), [f"{s.units:+d}" for s in sums]),
        row(tx(lang, "per_hand"), [number(s.units_per_hand, lang, 2, sign=True) for s in sums]),
        row(tx(lang, "streak"), [str(s.best_streak) for s in sums]),
        row(tx(lang, "hints_used"), [str(s.hints) for s in sums]),
    ]
    head = "".join(f'<th scope="col">{escape(n)}</th>' for _, n in cols)
    table = (f'<div class="stats-scroll"><table class="stats-table"><thead><tr><th></th>{head}'
             f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
    daily_rows = sorted(sums[0].daily.items(), reverse=True)[:7]
    daily_html = ""
    if daily_rows:
        items = "".join(f"<li>{escape(d)}: {u:+d}</li>" for d, u in daily_rows)
        daily_html = (f'<h3>{escape(tx(lang, "daily_results"))}</h3>'
                      f'<ul class="daily-results">{items}</ul>')
    chart = chart_svg(st.running_total(50), lang)
    name = (f'<h3 class="stats-who">{escape(who_label(learn, who))}</h3>'
            if picker or who is not None else "")
    tables = preset_picker_html(learn, played, shown) if len(played) > 1 else ""
    body = f"{picker}{name}{tables}{table}{chart}{daily_html}{reset_html(learn)}"
    return learn_dialog("learn-stats", tx(lang, "stats_title"), body, lang)


def shown_preset(learn: LearnState, played: list[str]) -> str:
    """The table shown beside all of them: the one chosen, else the one in play, else
    the first played."""
    for p in (learn.stats_preset, learn.app.settings["preset"]):
        if p in played:
            return p
    return played[0]


def preset_picker_html(learn: LearnState, played: list[str], shown: str) -> str:
    lang = learn.app.lang
    btns = "".join(
        f'<button type="button" class="btn chip" data-act="stats_preset" data-arg="{escape(p)}" '
        f'data-key="table-{escape(p)}" aria-pressed="{"true" if p == shown else "false"}">'
        f"{escape(preset_name(lang, p))}</button>" for p in played)
    return (f'<div class="stats-people stats-presets" role="group" '
            f'aria-label="{escape(tx(lang, "which_table"))}">'
            f'<span class="chips-label" aria-hidden="true">{escape(tx(lang, "by_table"))}</span>{btns}</div>')


def reset_html(learn: LearnState) -> str:
    lang = learn.app.lang
    if learn.confirm_reset:
        reset = (f'<p class="reset-q">{escape(tx(lang, "reset_q"))}</p>'
                 + btn(tx(lang, "btn_reset_no"), "stats_reset_no")
                 + btn(tx(lang, "btn_reset_yes"), "stats_reset_yes", cls="danger"))
    else:
        reset = btn(tx(lang, "btn_reset"), "stats_reset")
    return f'<div class="panel-actions">{reset}</div>'
