"""The feel modules on CPython: the ticker and move log (ui/table/movelog.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from ui.core.store import MemoryStorage  # noqa: E402
from ui.table import movelog, render  # noqa: E402
from ui.table.app import App  # noqa: E402


def _app(lang="vi", **kw) -> App:
    app = App(MemoryStorage(), {"preset": "basic", "players": 4, "speed": "instant", "lang": lang, **kw})
    app.new_match(seed=5)
    return app


def _bots_until_human(app) -> None:
    g = app.game
    while not g.is_over and g.to_move != 0:
        app.apply(app.bot_for(g.to_move).choose(g.view(g.to_move), g.legal_actions()))


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_ticker_keeps_the_last_three_moves_newest_first():
    app = _app()
    app.handle("card", str(app.view().hand[-1]))
    app.handle("card", str(app.view().hand[-1]))  # our first discard (we deal)
    _bots_until_human(app)
    html = movelog.ticker_html(app)
    ticks = re.findall(r'<li class="tick[^"]*"[^>]*>(.*?)</li>', html)
    assert len(ticks) == 3
    last = movelog.moves(app)[-3:]
    assert [_text(x) for x in ticks] == [_text(movelog.move_html(app, m)) for m in reversed(last)]
    assert 'class="tick k-discard new"' in html   # the newest: the third bot's discard
    assert render.page_html(app).count('<li class="tick') == 3


def test_move_log_dialog_lists_every_move_in_both_languages():
    for lang, word in (("vi", "Vòng 1"), ("en", "Round 1")):
        app = _app(lang)
        app.handle("card", str(app.view().hand[0]))
        app.handle("card", str(app.view().hand[0]))
        _bots_until_human(app)
        app.handle("draw")
        assert app.handle("log") and app.dialog == "log"
        html = render.page_html(app)
        spoken = re.findall(r'<span class="sr-only">(.*?)</span>', html.split('class="movelog"')[1])
        ms = movelog.moves(app)
        assert len(spoken) == len(ms) == len(app.view().events)
        assert word in html
        drawn = ms[-1].card
        assert drawn is not None and drawn.name(lang) in spoken[-1]
        app.handle("escape")
        assert app.dialog is None


# ---------------------------------------------------------------- arranging the hand
def test_order_moves_keeps_new_cards_at_the_end_and_survives_a_reload():
    from ui.core import order

    st = MemoryStorage()
    app = App(st, {"preset": "basic", "players": 4, "speed": "instant"})
    app.new_match(seed=5)
    shown = app.flat_hand()
    assert app.handle("move_card", (str(shown[-1]), 0))
    assert app.flat_hand() == [shown[-1]] + shown[:-1]
    assert app.handle("nudge", (str(shown[-1]), 1))
    assert app.flat_hand()[:2] == [shown[0], shown[-1]]
    assert not app.handle("nudge", (str(shown[0]), -1))      # already first: nothing changes
    assert not app.handle("move_card", ("ZZ", 0))
    missing = next(c for c in phom.DECK if c not in shown)
    assert not app.handle("move_card", (str(missing), 0))     # not in the hand
    kept = app.flat_hand()
    # meld marks stay with their cards, in runs of neighbours
    groups = app.hand_groups()
    assert [c for _, cs in groups for c in cs] == kept
    assert all(groups[i][0] != groups[i + 1][0] for i in range(len(groups) - 1))
    # the order comes back with the saved match, and not for another hand
    again = App(st)
    again.start({})
    assert again.flat_hand() == kept
    assert order.load(st, order.hand_id(again.match_seed, again.hand_no + 1)) == {}
    st.setItem(order.ORDER_KEY, "{broken")
    broken = App(st)
    broken.start({})
    assert broken.flat_hand() == shown and broken.notice_text() is None   # ignored, the match loads
    # a drawn card joins at the right end; a sort drops the player's order
    assert order.arrange(shown[:3], [str(shown[2]), str(shown[0])]) == [shown[2], shown[0], shown[1]]
    again.handle("sort")
    assert again.hand_order is None and order.ORDER_KEY not in st.data
    # a save from before the order existed (no order key) loads as before
    old = App(st)
    old.start({})
    assert old.notice_text() is None and old.hand_order is None and old.hand_no == again.hand_no


def test_drop_slot_from_card_boxes():
    from ui.page.drag import slot_at

    row = [(0, 100, 60, 84), (45, 100, 60, 84), (90, 100, 60, 84)]      # overlapping: 45 px strips
    assert slot_at(5, 130, row) == 0
    assert slot_at(30, 130, row) == 1          # right half of the first strip
    assert slot_at(140, 130, row) == 3
    two = row + [(0, 200, 60, 84), (45, 200, 60, 84)]
    assert slot_at(50, 240, two) == 4           # second row, between its cards
    assert slot_at(500, 260, two) == 5
    assert slot_at(10, 0, []) == 0


def test_sounds_and_the_mute_switch():
    from ui.page import sound

    assert sound.sounds_for(["draw", "lay", "send"]) == ["lay", "send", "draw"]
    assert sound.sounds_for(["pass"]) == []
    assert set(sound.EVENT_SOUNDS.values()) <= set(sound.SOUND_NAMES)
    st = MemoryStorage()
    app = App(st, {"preset": "basic", "players": 4})
    app.new_match(seed=2)
    assert not app.muted and 'aria-pressed="false"' in render.topbar_html(app)
    assert app.handle("mute") and app.muted
    back = App(st)
    back.start({})
    assert back.muted and 'aria-pressed="true"' in render.topbar_html(back)
    assert st.data[sound.MUTE_KEY] == "1"
    assert sound.Player(None).played == []


def test_motion_plans():
    from ui.page import motion

    plan = motion.deal_plan(10, 4, 300)
    assert len(plan["hand"]) == 10 and plan["hand"] == sorted(plan["hand"])
    assert plan["hand"][-1] + plan["fly"] <= 300 * 2.5
    assert {s for s, _ in plan["backs"]} == {1, 2, 3}
    bits = motion.confetti_plan(3)
    assert len(bits) == motion.CONFETTI and motion.confetti_plan(3) == bits
    assert all(dy < 0 for _s, _dx, dy, *_ in bits)   # upwards


def test_court_cards_are_figures_not_letters():
    from ui.core.cards_svg import card_face

    faces = {r: card_face(r, "H") for r in (11, 12, 13)}
    for svg in faces.values():
        assert 'class="court-fig"' in svg and 'class="skin"' in svg and "#suit-H" in svg
        assert svg.count("<text") == 1          # only the corner index
    assert len({re.sub(r"suit-\w", "", f) for f in faces.values()}) == 3   # three different figures
    assert 'class="beard"' in faces[13] and 'class="court-fig"' not in card_face(10, "H")
    assert 'class="court-fig"' not in card_face(13, "S", compact=True)
