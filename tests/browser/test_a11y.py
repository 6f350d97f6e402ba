"""Accessibility, checked on every screen a player meets, in both languages,
on a phone upright and sideways.

axe-core (npm, pinned in package.json's devDependencies and read from
node_modules/ by the tests: never part of the site) runs on the table at each
phase (your turn to take or to discard, the bots' turn, the lay-down choice, a
send, the hand over), on every dialog and panel (settings, rules, menu, move
log, score sheet, keys, review, tutorial, statistics, share, the friends'
linking screens, the pass-and-play cover, each confirmation). A serious or
critical finding fails the test; a moderate or minor one fails it too unless
ALLOWED names it with the reason. Each screen is checked upright and sideways,
the page turned in place (one walk through the screens per language). Every finding
is written to test-artifacts/a11y-*.json.

A second test plays a whole hand with only what the accessibility tree exposes
(Playwright's get_by_role: a role and a name, no CSS selector) and listens to
the live region: every move of the bots is said in words, in each language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from crafted import SENDS_HANDS, SENDS_KEEP, SENDS_STOCK
from table_driver import (
    deck_text,
    fingerprint,
    idle,
    open_table,
    phase,
    state,
    wait_booted,
    wait_for,
    wait_ready,
    wait_taken,
)
from test_friends import seat_two_people, wait_phase

import phom
from phom import narrate

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# Findings below "serious" that the page keeps, each with why. Anything else fails.
ALLOWED: dict[str, str] = {}

SIZES = {"phone": (390, 844), "sideways": (844, 390)}
WALK = SIZES["phone"]   # the size the screens are walked at (a phone, touch)

# The village deal of tests/engine/crafted.py: at our lay-down turn one meld
# or none (móm by choice) is offered, and then three sends.
LAY_DECK = dict(hands=SENDS_HANDS, stock=SENDS_STOCK, players=4, starter=1)
KEEP = SENDS_KEEP
# test_table's eat deal: whatever seat 1 discards first, we may eat it.
EAT_DECK = dict(hands={0: "AS AC 3S 3C 5S 5C 9S 10S KD", 1: "AD AH 3D 3H 5D 5H 8S JS 2S 4S"},
                players=2, starter=1)


class Audit:
    """axe on one page, screen after screen, each at every size of SIZES (the page
    resized in place: one walk through the screens serves both), the findings gathered,
    not raised at once."""

    def __init__(self, page, tag: str):
        self.page, self.tag = page, tag
        self.found: list[dict] = []
        self.screens: list[str] = []

    def __call__(self, screen: str) -> None:
        page = self.page
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(AXE_JS.read_text(encoding="utf-8"))
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            idle(page)   # laid out at this size, and what a render queued (focus, live region) has run
            found = page.evaluate("""async () => {
                const r = await axe.run(document, {resultTypes: ['violations']});
                return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 300),
                                              why: n.failureSummary}))}));
            }""")
            for v in found:
                self.found.append({"screen": f"{self.tag}-{size} {screen}", **v})
        page.set_viewport_size({"width": WALK[0], "height": WALK[1]})
        self.screens.append(screen)

    def check(self, artifacts: Path) -> None:
        (artifacts / f"a11y-{self.tag}.json").write_text(
            json.dumps({"screens": self.screens, "violations": self.found}, ensure_ascii=False, indent=1))
        bad = [v for v in self.found
               if v["impact"] in ("serious", "critical") or v["id"] not in ALLOWED]
        assert not bad, "\n".join(
            f"{v['screen']}: {v['id']} ({v['impact']}) {v['help']}: "
            + "; ".join(f"{n['target']} {n['html'][:120]}" for n in v["nodes"][:3]) for v in bad)


def dialog_open(page, name: str) -> None:
    page.wait_for_selector(f".dlg-{name}", timeout=30_000)


def dialog_closed(page) -> None:
    page.wait_for_function("() => !document.querySelector('.dialog')", timeout=10_000)


def act(page, action: str, within: str = "") -> None:
    page.locator(f'{within} [data-act="{action}"]'.strip()).first.click()


def from_menu(page, audit, action: str, dialog: str, screen: str) -> None:
    act(page, "menu")
    dialog_open(page, "menu")
    act(page, action, ".dlg-menu")
    dialog_open(page, dialog)
    audit(screen)


def close(page) -> None:
    page.keyboard.press("Escape")
    dialog_closed(page)


def discard_loose(page) -> None:
    """Draw if we may, then discard a card outside KEEP (by taps on its button)."""
    hand = state(page)["hand"]
    loose = [c for c in hand if c not in KEEP
             and "locked" not in (page.locator(f'.hand .card[data-card="{c}"]').get_attribute("class") or "")]
    card = page.locator(f'.hand .card[data-card="{loose[-1]}"]')
    card.click()
    page.locator(f'.hand .card[data-card="{loose[-1]}"]').click()


def settle(page, before: str) -> None:
    wait_taken(page, before, 15, "the page did not take the step")
    wait_ready(page)


def walk_lay_down_hand(page, site_url: str, lang: str, audit: Audit) -> None:
    """The table's phases and the table's own dialogs, on the lay-down deal."""
    open_table(page, site_url, preset="village", seed=5, players=4, starter=1, lang=lang,
               deck=deck_text(**LAY_DECK))
    audit("table: your turn, discard")
    for opener, name in (("settings", "settings"), ("log", "log")):
        act(page, opener)
        dialog_open(page, name)
        audit(f"dialog: {name}")
        if name == "settings":
            act(page, "new_match", ".dlg-settings")
            dialog_open(page, "confirm_new")
            audit("confirmation: a new match mid-hand")
            page.keyboard.press("Escape")  # back to the settings
            page.wait_for_function("() => !document.querySelector('.dlg-confirm_new')")
            dialog_open(page, "settings")
        close(page)
    from_menu(page, audit, "scores", "scores", "dialog: score sheet")
    close(page)
    from_menu(page, audit, "rules", "rules", "dialog: rules")
    close(page)
    from_menu(page, audit, "help", "help", "dialog: keys")
    close(page)
    from_menu(page, audit, "stats", "learn-stats", "dialog: statistics")
    close(page)
    from_menu(page, audit, "share", "learn-share", "dialog: share")
    close(page)
    act(page, "menu")
    dialog_open(page, "menu")
    audit("dialog: menu")
    close(page)

    took = False
    for _ in range(40):
        wait_ready(page)
        assert phase(page) == "your-turn", "the hand ended before our lay-down"
        if page.locator('.actionbar [data-act="lay"]').count():
            break
        before = fingerprint(page)
        if page.locator(".stock.can").count():
            if not took:
                audit("table: your turn, draw or eat")
                act(page, "hint")
                page.wait_for_selector("[data-hinted]", timeout=60_000)
                audit("table: a hint shown")
                took = True
            page.locator(".stock.can").click()
        else:
            discard_loose(page)
        settle(page, before)
    else:
        raise AssertionError("no lay-down turn")
    audit("table: the lay-down choice")
    # the other proposal lays nothing (móm by choice), and is confirmed first
    page.keyboard.press("a")
    page.wait_for_selector(".arr-skip", timeout=10_000)
    audit("table: the lay-down choice, nothing laid")
    act(page, "lay", ".actionbar")
    dialog_open(page, "confirm_mom")
    audit("confirmation: móm by choice")
    page.keyboard.press("Escape")
    dialog_closed(page)
    page.keyboard.press("a")
    page.wait_for_function("() => !document.querySelector('.arr-skip')", timeout=10_000)
    before = fingerprint(page)
    act(page, "lay", ".actionbar")
    settle(page, before)
    page.wait_for_selector('.actionbar [data-act="send"]', timeout=10_000)
    audit("table: a send offered")
    for _ in range(60):
        wait_ready(page)
        if phase(page) == "hand-over":
            break
        before = fingerprint(page)
        if page.locator('.actionbar [data-act="send"]').count():
            act(page, "send", ".actionbar")
        elif page.locator('.actionbar [data-act="u"]').count():
            act(page, "u", ".actionbar")
        elif page.locator(".stock.can").count():
            page.locator(".stock.can").click()
        elif page.locator('.actionbar [data-act="lay"]').count():
            act(page, "lay", ".actionbar")
        else:
            discard_loose(page) if _has_loose(page) else page.locator(".hand .card:not(.locked)").first.dblclick()
        settle(page, before)
    assert phase(page) == "hand-over"
    audit("table: the hand over")
    act(page, "log")
    dialog_open(page, "log")
    audit("dialog: move log, a whole hand")
    close(page)
    from_menu(page, audit, "scores", "scores", "dialog: score sheet after a hand")
    close(page)
    act(page, "review", ".over")
    dialog_open(page, "learn-review")
    page.wait_for_selector(".rv-logbox", timeout=120_000)
    audit("dialog: review")
    close(page)
    from_menu(page, audit, "daily", "learn-confirm", "confirmation: today's deal")
    act(page, "deal_no", ".dlg-learn-confirm")
    dialog_closed(page)
    act(page, "menu")
    dialog_open(page, "menu")
    act(page, "tutorial", ".dlg-menu")
    page.wait_for_function("() => !document.querySelector('.dlg-menu')")
    if page.locator(".dlg-learn-confirm").count():
        audit("confirmation: the tutorial ends this match")
        act(page, "deal_yes", ".dlg-learn-confirm")
    wait_ready(page, 60_000)
    audit("tutorial: its first step")
    # the guest's side of linking: the page becomes a guest's, until it leaves
    act(page, "settings")
    dialog_open(page, "settings")
    act(page, "link_join", ".dlg-settings")
    page.wait_for_selector(".join", timeout=60_000)
    audit("friends: join a table")
    act(page, "link_leave", ".join")
    page.wait_for_selector("#table[data-phase]:not([data-phase='loading'])", timeout=60_000)


def _has_loose(page) -> bool:
    hand = state(page)["hand"]
    return any(c not in KEEP for c in hand)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_axe_on_every_screen(new_table, site_url, artifacts, lang):
    assert AXE_JS.is_file(), "axe-core is missing: scripts/setup.sh installs it from npm"
    w, h = WALK
    audit = None

    def page_for():
        nonlocal audit
        page = new_table(width=w, height=h, touch=True, mobile=True)
        if audit is None:
            audit = Audit(page, lang)
        audit.page = page
        return page

    # the table and its dialogs, a hand through to the review and the tutorial
    page = page_for()
    walk_lay_down_hand(page, site_url, lang, audit)

    # an eat offered (the card glows, the eat button is there)
    page = page_for()
    open_table(page, site_url, preset="basic", players=2, starter=1, lang=lang, deck=deck_text(**EAT_DECK))
    page.wait_for_selector(".card.eatable")
    audit("table: an eat offered")

    # a link opened while a match is saved is asked about first
    page.goto(site_url + f"?new=1&seed=5&lang={lang}&speed=instant")
    page.wait_for_selector('[data-act="link_start"]', timeout=60_000)
    audit("confirmation: open a link over a saved match")
    act(page, "link_start")
    wait_ready(page, 60_000)

    # the bots' turn, paced for the eye
    page = page_for()
    _open_waiting(page, site_url, lang)
    audit("table: the bots' turn")

    # pass-and-play: two people on one phone, the cover between them
    page = page_for()
    open_table(page, site_url, seed=21, lang=lang)
    seat_two_people(page)
    assert wait_phase(page, ("cover",)) == "cover"
    audit("pass-and-play: the cover")

    # a guest's phone in the seat plan: the host's linking screen
    act(page, "settings")
    dialog_open(page, "settings")
    page.select_option('[data-setting="seat_kind.1"]', "guest")
    act(page, "new_match", ".dlg-settings")
    if page.locator(".dlg-confirm_new").count():
        act(page, "confirm", ".dlg-confirm_new")
    dialog_closed(page)
    act(page, "settings")
    page.wait_for_selector('.dlg-settings [data-act="link_open"]', timeout=30_000)
    act(page, "link_open", ".dlg-settings")
    dialog_open(page, "link")
    audit("friends: invite a guest's phone")
    act(page, "link_invite", ".dlg-link")
    page.wait_for_selector(".dlg-link .qr canvas, .dlg-link .qr svg, .dlg-link .qr img", timeout=30_000)
    audit("friends: the invitation's code")

    # internet play (issue 39): the consent panel, before anything is contacted, and the
    # screen of a friend who opened an invitation link (agreeing would contact the relays)
    close(page)
    act(page, "settings")
    dialog_open(page, "settings")
    act(page, "net_invite", ".dlg-settings")
    dialog_open(page, "net_consent")
    audit("friends: internet play's consent")
    close(page)
    page.goto(site_url + f"?room=abcdefghij12&lang={lang}#S3cr3t-key_0123456789")
    wait_booted(page)
    page.wait_for_selector(".net-join #net-name", timeout=30_000)
    audit("friends: an internet invitation opened")
    page.goto(site_url + f"?room=abcdefghij12&lang={lang}#short")
    wait_booted(page)
    page.wait_for_selector(".net-join .link-error", timeout=30_000)
    audit("friends: a broken invitation link")

    audit.check(artifacts)
    assert len(audit.screens) >= 30, audit.screens


def _open_waiting(page, site_url: str, lang: str) -> None:
    """A bot starts, paced slowly: the page is in the bots' turn for a while."""
    from urllib.parse import urlencode

    page.goto(site_url + "?" + urlencode({"new": 1, "seed": 8, "starter": 1, "speed": "slow", "lang": lang}))
    page.wait_for_function("() => document.getElementById('table')?.dataset.phase === 'waiting'",
                           timeout=60_000)
    assert re.match(r"waiting", phase(page))


