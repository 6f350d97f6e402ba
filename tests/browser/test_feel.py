"""The table's feel in Chromium: every move said and logged (the automatic
lay-down and send of the basic preset, the player's own draw), the ticker's
last few moves, the move log, arranging the hand by drag and by keys, the
mute switch."""

from __future__ import annotations

import json

from table_driver import (
    deck_text,
    focus_discardable,
    has,
    keyboard_step,
    open_table,
    phase,
    shot,
    state,
    wait_ready,
)

# Lan (seat 1) deals and lays 4♣4♦4♥ and 9♦10♦J♦ on her fourth turn; ours are
# 5♠6♠7♠ and Q♣Q♦Q♥, and our 8♦ goes onto her diamond run.
KEEP = {"5S", "6S", "7S", "QH", "QD", "QC", "8D"}
SEND_DECK = deck_text({1: "4C 4D 4H 9D 10D JD 2C 6H KC KH", 0: "5S 6S 7S QH QD QC 8D AC 3H"},
                      stock="KS JH 2H 10H 9C 6C JC 8H 2S AH", players=2, starter=1)

LIVE_RECORDER = """() => { window.__said = [];
    new MutationObserver(() => window.__said.push(document.getElementById('live').textContent))
      .observe(document.getElementById('live'), {childList: true, characterData: true, subtree: true}); }"""


def play_until_laid(page) -> None:
    """Draw and throw loose cards (never one of KEEP) until our melds are on the table."""
    for _ in range(30):
        wait_ready(page)
        assert phase(page) == "your-turn", "the hand ended before our lay-down"
        if has(page, ".me .meld") and not has(page, ".stock.can"):
            return
        if has(page, ".stock.can"):
            page.keyboard.press("d")
            continue
        loose = [c for c in state(page)["hand"] if c not in KEEP]
        focus_discardable(page, loose[-1])
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    raise AssertionError("no lay-down")


def test_automatic_lay_down_and_send_are_said_and_logged(table, site_url):
    open_table(table, site_url, preset="basic", players=2, starter=1, seed=1, deck=SEND_DECK)
    table.evaluate(LIVE_RECORDER)
    play_until_laid(table)
    said = " | ".join(table.evaluate("window.__said"))
    assert "Bạn bốc" in said, said                              # our own draw, with its card
    assert "Bạn hạ 2 phỏm: 5 bích, 6 bích, 7 bích" in said, said
    assert "Bạn gửi 8 rô vào phỏm 9 rô, 10 rô, J rô của Lan" in said, said
    assert "Lan hạ 2 phỏm" in said, said
    # the ticker keeps the last three moves, newest first: the send, our lay-down, our draw
    ticks = table.locator(".ticker .tick").all_inner_texts()
    assert len(ticks) == 3, ticks
    assert ticks[0].startswith("Bạn gửi 8") and ticks[1].startswith("Bạn hạ 2 phỏm") and ticks[2].startswith("Bạn bốc"), ticks
    # the move log opens from the header and tells the whole hand in order
    table.click('[data-act="log"]')
    rows = table.locator(".movelog .mv .sr-only").all_inner_texts()
    assert rows[0] == "Lan đánh K tép."
    assert rows[1].startswith("Bạn bốc ") and rows[1] != "Bạn bốc một lá."
    assert any(r.startswith("Lan bốc một lá") for r in rows)
    assert any(r.startswith("Lan hạ 2 phỏm: 4 tép, 4 rô, 4 cơ · 9 rô, 10 rô, J rô") for r in rows)
    lay = next(i for i, r in enumerate(rows) if r.startswith("Bạn hạ"))
    assert rows[lay + 1].startswith("Bạn gửi 8 rô")
    assert table.locator(".movelog .round").count() >= 4
    table.keyboard.press("Escape")
    assert not has(table, ".dialog")


def _order(page) -> list[str]:
    return page.locator(".hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card)")


def _centre(page, card: str):
    box = page.locator(f'.hand .hand-card[data-card="{card}"]').bounding_box()
    return box["x"] + min(box["width"], 40) / 2, box["y"] + box["height"] / 2


