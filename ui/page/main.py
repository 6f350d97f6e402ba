"""The page's entry module in Pyodide: ``boot()`` and ``Page``, which wires
the browser side (ui/page/) to the App.

index.html runs ``from ui.page.main import boot``. ``Page`` holds what the page's
pieces share (the App, the table's root, the tab's state) and wires them: one
delegated click listener and one change listener on the table root, one
keydown listener on the document (ui/page/keys.py), the drag's pointer
listeners (ui/page/drag.py), the other-tab guard (ui/page/tabs.py) and the
test hooks (ui/page/hooks.py). An intent goes to the App; then the table is
rendered again (``render.page_html(app)``, the focus kept by
ui/page/focus.py, the moves animated by ui/page/flights.py) and the bots are
let move (ui/page/bots.py, in slices, so the page never freezes).

The memory snapshot's worker (ui/boot/snapshot.worker.mjs) imports every module
of ours but this one, which needs the page's DOM from its first line.
"""

from __future__ import annotations

import asyncio
import gc
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from js import document, window
from pyodide.ffi import create_proxy

from ..core import params, store
from ..core.cards_svg import sprite
from ..core.i18n import t
from ..core.notices import say
from ..table import banners, movelog, render
from ..table.app import SPEED_ANIM_MS
from . import bots, drag, flights, hooks, keys, learn, link, motion, sound
from .dom import attr, mark, nil
from .focus import Focus

if TYPE_CHECKING:
    from js import Document, Element
    from js import Event as DomEvent

    from phom.state import EventRecord


