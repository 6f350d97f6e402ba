"""Screens a player meets on a small phone, checked where they used to go wrong.

- The hand review upright (360×640, 390×844): the current move's words and the whole
  board on screen at once, the step buttons in the lower part, where a thumb is; sideways
  and on a desktop, everything on screen too.
- The statistics of everyone (pass-and-play, per person), and one person's at each of
  the five tables, fit a 360 px phone: no sideways scrolling.
- The notices: a first visit's welcome and a notice (here: the statistics set aside)
  stacked, never one over the other, at every viewport of test_layout, in both languages,
  the felt left whole (the stock clear of the seats): sideways in the side column, on a
  short phone upright the first one with a count of the others.

Screenshots of each at 360×640, 390×844, 844×390 and 1280×800 in Vietnamese and English
go to test-artifacts/small/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from table_driver import open_table, play_hand, shot, tap_step, wait_booted, wait_ready
from test_layout import CHECK, VIEWPORTS

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SHOTS = [(360, 640), (390, 844), (844, 390), (1280, 800)]

# Three people and the phone's own player, with names as long as a seat takes (16 letters).
PEOPLE = [None, "Nguyễn Thu Hương", "Trần Văn Minh", "Lê Thị Lan Anh"]
# ... who have played at every one of the five tables
PRESETS = ["basic", "traditional", "online", "bonus", "village"]


def _records() -> str:
    recs = []
    for i, who in enumerate(PEOPLE):
        for k in range(12 + 7 * i):
            r = {"preset": PRESETS[(k + i) % len(PRESETS)], "players": 4, "place": 1 + (k + i) % 4,
                 "units": [-37, 12, 5, -8][(k + i) % 4] * (i + 1), "win": (k + i) % 4 == 0,
                 "mom": (k + i) % 4 == 3, "u": None, "eats": k % 3, "chot_eaten": 0,
                 "chot_fed": 0, "hints": 0, "daily": None}
            if who is not None:
                r["who"] = who
            recs.append(r)
    return json.dumps({"format": "phom.stats/1", "records": recs}, ensure_ascii=False)


def _settings(lang: str) -> str:
    from ui.core import store

    class Mem(dict):
        def setItem(self, k, v):
            self[k] = v

    mem = Mem()
    store.save_settings(mem, {**store.DEFAULT_SETTINGS, "lang": lang, "speed": "instant"})
    return mem[store.SETTINGS_KEY]


def _seed_storage(ctx, items: dict[str, str]) -> None:
    """Put ``items`` in localStorage before the page's first script, once per context."""
    ctx.add_init_script(
        "(() => { if (sessionStorage.getItem('seeded')) return; sessionStorage.setItem('seeded', '1');"
        f" const items = {json.dumps(items, ensure_ascii=False)};"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })()")


# ---------------------------------------------------------------- notices
NOTICES = r"""(want) => {
  const W = innerWidth, H = innerHeight, out = [];
  const boxes = [...document.querySelectorAll('.notice, .link-away')]
    .filter((e) => e.offsetParent !== null).map((e) => [e, e.getBoundingClientRect()]);
  if (boxes.length !== want) out.push(`${W}x${H}: ${boxes.length} notice(s) shown, ${want} expected`);
  const label = (e) => (e.className + ' ' + e.textContent).slice(0, 50);
  boxes.forEach(([e, r], i) => {
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.push(`${W}x${H}: notice outside the viewport: ${label(e)}`);
    for (const [f, q] of boxes.slice(i + 1)) {
      if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5)
        out.push(`${W}x${H}: notices overlap: ${label(e)} / ${label(f)}`);
    }
    // its words and every button in it are what is hit there, not something over it
    for (const t of [e, ...e.querySelectorAll('.btn')]) {
      const b = t.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + Math.min(12, b.width / 2), b.top + b.height / 2);
      if (!hit || !e.contains(hit)) out.push(`${W}x${H}: notice covered: ${label(t)}`);
    }
  });
  // the felt stays readable: the stock clear of every seat's box, each seat's name whole
  const stock = document.querySelector('.felt .stock');
  if (stock) {
    const s = stock.getBoundingClientRect();
    for (const seat of document.querySelectorAll('.felt .seat')) {
      const q = seat.getBoundingClientRect();
      if (s.left < q.right + 1 && q.left < s.right + 1 && s.top < q.bottom + 1 && q.top < s.bottom + 1)
        out.push(`${W}x${H}: the stock touches seat ${seat.dataset.seat}'s box`);
    }
  }
  return out;
}"""