def _touch_drag(page, x0, y0, x1, y1, picture=None) -> None:
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        pts = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

    touch("touchStart", x0, y0)
    for k in range(1, 9):
        touch("touchMove", x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8)
    assert page.locator(".drop-bar").count() == 1 and page.locator(".drag-ghost").count() == 1
    if picture:
        shot(page, picture)
    touch("touchEnd", x1, y1)
    page.wait_for_function("() => !document.querySelector('.drop-bar')")


def test_arrange_by_mouse_touch_and_keys_and_mute_survive_a_reload(new_table, site_url, artifacts):
    """One page (a touch screen with a mouse too): drag by mouse, drag by touch,
    Shift+arrows, the mute switch; one reload keeps the order and the switch."""
    page = new_table(width=390, height=844, touch=True)
    open_table(page, site_url, preset="basic", players=4, seed=9, speed="fast")
    # the deal flies the cards in (fast speed): measure them where they rest
    page.wait_for_function("() => document.getAnimations().length === 0")
    before = _order(page)
    mute = page.locator('[data-act="mute"]')
    assert mute.get_attribute("aria-pressed") == "false"
    # mouse: the last card to the front, the drop bar showing while it moves
    moved = before[-1]
    x0, y0 = _centre(page, moved)
    x1, y1 = _centre(page, before[0])
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 - 30, y0, steps=3)
    page.mouse.move(x1 - 10, y1, steps=6)
    assert page.locator(".drop-bar").count() == 1 and page.locator(".drag-ghost").count() == 1
    shot(page, str(artifacts / "feel-drag-mouse-390x844.png"))
    page.mouse.up()
    order = [moved] + before[:-1]
    assert _order(page) == order
    assert page.locator(".drop-bar").count() == 0
    assert "raised" not in page.locator(f'.hand .hand-card[data-card="{moved}"]').get_attribute("class")
    # touch: the (new) first card to the end
    x0, y0 = _centre(page, order[0])
    box = page.locator(f'.hand .hand-card[data-card="{order[-1]}"]').bounding_box()
    _touch_drag(page, x0, y0, box["x"] + box["width"] - 4, box["y"] + box["height"] / 2,
                picture=str(artifacts / "feel-drag-touch-390x844.png"))
    order = order[1:] + [order[0]]
    assert _order(page) == order
    # keys: Shift+→ twice, Shift+← once; the focus stays on the card
    focus_discardable(page, order[0])
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowLeft")
    order = order[1:2] + [order[0]] + order[2:]
    assert _order(page) == order
    assert page.evaluate("document.activeElement.dataset.card") == order[1]
    # sounds after a gesture; then the mute switch (by its key)
    feel = json.loads(page.evaluate("window.phomFeel()"))
    assert feel["audio"] in ("running", "suspended"), feel
    page.keyboard.press("m")
    assert mute.get_attribute("aria-pressed") == "true"
    page.reload()
    wait_ready(page, 60_000)
    assert _order(page) == order
    assert page.locator('[data-act="mute"]').get_attribute("aria-pressed") == "true"
    keyboard_step(page)                        # a muted discard, and the bots' turns
    wait_ready(page)
    assert json.loads(page.evaluate("window.phomFeel()"))["played"] == []
    page.locator('[data-act="mute"]').click()
    assert page.locator('[data-act="mute"]').get_attribute("aria-pressed") == "false"
    keyboard_step(page)                        # our draw,
    wait_ready(page)
    keyboard_step(page)                        # our discard: the bots play, then it is our turn
    wait_ready(page)
    played = json.loads(page.evaluate("window.phomFeel()"))["played"]
    assert played[:2] == ["draw", "discard"] and "turn" in played, played
    # a sort puts the hand back in that order
    page.click('[data-act="sort"]')
    assert page.evaluate("localStorage.getItem('phom.order.v1')") is None
    page.keyboard.press("?")
    assert "Shift" in page.locator(".dialog .keys").inner_text()