class Page:
    """The page: what its pieces share, and the wiring between them and the App."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.live = document.getElementById("live")
        self.usp = usp = window.URLSearchParams.new(window.location.search)
        self.params: dict[str, object] = {k: [str(v) for v in usp.getAll(k)] for k in params.KNOWN if usp.has(k)}
        # the browser's languages, for a first visit's language (store.load_settings:
        # a saved choice always wins)
        store.BROWSER_LANGS[:] = browser_languages()
        # the table this tab holds, chosen once, before anything uses it: a linked
        # guest's (fed by the host: ui/friends/linkplay.py guest_app) or this device's own
        self.app = link.make_app(local_storage())
        self.tab_state = "loading"   # play / busy / silent / lost / waiting (ui/page/tabs.py)
        self.tab_id = f"{random.SystemRandom().getrandbits(64):016x}"
        self.started = False
        self.gen = 0            # bumps when a new match/hand makes a running loop stale
        self.loop_running = False
        self.focus = Focus(self.root)
        self.stale_words = False
        self._proxies: list[Any] = []   # the handlers given to JS: alive as long as the page
        self.learn = learn.LearnPage(self)    # the learning side: hints, deals, the lesson, the review
        self.sound = sound.Player(window)
        self.drag = drag.Drag(self)

    # ------------------------------------------------------------ start
    def boot(self) -> None:
        self.link = link.attach(self)   # linked play: the host's links, or the guest's
        from .tabs import TabGuard

        # The lock is asked for first: the browser grants it while the rest of
        # the boot runs (its answer waits for this call to end either way).
        self.tabs = TabGuard(self.on_table, self.on_busy, self.on_lost, self.on_silent)
        if not self.link.guest:
            self.tabs.start()
        else:
            self.tabs.let_go_early()
        document.getElementById("sprite").innerHTML = sprite()
        self._listen(self.root, "click", self.on_click)
        self._listen(self.root, "change", self.on_change)
        self._listen(document, "keydown", lambda ev: keys.on_key(self, ev))
        self.drag.attach(self._listen, document)
        # Audio may start only inside a gesture: the first tap or key creates it, as the
        # finger or key comes up (a tap's click, which may play a sound, follows). Not as
        # it goes down: creating the AudioContext took ~110 ms here, which made the first
        # key's own handling one task of ~200 ms.
        for name in ("pointerup", "keyup"):
            self._listen(document, name, lambda ev: self.sound.unlock())
        self._listen(document, "pointerdown", self.on_pointer)
        hooks.install(self)
        if self.link.guest:
            self.on_table()   # a guest's page keeps no match of its own: no lock

    def on_table(self) -> None:
        """This tab has the table (ui/page/tabs.py): resume the save and follow the
        link. Taken back after another tab played, it starts again from the
        save as that tab left it."""
        if self.started:
            window.location.reload()
            return
        self.started = True
        self.tab_state = "play"
        if self.tabs.held:
            self.app.storage.claim(self.tab_id)   # a tab that wakes up later writes nothing
            self.app.when_taken(self.on_lost)
        self.app.start(self.params)
        self.link.started()     # linked play: a host's room opened again for its seated guests
        if self.app.aside_error:
            window.console.warn("phom: the save was set aside: " + self.app.aside_error)
        self.learn.boot(self.usp)
        if self.params:
            # Drop the parameters so a reload resumes instead of starting over.
            window.history.replaceState(None, "", window.location.pathname)
        self.app.catch_up()
        self.render()
        if self.app.game is not getattr(self.app, "resumed", None):
            self.deal_new()   # a hand made by this visit; a resumed one was on screen already
        self._unsplash()
        self.kick()
        asyncio.ensure_future(self.preload())

    def on_busy(self) -> None:
        self.tab_state = "busy"
        self.render()
        self._unsplash()

    def on_silent(self) -> None:
        """The tab that plays did not answer (frozen, hung): offer to play here."""
        self.tab_state = "silent"
        self.render()
        self._unsplash()

    def on_lost(self) -> None:
        if self.tab_state == "lost":
            return
        self.app.give_up_table()
        self.gen += 1
        self.tab_state = "lost"
        self.render()

    def _unsplash(self) -> None:
        splash = document.getElementById("splash")
        if not nil(splash):
            splash.remove()

    async def preload(self) -> None:
        """Import the bot modules once the table shows, not in the middle of a bot's turn."""
        await asyncio.sleep(0.05)
        import phom

        try:
            phom.bots.names()  # a bot module that does not import is an error, shown
        except Exception as e:  # noqa: BLE001
            self.fail(e)

    def _listen(self, target: Element | Document, name: str, fn: Callable[[Any], object]) -> None:
        def handler(ev: DomEvent) -> None:
            try:
                fn(ev)
            except Exception as e:  # noqa: BLE001
                self.fail(e)

        p = create_proxy(handler)
        self._proxies.append(p)
        target.addEventListener(name, p)

    def fail(self, e: BaseException) -> None:
        """An error reaches the console and a visible notice (a failing bot is never
        silently replaced)."""
        import traceback

        window.console.error("phom ui: " + "".join(traceback.format_exception(e)))
        try:
            self.app.say_only(say(t, "notice_error", msg=f"{type(e).__name__}: {e}"))
            self.render()
        except Exception:  # noqa: BLE001  (the console already has the error)
            pass

    # ------------------------------------------------------------ render
    def render(self, events: Sequence[EventRecord] = ()) -> None:
        """Draw the table again (or the other-tab banner), the focus kept
        (ui/page/focus.py) and ``events`` animated (ui/page/flights.py)."""
        app = self.app
        if self.tab_state != "play":
            self.root.innerHTML = banners.tab_html(app.lang, self.tab_state)
            self.root.setAttribute("data-phase", "elsewhere")
            self.root.setAttribute("data-paint", "no")
            self.focus.key("tab-take")
            return
        key, hand_index = self.focus.before()
        before = flights.rects(self.root) if flights.on(app) and events else {}

        self.stale_words = False
        self.root.className = render.root_classes(app)
        self.root.innerHTML = render.page_html(app)
        mark(self.root, app.marks())     # what the features' "marks" point at (App.plug)
        self.learn.after_render()
        phase = app.phase_attr()
        self.root.setAttribute("data-phase", phase)
        # whether ui/boot/boot.js keeps a copy for the next visit's first paint (the App decides)
        self.root.setAttribute("data-paint", "keep" if app.may_paint() else "no")
        self.drag.mark()
        document.documentElement.lang = app.lang

        if self.focus.after(app, phase, key, hand_index):   # the hand has just ended
            result = app.game.result if app.game is not None else None
            if result is not None and result.u is not None and flights.on(app):
                motion.celebrate(self.root, document, app.hand_no, SPEED_ANIM_MS[app.settings["speed"]])
        if before:
            flights.play(self.root, app, events, before)
        self.link.after_render()

    def news(self, your_turn: bool = False) -> list[EventRecord]:
        """The events since the last call (for the animations) and the moves
        they were, said in the live region."""
        app = self.app
        start = app.events_seen
        evs = app.new_events()
        new = movelog.moves(app)[start:] if evs else []
        texts = movelog.spoken(app, new)
        turn = your_turn and app.phase_attr() == "your-turn"
        if turn:
            texts.append(t(app.lang, "ev_your_turn"))
            self.sound.vibrate()
        if texts:
            self.live.textContent = " ".join(texts)
        names = sound.sounds_for([m.kind for m in new])
        if names:
            self.sound.play(names[0], app.muted)
        if turn:
            self.sound.play("turn", app.muted, delay=0.15 if names else 0)
        return evs

    # ------------------------------------------------------------ animation
    def deal_new(self) -> None:
        """The deal animation, when the hand on show is a new one: its cards are
        new to the player only before its first move. It plays once per hand, on
        the visit that made it; a hand resumed from the save is not dealt again
        (on a return visit ui/boot/paint.js has it on screen before Python runs: cards
        flying in over it would flicker), nor is one of an open dialog's question.
        Not under reduced motion or at instant speed."""
        g = self.app.game
        if g is not None and not g.actions and flights.on(self.app):
            motion.deal(self.root, document, g.players, SPEED_ANIM_MS[self.app.settings["speed"]])

    # ------------------------------------------------------------ input
    # The prompts name keys only for a keyboard player and say "Chạm" (tap) to
    # touch and mouse: the last input used decides (app.input, class input-*).
    def on_pointer(self, ev: DomEvent) -> None:
        # Nothing changes under the finger now (a re-render, or key hints vanishing,
        # would move the button before the tap ends): the click that follows does it.
        if self.app.input != "pointer":
            self.stale_words = True

    def on_click(self, ev: DomEvent) -> None:
        if self.stale_words:
            self.app.used("pointer")
        el = ev.target.closest("[data-act]")
        if nil(el) or not self.root.contains(el):
            if self.stale_words:
                self.render()
            return
        act = attr(el, "data-act")
        assert act is not None  # the closest [data-act]
        arg = attr(el, "data-card") or attr(el, "data-arg")
        if act == "tab_take" and self.tab_state in ("busy", "lost"):
            self.tab_state = "waiting"
            self.render()
            self.tabs.take_over()
            return
        if act == "tab_steal" and self.tab_state == "silent":
            self.tab_state = "waiting"
            self.render()
            self.tabs.steal()
            return
        self.intent(act, arg)

    def on_change(self, ev: DomEvent) -> None:
        el = ev.target
        key = attr(el, "data-setting")
        if not key:
            return
        value = bool(el.checked) if el.type == "checkbox" else str(el.value)
        self.intent("setting", (str(key), value))

    def intent(self, act: str, arg: object = None) -> None:
        if self.tab_state != "play":
            return
        app = self.app
        before = (app.match, app.game)
        # Each feature in turn, the table last; the first that does not answer None
        # owns the intent: True = draw again, False = nothing (more) to draw.
        for feature in (self.link.handle, self.learn.handle):
            changed = feature(act, arg)
            if changed is not None:
                break
        else:
            changed = app.handle(act, arg)
        if not changed:
            if self.stale_words:
                self.render()
            return
        if (app.match, app.game) != before:   # a new hand (not a question about one: no deal sound)
            self.new_hand()
            self.sound.play("deal", app.muted)
        evs = self.news()
        self.render(evs)
        if app.game is not before[1]:
            self.deal_new()   # a new hand (next, a confirmed new match, a link's or a lesson's)
        self.kick()

    def new_hand(self) -> None:
        """A new match or hand is on the table (an intent of the table's or a
        feature's dealt it): a running bot loop is stale (``gen``), and the deal's
        events are not news."""
        self.gen += 1
        self.app.catch_up()

    def kick(self) -> None:
        """Let the bots move (ui/page/bots.py), unless they are moving already."""
        if not self.loop_running:
            self.loop_running = True
            asyncio.ensure_future(self._bots())

    async def _bots(self) -> None:
        try:
            await bots.moves(self)
        except Exception as e:  # noqa: BLE001
            self.fail(e)
        finally:
            self.loop_running = False


PAGE: Page | None = None


def boot() -> None:
    global PAGE
    PAGE = Page()
    try:
        PAGE.boot()
    except Exception as e:  # noqa: BLE001
        PAGE.fail(e)
        raise
    # Everything the boot made (modules, classes, functions: most of the heap) lives as
    # long as the page: kept out of the cyclic GC's passes from now on. Until then a
    # collection during a bot's turn took 65-107 ms of one slice here (the wasm's code
    # not yet optimised): a freeze of the page while the bot thinks; after, none over 20 ms.
    gc.freeze()


def local_storage() -> store.SafeStorage:
    """The browser's localStorage behind SafeStorage (ui/core/store.py): no call
    raises, even when the browser blocks storage altogether."""
    return store.open_storage(lambda: window.localStorage)


def browser_languages() -> list[str]:
    """``navigator.languages`` (else ``navigator.language``), most wanted first;
    nothing when the browser says nothing."""
    nav = window.navigator
    try:
        langs = [str(x) for x in (nav.languages or ())]
        return langs or ([str(nav.language)] if nav.language else [])
    except Exception:  # noqa: BLE001 (a browser without them: the page's default)
        return []
