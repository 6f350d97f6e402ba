"""One screen, no scrolling, at every phone size either way up (issue 10).

A crafted village deal with four players is played by taps to the lay-down
turn with three sends offered and to the end. At every step, and at each of
the six viewports below (one page, resized), the page must not scroll either
way, every hand card must be hit where its visible strip is (≥ 44 px), every
enabled action button must be inside the viewport and not covered, and
nothing on the felt may be cut off. Screenshots of every viewport at each
phase go to test-artifacts/layout/, in Vietnamese and English.
"""

from __future__ import annotations

import pytest
from crafted import SENDS_HANDS, SENDS_KEEP, SENDS_STOCK
from table_driver import deck_text, has, open_table, phase, shot, state, wait_ready

VIEWPORTS = [(360, 640), (390, 844), (412, 915), (640, 360), (844, 390), (1280, 800)]
ACT_AT = (390, 844)

# the crafted village deal with three sends at our lay-down turn (tests/engine/crafted.py)
HANDS, STOCK, KEEP = SENDS_HANDS, SENDS_STOCK, SENDS_KEEP
PARAMS = dict(preset="village", players=4, starter=1, seed=5, bot="normal")

CHECK = r"""(what) => {
  const W = innerWidth, H = innerHeight, de = document.documentElement, out = [];
  const bad = (m) => out.push(`${W}x${H} ${what}: ${m}`);
  for (const el of [de, document.body]) {
    if (el.scrollWidth > el.clientWidth + 0 || el.scrollHeight > el.clientHeight + 0)
      bad(`${el.tagName} scrolls: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const name = (e) => e.dataset.key || e.dataset.act || e.className;
  const layers = [...document.querySelectorAll('#table .overlay')];
  const top = layers[layers.length - 1];
  if (!top) {
    const cards = [...document.querySelectorAll('.hand .hand-card')];
    cards.forEach((c, i) => {
      const r = c.getBoundingClientRect();
      let right = r.right;
      for (const d of cards.slice(i + 1)) {
        const q = d.getBoundingClientRect();
        if (q.top < r.bottom && q.bottom > r.top && q.left > r.left && q.left < right) right = q.left;
      }
      const w = right - r.left;
      if (w < 44 || r.height < 44) bad(`hand card ${c.dataset.card} strip ${w.toFixed(0)}x${r.height.toFixed(0)}`);
      if (!inside(r)) bad(`hand card ${c.dataset.card} outside the viewport (${r.left|0},${r.top|0},${r.right|0},${r.bottom|0})`);
      for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.12], [0.85, 0.12], [0.15, 0.9], [0.85, 0.9]]) {
        const x = r.left + w * fx, y = r.top + r.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit.closest('.hand-card') !== c) {
          bad(`hand card ${c.dataset.card} covered at (${x|0},${y|0}) by ${hit ? name(hit) : 'nothing'}`);
          break;
        }
      }
    });
    // the felt: every seat's cards whole, inside the felt, no seat spilling over
    const felt = document.querySelector('.felt').getBoundingClientRect();
    for (const c of document.querySelectorAll('.felt .card, .felt .stock')) {
      const r = c.getBoundingClientRect();
      if (r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 || r.bottom > felt.bottom + 1)
        bad(`felt card ${c.dataset.card || name(c)} cut off (${r.left|0},${r.top|0},${r.right|0},${r.bottom|0}) felt (${felt.left|0},${felt.top|0},${felt.right|0},${felt.bottom|0})`);
    }
    for (const s of document.querySelectorAll('.felt .seat')) {
      if (s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1)
        bad(`seat ${s.dataset.seat} overflows: ${s.scrollWidth}x${s.scrollHeight} in ${s.clientWidth}x${s.clientHeight}`);
    }
    const hand = document.querySelector('.hand').getBoundingClientRect();
    const bar = document.querySelector('.actionbar').getBoundingClientRect();
    if (bar.bottom > hand.top + 1 && bar.right > hand.left && bar.left < hand.right && bar.top < hand.bottom)
      bad('the action bar overlaps the hand');
  }
  const scope = top || document.getElementById('table');
  for (const b of scope.querySelectorAll('[data-act]:not([aria-disabled="true"])')) {
    if (b.classList.contains('hand-card') || b.offsetParent === null) continue;
    // a long dialog (rules, settings with the seats) scrolls inside its own body, never the page:
    // what is in that body must be reachable by scrolling it
    const body = b.closest('.dlg-body');
    if (body && body.scrollHeight > body.clientHeight) {
      if (!inside(body.getBoundingClientRect())) bad(`dialog body of ${name(b)} outside the viewport`);
      continue;
    }
    const r = b.getBoundingClientRect();
    if (!inside(r)) { bad(`button ${name(b)} outside the viewport (${r.left|0},${r.top|0},${r.right|0},${r.bottom|0})`); continue; }
    if (r.width < 44 || r.height < 44) {
      // a small card may reach its 44 px round it (a ::before); what is hit there must be it
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      for (const [dx, dy] of [[-21, -21], [21, -21], [-21, 21], [21, 21]]) {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        if (!hit || !b.contains(hit)) { bad(`button ${name(b)} is ${r.width|0}x${r.height|0}, its 44 px target missed at (${dx},${dy})`); break; }
      }
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !b.contains(hit)) bad(`button ${name(b)} covered by ${hit ? name(hit) : 'nothing'}`);
  }
  const over = document.querySelector('.panel.over');
  if (over && top && top.contains(over)) {
    if (over.scrollHeight > over.clientHeight + 1) bad(`end-of-hand panel scrolls: ${over.scrollHeight} in ${over.clientHeight}`);
    const pr = over.getBoundingClientRect();
    if (!inside(pr)) bad('end-of-hand panel outside the viewport');
    for (const li of over.querySelectorAll('.payments li, .standing')) {
      const r = li.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
      if (!inside(r) || r.bottom > pr.bottom + 1 || !hit || !li.contains(hit))
        bad(`end-of-hand line not readable: ${li.textContent.slice(0, 40)}`);
    }
  }
  for (const p of document.querySelectorAll('#table .panel')) {
    if (!inside(p.getBoundingClientRect())) bad(`panel ${p.dataset.key} outside the viewport`);
  }
  return out;
}"""