# the count of notices waiting behind the first one shown, or null
COUNT = r"""() => {
  const first = document.querySelector('.notices > .notice');
  const c = first && getComputedStyle(first, '::after').content;
  return c && c !== 'none' && c !== 'normal' ? JSON.parse(c) : null;
}"""


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_welcome_and_a_notice_stack_at_every_viewport(new_table, site_url, artifacts, lang):
    page = new_table(width=390, height=844, touch=True)
    # the statistics set aside, and the language and the speed (no deal in flight) saved
    items = {"phom.stats.v1": "{damaged", "phom.settings.v1": _settings(lang)}
    _seed_storage(page.context, items)
    page.goto(site_url)                        # a first visit, no link: the welcome is offered
    page.wait_for_selector(".learn-welcome", timeout=60_000)
    wait_ready(page, 60_000)
    assert page.locator(".notice:not(.learn-welcome)").count() == 1   # the statistics set aside
    out = artifacts / "small"
    out.mkdir(exist_ok=True)
    problems = []
    for w, h in VIEWPORTS:
        page.set_viewport_size({"width": w, "height": h})
        # a short phone upright shows the first with a count of the others (+1)
        short = h > w and h < 720
        problems += page.evaluate(NOTICES, 1 if short else 2) + page.evaluate(CHECK, "welcome and a notice")
        count = page.evaluate(COUNT)
        if count != ("+1" if short else None):
            problems.append(f"{w}x{h}: the count of notices behind the first is {count}")
        if (w, h) in SHOTS:
            shot(page, str(out / f"notices-{w}x{h}-{lang}.png"))
    assert not problems, "\n".join(problems)
    # each goes on its own: the notice's × leaves the welcome whole, and the other way round
    page.set_viewport_size({"width": 360, "height": 640})
    page.tap('.notice:not(.learn-welcome) [data-act="dismiss"]')
    assert page.locator(".learn-welcome").count() == 1
    assert page.locator(".notice").count() == 1
    for w, h in VIEWPORTS:                     # the welcome alone, as most first visits see it
        page.set_viewport_size({"width": w, "height": h})
        problems += page.evaluate(NOTICES, 1) + page.evaluate(CHECK, "the welcome alone")
        if (w, h) in SHOTS:
            shot(page, str(out / f"welcome-{w}x{h}-{lang}.png"))
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- review and statistics
REVIEW = r"""() => {
  const W = innerWidth, H = innerHeight, out = [];
  const de = document.documentElement;
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const seen = (el, what) => {
    const r = el.getBoundingClientRect();
    if (!inside(r)) { out.push(`${W}x${H}: ${what} outside the viewport (${r.top | 0}..${r.bottom | 0})`); return; }
    const hit = document.elementFromPoint(r.left + Math.min(10, r.width / 2), r.top + r.height / 2);
    if (!hit || !el.contains(hit)) out.push(`${W}x${H}: ${what} covered by ${hit ? hit.className : 'nothing'}`);
  };
  if (de.scrollWidth > de.clientWidth || de.scrollHeight > de.clientHeight) out.push(`${W}x${H}: the page scrolls`);
  // the move on show in words, by the buttons; and its line in the log, in the log's box
  const words = document.querySelector('.rv-now');
  if (!words) out.push('no words for the move on show'); else seen(words, 'the current move in words');
  const now = document.querySelector('.rv-log li.now'), box = document.querySelector('.rv-logbox');
  if (now) {
    const r = now.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1) out.push(`${W}x${H}: the current move scrolled out of the log`);
    else seen(now, 'the current move in the log');
    const line = parseFloat(getComputedStyle(now).lineHeight) || 20;   // three lines of the log at least
    if (b.height < 3 * line) out.push(`${W}x${H}: the log is ${b.height | 0} px tall`);
  }
  for (const s of document.querySelectorAll('.rv-seat')) seen(s, `seat ${s.querySelector('b').textContent}`);
  for (const c of document.querySelectorAll('.rv-board .rv-card')) {
    if (!inside(c.getBoundingClientRect())) { out.push(`${W}x${H}: a board card cut off`); break; }
  }
  for (const b of document.querySelectorAll('.rv-controls .btn')) {
    seen(b, `button ${b.dataset.act}`);
    const r = b.getBoundingClientRect();
    if (r.height < 40) out.push(`${W}x${H}: button ${b.dataset.act} is ${r.height | 0} px tall`);
    // upright, the step buttons sit where a thumb is: the lower part of the screen
    if (H > W && r.top < H * 0.55) out.push(`${W}x${H}: button ${b.dataset.act} at ${r.top | 0} px, out of a thumb's reach`);
  }
  const body = document.querySelector('.dlg-learn-review .dlg-body');
  if (body.scrollWidth > body.clientWidth + 1) out.push(`${W}x${H}: the review scrolls sideways`);
  return out;
}"""

STATS = r"""(sel) => {
  const W = innerWidth, H = innerHeight, out = [];
  const t = document.querySelector(sel);
  const box = t.closest('.dlg-body');
  for (const el of [t.parentElement, box])
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${W}x${H}: ${el.className} scrolls sideways: ${el.scrollWidth} in ${el.clientWidth}`);
  const br = box.getBoundingClientRect();
  for (const c of t.querySelectorAll('th, td')) {
    const r = c.getBoundingClientRect();
    if (r.right > br.right + 1 || r.left < br.left - 1) { out.push(`${W}x${H}: cell cut off: ${c.textContent}`); break; }
    if (c.scrollWidth > c.clientWidth + 1) { out.push(`${W}x${H}: cell overflows: ${c.textContent}`); break; }
  }
  return out;
}"""


