"""Screens a player meets on a small phone, checked where they used to go wrong.

- The notices: a first visit's welcome and a notice (here: the statistics set aside)
  stacked, never one over the other, at every viewport of test_layout, in both languages.

Screenshots of each at 360×640, 390×844, 844×390 and 1280×800 in Vietnamese and English
go to test-artifacts/small/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from table_driver import wait_ready
from test_layout import CHECK, VIEWPORTS

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SHOTS = [(360, 640), (390, 844), (844, 390), (1280, 800)]

# Three people and the phone's own player, with names as long as a seat takes (16 letters).
PEOPLE = [None, "Nguyễn Thu Hương", "Trần Văn Minh", "Lê Thị Lan Anh"]


def _records() -> str:
    recs = []
    for i, who in enumerate(PEOPLE):
        for k in range(12 + 7 * i):
            r = {"preset": "village", "players": 4, "place": 1 + (k + i) % 4,
                 "units": [-37, 12, 5, -8][(k + i) % 4] * (i + 1), "win": (k + i) % 4 == 0,
                 "mom": (k + i) % 4 == 3, "u": None, "eats": k % 3, "chot_eaten": 0,
                 "chot_fed": 0, "hints": 0, "daily": None}
            if who is not None:
                r["who"] = who
            recs.append(r)
    return json.dumps({"format": "phom.stats/1", "records": recs}, ensure_ascii=False)


def _settings(lang: str) -> str:
    from ui import store

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
NOTICES = r"""() => {
  const W = innerWidth, H = innerHeight, out = [];
  const boxes = [...document.querySelectorAll('.notice, .link-away')]
    .filter((e) => e.offsetParent !== null).map((e) => [e, e.getBoundingClientRect()]);
  if (boxes.length < 2) out.push(`${W}x${H}: ${boxes.length} notice(s) shown, two expected`);
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
  return out;
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
        problems += page.evaluate(NOTICES) + page.evaluate(CHECK, "welcome and a notice")
        if (w, h) in SHOTS:
            page.screenshot(path=str(out / f"notices-{w}x{h}-{lang}.png"))
    assert not problems, "\n".join(problems)
    # each goes on its own: the notice's × leaves the welcome whole, and the other way round
    page.set_viewport_size({"width": 360, "height": 640})
    page.tap('.notice:not(.learn-welcome) [data-act="dismiss"]')
    assert page.locator(".learn-welcome").count() == 1
    assert page.locator(".notice").count() == 1