class Screens:
    """Resize one page through every viewport, check each, screenshot the named phases."""

    def __init__(self, page, artifacts, lang: str) -> None:
        self.page, self.lang = page, lang
        self.dir = artifacts / "layout"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.problems: list[str] = []
        self.results: dict = {vp: 0 for vp in VIEWPORTS}

    def check(self, what: str, picture: str | None = None) -> None:
        for w, h in VIEWPORTS:
            self.page.set_viewport_size({"width": w, "height": h})
            found = self.page.evaluate(CHECK, what)
            self.results[(w, h)] += len(found)
            self.problems += found
            if found and not picture:
                self.page.screenshot(path=str(self.dir / f"{self.lang}-{w}x{h}-problem-{len(self.problems)}.png"))
            if picture:
                shot(self.page, str(self.dir / f"{self.lang}-{w}x{h}-{picture}.png"))
        self.page.set_viewport_size({"width": ACT_AT[0], "height": ACT_AT[1]})

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()


def _discard(page, keep) -> None:
    hand = state(page)["hand"]
    legal = set(state(page)["legal"])
    loose = [c for c in hand if c not in keep and f"Discard {c}" in legal]
    card = page.locator(f'.hand .card[data-card="{(loose or hand)[-1]}"]')
    card.tap()
    card.tap()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_one_screen_at_every_viewport(new_table, site_url, artifacts, lang):
    page = new_table(width=ACT_AT[0], height=ACT_AT[1], touch=True)
    s = Screens(page, artifacts, lang)
    deck = deck_text(HANDS, stock=STOCK, players=4, starter=1)
    open_table(page, site_url, lang=lang, deck=deck, **PARAMS)

    s.check("start (a take)", "1-take")
    s.tap(".stock.can")
    wait_ready(page)
    page.locator(".hand .card:not(.locked)").last.tap()
    s.check("a card raised to discard", "2-discard")
    page.locator(".hand .card.raised").tap()
    for _ in range(20):
        wait_ready(page)
        if has(page, '.actionbar [data-act="lay"]'):
            break
        assert phase(page) == "your-turn"
        s.check("a turn")
        if has(page, ".stock.can"):
            s.tap(".stock.can")
        else:
            _discard(page, KEEP)
    else:
        raise AssertionError("no lay-down turn")

    s.check("the lay-down turn", "3-lay-down")
    # The other way is the empty one: labelled as a choice, and asked before it is taken.
    s.tap('[data-act="arr_next"]')
    assert page.locator(".arr-skip").count() == 1
    s.check("the empty arrangement shown", "3b-no-lay")
    s.tap('.actionbar [data-act="lay"]')
    assert has(page, ".dlg-confirm_mom")
    s.check("móm asked", "3c-confirm-mom")
    s.tap('.dlg-confirm_mom [data-act="close"][data-key="confirm-back"]')
    s.tap('[data-act="arr_next"]')
    assert page.locator(".arr-skip").count() == 0
    s.tap('.actionbar [data-act="lay"]')
    wait_ready(page)
    sends = page.locator('.actionbar [data-act="send"]').count()
    assert sends == 3, f"three sends should be offered, saw {sends}"
    s.check("three sends offered", "4-sends")
    while has(page, '.actionbar [data-act="send"]'):
        s.tap('.actionbar [data-act="send"]')
        wait_ready(page)
        s.check("after a send")
    _discard(page, set())
    for _ in range(30):
        wait_ready(page)
        if phase(page) == "hand-over":
            break
        s.check("after the lay-down")
        if has(page, ".stock.can"):
            s.tap(".stock.can")
        else:
            _discard(page, set())
    assert phase(page) == "hand-over"
    s.check("hand over", "5-over")
    over = page.locator(".panel.over")
    assert over.locator(".standing").count() == 4
    assert over.locator(".plaid .cgroup").count() >= 7  # every laid meld, ours and the bots'
    assert over.locator(".card.sent").count() >= 3      # our three sends, marked
    s.tap('.over [data-act="scores"]')
    s.check("score sheet", "6-scores")
    page.keyboard.press("Escape")
    s.tap('.over [data-act="next"]')
    wait_ready(page)
    s.check("the next hand", "7-next-hand")
    s.tap('[data-act="settings"]')
    s.check("settings", "8-settings")
    s.tap('[data-act="new_match"]')
    assert has(page, ".dlg-confirm_new")
    s.check("new match asked", "9-confirm-new")
    s.tap('[data-key="confirm-back"]')
    s.tap('[data-act="close"]')
    # the header: the hand's tools and "Thêm"; the rest is in that menu, by touch too
    assert page.locator(".topbar .tools [data-act]").count() == 4
    s.tap('.topbar [data-act="menu"]')
    s.check("the menu", "10-menu")
    s.tap('.dlg-menu [data-act="rules"]')
    s.check("rules", "11-rules")
    page.keyboard.press("Escape")

    report = ", ".join(f"{w}x{h}: {n} problems" for (w, h), n in s.results.items())
    (artifacts / "layout" / f"result-{lang}.txt").write_text(report + "\n" + "\n".join(s.problems) + "\n")
    assert not s.problems, "\n".join(s.problems[:40])