# A review button clicked, resolved once the move on show has changed. In the page, in
# one call: the review re-draws itself while the expert works (its progress), so a tap
# that waits for a still button may wait long; and while the expert works, every call
# into the page after a click waits ~0.4 s (Chromium's scheduler, here), three a step.
STEP = r"""(act) => new Promise((resolve, reject) => {
  const before = document.querySelector('.rv-now').dataset.step;
  const moved = () => {
    const now = document.querySelector('.rv-now');
    if (now && now.dataset.step !== before) { obs.disconnect(); clearTimeout(timer); resolve(now.dataset.step); }
  };
  const obs = new MutationObserver(moved);
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error(`${act}: still at move ${before}`)); }, 30000);
  obs.observe(document.getElementById('table'), {subtree: true, childList: true, attributes: true});
  document.querySelector(`.rv-controls [data-act="${act}"]`).dispatchEvent(new MouseEvent('click', {bubbles: true}));
})"""


def _step(page, act: str) -> str:
    """A review button, clicked as a tap clicks it; the step now on show."""
    return page.evaluate(STEP, act)


def _language(page, lang: str) -> None:
    """Switch the page's language in the settings, as a player does."""
    page.tap('[data-act="settings"]')
    page.select_option('select[data-setting="lang"]', lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    page.tap('[data-key="close-settings"]')


@pytest.mark.tiered  # the expert's review: long Python, slower without V8's optimising tier
def test_review_and_everyones_statistics_on_a_small_phone(new_table, site_url, artifacts):
    """One hand played by taps, then its review and everyone's statistics in Vietnamese,
    then in English (the language switched in the settings: one hand for both)."""
    page = new_table(width=360, height=640, touch=True)
    _seed_storage(page.context, {"phom.stats.v1": _records()})
    open_table(page, site_url, seed=41, preset="village", players=4, bot="normal", lang="vi")
    play_hand(page, tap_step)
    out = artifacts / "small"
    out.mkdir(exist_ok=True)
    problems = []
    for lang in ("vi", "en"):
        page.set_viewport_size({"width": 360, "height": 640})
        if lang == "en":
            _language(page, "en")
        page.tap('.over [data-act="review"]')
        page.wait_for_selector('[data-key="dlg-learn-review"]')
        assert page.locator(".rv-seat.me b").inner_text() == {"vi": "Bạn", "en": "You"}[lang]
        if page.get_attribute(".rv-now", "data-step") != "0":
            _step(page, "rv_first")
        for _ in range(9):                  # a move in the middle of the first rounds
            _step(page, "rv_next")
        assert page.locator(".rv-log li.now").get_attribute("data-step") == "9"
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            _step(page, "rv_prev")          # a step there and back, at this size
            _step(page, "rv_next")
            problems += page.evaluate(REVIEW)
            if (w, h) in SHOTS:             # checked at every size, pictured at the four
                shot(page, str(out / f"review-{w}x{h}-{lang}.png"))
        page.set_viewport_size({"width": 360, "height": 640})
        _step(page, "rv_last")              # the end: the last move and how the hand ended
        problems += page.evaluate(REVIEW)
        shot(page, str(out / f"review-end-360x640-{lang}.png"))
        page.keyboard.press("Escape")
    page.tap('.over [data-act="next"]')
    wait_booted(page)
    wait_ready(page)
    for lang in ("en", "vi"):
        page.set_viewport_size({"width": 360, "height": 640})
        if lang == "vi":
            _language(page, "vi")
        page.tap('[data-act="menu"]')
        page.tap('.dlg-menu [data-act="stats"]')
        page.tap('[data-act="stats_who"][data-arg="@all"]')
        assert page.locator(".stats-everyone tbody tr").count() == 4
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            problems += page.evaluate(STATS, ".stats-everyone")
            if (w, h) in SHOTS:
                shot(page, str(out / f"stats-everyone-{w}x{h}-{lang}.png"))
        # one person's record at each of the five tables: every table's figures readable
        page.set_viewport_size({"width": 360, "height": 640})
        page.tap('[data-act="stats_who"][data-arg=""]')
        page.wait_for_selector(".stats-table:not(.stats-everyone)")
        # all of them and one table beside, chosen by a chip for each of the five
        own = ".stats-table:not(.stats-everyone)"
        assert page.locator('[data-act="stats_preset"]').count() == len(PRESETS)
        page.tap('[data-act="stats_preset"][data-arg="bonus"]')
        page.wait_for_selector('[data-act="stats_preset"][data-arg="bonus"][aria-pressed="true"]')
        heads = page.locator(f"{own} thead th").all_inner_texts()
        assert heads[1:] == [{"vi": "Tất cả", "en": "All"}[lang],
                             page.inner_text('[data-act="stats_preset"][data-arg="bonus"]')], heads
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            problems += page.evaluate(STATS, own)
            if (w, h) in SHOTS:
                shot(page, str(out / f"stats-own-{w}x{h}-{lang}.png"))
        page.keyboard.press("Escape")
    assert not problems, "\n".join(problems)