# Listens to the page's live region from the first render on (an init script: the
# bots move before the player's first turn), as a screen reader hears it.
LISTEN = """window.__said = [];
document.addEventListener('DOMContentLoaded', () => {
    const el = document.querySelector('[aria-live]');
    new MutationObserver(() => { const s = el.textContent.trim(); if (s) window.__said.push(s); })
        .observe(el, {childList: true, characterData: true, subtree: true});
});"""
GLYPHS = re.compile(r"[♠♣♦♥]|\b(?:10|[2-9AJQK])[SCDH]\b")


def _said(page) -> list[str]:
    return page.evaluate("() => window.__said")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_whole_hand_by_the_accessibility_tree_alone(new_table, site_url, lang):
    """Roles and names only (get_by_role, no CSS selector): take, lay, send, ù and
    discard as a screen reader's user would, to the hand's end; and the live region
    says every move of the bots in words (card names, never a glyph or a code)."""
    from ui.core.i18n import t

    page = new_table(width=390, height=844, touch=True)
    page.add_init_script(LISTEN)
    open_table(page, site_url, preset="village", seed=5, players=4, starter=1, lang=lang,
               bot="normal", deck=deck_text(**LAY_DECK))

    def button(name, exact=True):
        return page.get_by_role("button", name=name, exact=exact, disabled=False)

    hand = page.get_by_role("group", name=t(lang, "hand_label"))
    draw = page.get_by_role("button", name=re.compile(re.escape(t(lang, "stock"))), disabled=False)
    send = page.get_by_role("button", name=re.compile("^" + re.escape(t(lang, "btn_send").split("{")[0].strip())))
    done: list[str] = []
    # the discard button is there, not yet enabled, until a card is chosen
    offers = [page.get_by_role("button", name=re.compile("^" + re.escape(t(lang, k))), disabled=None if k == "btn_discard" else False)
              for k in ("btn_next", "btn_draw", "btn_discard", "btn_lay", "btn_u", "btn_pass")] + [send]

    def ours(done):
        """Wait until something is ours to do: a button of the action bar, or the hand's end."""
        wait_for(lambda: any(o.count() for o in offers), 30, f"nothing to do after {done}: {_said(page)}")

    for _ in range(120):
        ours(done)
        if button(t(lang, "btn_next")).count():
            break
        before = len(_said(page))
        if button(t(lang, "btn_u")).count():
            button(t(lang, "btn_u")).click()
            done.append("u")
        elif draw.count() and button(t(lang, "btn_draw")).count():
            draw.click()
            done.append("draw")
        elif page.get_by_role("button", name=re.compile("^" + re.escape(t(lang, "btn_lay")))).count():
            page.get_by_role("button", name=re.compile("^" + re.escape(t(lang, "btn_lay")))).first.click()
            done.append("lay")
        elif send.count():
            send.first.click()
            done.append("send")
        else:
            cards = hand.get_by_role("button")
            for i in reversed(range(cards.count())):
                cards.nth(i).click()
                if button(t(lang, "btn_discard")).count():
                    break
            name = hand.get_by_role("button", pressed=True).get_attribute("aria-label")
            button(t(lang, "btn_discard")).click()
            done.append(f"discard {name}")
        wait_for(lambda before=before: len(_said(page)) > before, 30, f"nothing said after {done}: {_said(page)}")
    else:
        raise AssertionError(f"the hand did not end: {done}")
    assert {"draw", "lay", "send"} <= {d.split()[0] for d in done}, done
    said = " ".join(_said(page))
    assert not GLYPHS.search(said), said
    # every move of the bots, as the move log words it for a listener, was said
    page.get_by_role("button", name=t(lang, "btn_log")).click()
    log = page.get_by_role("list", name=t(lang, "log_title"))
    # what a screen reader reads of each entry (the accessibility tree, not the drawing)
    moves = [m.split(":", 1)[1].strip().strip('"') for m in log.aria_snapshot().splitlines()
             if m.strip().startswith("- listitem:")]
    names = state(page)["names"]
    bots = [m for m in moves if any(m.startswith(n + " ") for n in names[1:])]
    assert len(bots) >= 8, moves
    missing = [m for m in bots if m not in said]
    assert not missing, (missing, _said(page))
    # and how the hand ended, in the engine's words (the log's last entry starts with them)
    saved = json.loads(page.evaluate("localStorage.getItem('phom.match.v1')"))
    g = phom.Match.from_json(saved["match"]).current
    head = narrate.outcome(g.result, lang, [t(lang, "you")] + names[1:], you=0)[0]
    assert _said(page)[-1].endswith(head.rstrip(".") + "."), (_said(page)[-1], head)