def test_score_sheet_after_two_hands_and_new_match_asked(table, site_url):
    """Two hands by keyboard, the score sheet, and a new match asked first. The first
    hand is also test_table's whole hand by keyboard for traditional with two players
    (the same link, the same deal): its end-of-hand panel is checked here."""
    from table_driver import keyboard_step, play_hand

    open_table(table, site_url, preset="traditional", players=2, seed=11)
    assert state(table)["settings"]["preset"] == "traditional"
    deltas = []
    for n in (1, 2):
        steps = play_hand(table, keyboard_step)
        deltas.append(state(table)["totals"])
        if n == 1:
            assert "discard" in steps
            assert phase(table) == "hand-over"
            panel = table.locator(".over")
            assert panel.locator(".standing").count() == 2
            assert panel.locator(".payments li").count() >= 1
            # N deals the next hand, started by the winner.
            table.keyboard.press("n")
            wait_ready(table)
            assert state(table)["hand_no"] == 2
            assert not state(table)["over"]
    # by keyboard: key names shown; the hand-over panel's own button opens the sheet
    assert table.locator(".app.input-kbd").count() == 1
    table.click('.over [data-act="scores"]')
    sheet = table.locator(".dlg-scores")
    assert sheet.locator("tbody tr").count() == 2
    first, total = deltas
    foot = sheet.locator("tfoot td").all_inner_texts()
    assert foot == [f"{x:+d}" for x in total]
    rows = sheet.locator("tbody tr")  # newest first: hand 2, then hand 1
    assert rows.nth(1).locator("th").inner_text() == "1"
    assert [c.split("\n")[0] for c in rows.nth(1).locator("td").all_inner_texts()] == [f"{x:+d}" for x in first]
    table.keyboard.press("Escape")
    table.keyboard.press("n")
    wait_ready(table)
    assert state(table)["hand_no"] == 3
    # a new match in the middle of a hand asks first; going back keeps the match
    table.click('[data-act="settings"]')
    table.click('[data-act="new_match"]')
    assert has(table, ".dlg-confirm_new")
    table.click('[data-key="confirm-back"]')
    assert has(table, ".dlg-settings") and state(table)["hand_no"] == 3
    table.click('[data-act="new_match"]')
    table.click('.dlg-confirm_new [data-act="confirm"]')
    wait_ready(table)
    assert state(table)["hand_no"] == 1 and state(table)["totals"] == [0, 0]
