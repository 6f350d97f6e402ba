"""Hints, shared and daily deals, statistics — in Chromium, by keys and by taps."""

from __future__ import annotations

import json
import re

from table_driver import keyboard_step, open_table, phase, play_hand, state, tap_step, wait_ready


def hinted_action(page) -> str:
    """The legal-action text of the control the hint marks."""
    page.wait_for_selector("[data-hinted]", timeout=60_000)
    el = page.locator("[data-hinted]").first
    card = el.get_attribute("data-card")
    if card:
        return f"Discard {card}"
    act = el.get_attribute("data-act")
    return {"draw": "Draw", "eat": "Eat", "u": "DeclareU", "pass": "Pass", "lay": "LayDown",
            "send": "Send"}[act]


def test_hint_by_key_marks_a_legal_move(table, site_url):
    page = table
    open_table(page, site_url, seed=11, preset="basic", bot="normal")
    for _ in range(3):  # the first discard, then a take, then a searched discard
        wait_ready(page)
        if phase(page) != "your-turn":
            break
        page.keyboard.press("h")
        a = hinted_action(page)
        legal = state(page)["legal"]
        assert any(x == a or x.startswith(a + " ") or x.startswith(a) for x in legal), (a, legal)
        line = page.locator(".hint-line").inner_text()
        assert line.startswith("Gợi ý:") and len(line) > 10
        keyboard_step(page, discard=a.split()[1] if a.startswith("Discard") else None)


def test_hint_by_tap_on_a_phone(new_table, site_url):
    page = new_table(width=390, height=844, touch=True)
    open_table(page, site_url, seed=12, lang="en")
    page.tap('[data-act="hint"]')
    a = hinted_action(page)
    assert a in state(page)["legal"]
    assert page.locator(".hint-line").inner_text().startswith("Hint:")


def share_url(page) -> str:
    page.click('[data-act="learn_menu"]')
    page.click('.learn-menu [data-act="share"]')
    url = page.locator(".share-url").input_value()
    page.keyboard.press("Escape")
    return url


def test_a_shared_link_deals_the_same_hand_in_a_fresh_context(new_table, site_url):
    a = new_table()
    open_table(a, site_url, seed=21, preset="traditional", players=3, bot="hard")
    url = share_url(a)
    assert re.search(r"\?deal=[A-Za-z0-9_-]{48}$", url), url
    assert len(url.split("?", 1)[1]) < 60
    hand = state(a)["hand"]

    b = new_table()
    b.goto(url)
    wait_ready(b, 60_000)
    sb = state(b)
    assert sb["hand"] == hand and sb["settings"]["preset"] == "traditional"
    assert sb["settings"]["bot"] == "hard" and len(sb["totals"]) == 3
    assert share_url(b) == url  # same deck, seats, starter and seeds
    # A match in progress is not replaced unasked.
    keyboard_step(b)
    wait_ready(b)
    before = state(b)
    c = new_table()
    open_table(c, site_url, seed=99)
    other = share_url(c)
    b.goto(other)
    b.wait_for_selector('[data-key="dlg-learn-confirm"]', timeout=60_000)
    b.click('[data-act="deal_no"]')
    wait_ready(b)
    assert state(b)["hand"] == before["hand"]
    b.goto(other)
    b.wait_for_selector('[data-key="dlg-learn-confirm"]', timeout=60_000)
    b.click('[data-act="deal_yes"]')
    wait_ready(b)
    assert state(b)["hand"] == state(c)["hand"]


def test_daily_deal_same_for_everyone_and_after_reload(new_table, site_url):
    a = new_table()
    a.goto(site_url + "?daily=1&day=2026-12-01&speed=instant")
    wait_ready(a, 60_000)
    hand = state(a)["hand"]
    a.reload()
    wait_ready(a, 60_000)
    assert state(a)["hand"] == hand
    b = new_table()
    b.goto(site_url + "?daily=1&day=2026-12-01&speed=instant")
    wait_ready(b, 60_000)
    assert state(b)["hand"] == hand
    b.goto(site_url + "?daily=1&day=2026-12-02")
    wait_ready(b, 60_000)
    assert state(b)["hand"] != hand


def test_statistics_after_three_hands_match_the_hands(new_table, site_url):
    page = new_table(width=390, height=844, touch=True)
    open_table(page, site_url, seed=31, preset="basic", bot="easy")
    page.tap('[data-act="hint"]')
    hinted_action(page)
    for k in range(3):
        play_hand(page, tap_step)
        if k < 2:
            page.tap('.over [data-act="next"]')
            wait_ready(page)
    total = state(page)["totals"][0]
    page.tap('.over [data-act="next"]')
    wait_ready(page)
    page.tap('[data-act="learn_menu"]')
    page.tap('.learn-menu [data-act="stats"]')
    rows = {r.locator("th").inner_text(): r.locator("td").first.inner_text()
            for r in page.locator(".stats-table tbody tr").all()}
    assert rows["Số ván"] == "3"
    assert rows["Điểm"] == f"{total:+d}"
    assert rows["Gợi ý đã dùng"] == "1"
    assert page.locator(".stats-chart").count() == 1
    page.tap('[data-act="stats_reset"]')
    assert "Không lấy lại được" in page.locator(".reset-q").inner_text()
    page.tap('[data-act="stats_reset_no"]')
    assert page.locator(".stats-table").count() == 1
    page.tap('[data-act="stats_reset"]')
    page.tap('[data-act="stats_reset_yes"]')
    assert page.locator(".stats-table").count() == 0
    page.reload()
    wait_ready(page, 60_000)
    stored = page.evaluate("() => localStorage.getItem('phom.stats.v1')")
    assert json.loads(stored)["records"] == []
