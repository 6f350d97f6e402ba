"""The page's entry point in Pyodide: DOM wiring, the bot loop, animations.

One delegated click listener and one change listener on the table root, one
keydown listener on the document. Rendering replaces the root's innerHTML
with ``render.page_html(app)`` and puts focus back on the element with the
same ``data-key``. Bots think in slices (``choose_steps``) with a yield to the
browser between slices, so the page never freezes.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random

from js import Object, document, performance, window
from pyodide.ffi import create_proxy, to_js

from phom import LayDown, Send

from . import banners, learn_dom, linkpage, movelog, params, render, sound, store
from .app import SPEED_ANIM_MS, SPEED_DELAY_MS, App
from .cards_svg import sprite
from .i18n import t
from .notices import notice, say
from .page import drag, motion
from .page.dom import nil

KEY_INTENTS = {"d": "draw", "e": "eat", "l": "lay", "n": "next", "a": "arr_next", "g": "send",
               "s": "sort", "u": "u", "p": "pass", "?": "help", "h": "hint", "k": "log", "m": "mute"}


def _attr(el, name):
    v = el.getAttribute(name)
    return None if nil(v) else str(v)


def _js(obj):
    return to_js(obj, dict_converter=Object.fromEntries)


# every stop of an open panel, its scrolling regions too (ui/widgets.scroll_box), in page order
DIALOG_STOPS = (".dialog button, .dialog select, .dialog input, .dialog textarea, "
                ".dialog [tabindex='0']")


class Page:
    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.live = document.getElementById("live")
        self.app = App(local_storage())
        self.tab_state = "loading"   # play / busy / silent / lost / waiting (ui/page/tabs.py)
        self.tab_id = f"{random.SystemRandom().getrandbits(64):016x}"
        self.params: dict = {}
        self.started = False
        self.gen = 0            # bumps when a new match/hand makes a running loop stale
        self.loop_running = False
        self.last_dialog = None
        self.opener_key = None
        self.last_phase = None
        self.stale_words = False
        self._proxies = []
        learn_dom.attach(self)
        self.sound = sound.Player(window)
        self.drag = drag.Drag(self)

    # ------------------------------------------------------------ start
    def boot(self) -> None:
        self.usp = usp = window.URLSearchParams.new(window.location.search)
        self.params = {k: [str(v) for v in usp.getAll(k)] for k in params.KNOWN if usp.has(k)}
        self.link = linkpage.attach(self)   # linked play; a guest's page gets a GuestApp
        from .page.tabs import TabGuard

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
        self._listen(document, "keydown", self.on_key)
        self.drag.attach(self._listen, document)
        # Audio may start only inside a gesture: the first tap or key creates it, as the
        # finger or key comes up (a tap's click, which may play a sound, follows). Not as
        # it goes down: creating the AudioContext took ~110 ms here, which made the first
        # key's own handling one task of ~200 ms.
        for name in ("pointerup", "keyup"):
            self._listen(document, name, lambda ev: self.sound.unlock())
        self._listen(document, "pointerdown", self.on_pointer)
        window.phomState = create_proxy(state_json)
        window.phomFeel = create_proxy(feel_json)
        window.phomFiles = create_proxy(files_json)
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
            self.app.on_taken = self.on_lost
        self.app.start(self.params)
        if self.app.aside_error:
            window.console.warn("phom: the save was set aside: " + self.app.aside_error)
        learn_dom.boot(self, self.usp)
        if self.params:
            # Drop the parameters so a reload resumes instead of starting over.
            window.history.replaceState(None, "", window.location.pathname)
        self.app.events_seen = len(self.app.view().events) if self.app.game is not None else 0
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
        self.app.readonly = True
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

    def _listen(self, target, name, fn) -> None:
        def handler(ev):
            try:
                fn(ev)
            except Exception as e:  # noqa: BLE001
                self.fail(e)

        p = create_proxy(handler)
        self._proxies.append(p)
        target.addEventListener(name, p)

    def fail(self, e) -> None:
        """An error reaches the console and a visible notice (a failing bot is never
        silently replaced)."""
        import traceback

        window.console.error("phom ui: " + "".join(traceback.format_exception(e)))
        try:
            self.app.notice = notice(say(t, "notice_error", msg=f"{type(e).__name__}: {e}"))
            self.render()
        except Exception:  # noqa: BLE001  (the console already has the error)
            pass

    # ------------------------------------------------------------ render
    def render(self, events=()) -> None:
        app = self.app
        if self.tab_state != "play":
            self.root.innerHTML = banners.tab_html(app.lang, self.tab_state)
            self.root.setAttribute("data-phase", "elsewhere")
            self._focus_key("tab-take")
            return
        active = document.activeElement
        key = None
        hand_index = None
        if not nil(active) and active != document.body and self.root.contains(active):
            key = _attr(active, "data-key")
            if key and key.startswith("h-"):
                keys = [_attr(b, "data-key") for b in self.root.querySelectorAll(".hand .card")]
                hand_index = keys.index(key) if key in keys else None
        before = self._rects() if self._animate() and events else {}

        self.stale_words = False
        self.root.className = render.root_classes(app)
        self.root.innerHTML = render.page_html(app) + learn_dom.extra_html(self)
        learn_dom.after_render(self)
        phase = app.phase_attr()
        self.root.setAttribute("data-phase", phase)
        self.drag.mark()
        document.documentElement.lang = app.lang

        # Focus: a newly opened panel takes it; a closed one gives it back.
        if app.dialog != self.last_dialog:
            if app.dialog:
                if self.last_dialog is None:   # one panel opened from another keeps the first opener
                    self.opener_key = key
                self._focus_first(".dialog")
                log = self.root.querySelector(".movelog")
                if not nil(log):
                    log.scrollTop = log.scrollHeight  # the latest moves
            else:
                self._focus_key(self.opener_key)
            self.last_dialog = app.dialog
        elif app.cover_for is not None:
            self._focus_key("cover")
        elif phase == "hand-over" and self.last_phase != "hand-over":
            self._focus_key("btn-next", within=".over")
            if app.game.result.u is not None and self._animate():
                motion.celebrate(self.root, document, app.hand_no, SPEED_ANIM_MS[app.settings["speed"]])
        elif key:
            if not self._focus_key(key) and hand_index is not None:
                cards = self.root.querySelectorAll(".hand .card")
                if cards.length:
                    cards.item(min(hand_index, cards.length - 1)).focus()
        self.last_phase = phase
        if before:
            self._play(events, before)
        self.link.after_render()

    def _focus_key(self, key, within: str = "") -> bool:
        if not key:
            return False
        el = self.root.querySelector(f'{within} [data-key="{key}"]'.strip())
        if nil(el):
            return False
        el.focus(_js({"preventScroll": True}))
        return True

    def _focus_first(self, sel: str) -> None:
        el = self.root.querySelector(f"{sel} select, {sel} button, {sel} input")
        if not nil(el):
            el.focus()

    def news(self, your_turn: bool = False):
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
    def _animate(self) -> bool:
        if SPEED_ANIM_MS.get(self.app.settings["speed"], 0) <= 0:
            return False
        return not window.matchMedia("(prefers-reduced-motion: reduce)").matches

    def deal_new(self) -> None:
        """The deal animation, when the hand on show is a new one: its cards are
        new to the player only before its first move. It plays once per hand, on
        the visit that made it; a hand resumed from the save is not dealt again
        (on a return visit ui/paint.js has it on screen before Python runs: cards
        flying in over it would flicker), nor is one of an open dialog's question.
        Not under reduced motion or at instant speed."""
        g = self.app.game
        if g is not None and not g.actions and self._animate():
            motion.deal(self.root, document, self.app.game.players, SPEED_ANIM_MS[self.app.settings["speed"]])

    def _rects(self) -> dict:
        out = {}
        for el in self.root.querySelectorAll("[data-card], [data-key^='count-'], [data-key='stock']"):
            r = el.getBoundingClientRect()
            k = _attr(el, "data-card") or _attr(el, "data-key")
            out[k] = (r.left, r.top, r.width, r.height)
        return out

    def _play(self, events, before) -> None:
        ms = SPEED_ANIM_MS.get(self.app.settings["speed"], 0)
        view = self.app.view()
        for seat, kind, card in events:
            plate = f"count-{seat}" if seat != self.app.me else "stock"
            if kind == "draw":
                if seat == self.app.me:
                    new = [c for c in view.hand if str(c) not in before]
                    for c in new:
                        self._fly_in(f'.hand [data-card="{c}"]', before.get("stock"), ms)
                else:
                    self._ghost(before.get("stock"), f'[data-key="count-{seat}"]', ms)
            elif kind in ("discard", "eat", "send") and card is not None:
                src = before.get(str(card)) or before.get(plate)
                self._fly_in(f'[data-card="{card}"]:not(.hand-card)' if kind != "eat" or seat != self.app.me
                             else f'.hand [data-card="{card}"]', src, ms)
            elif kind == "lay":
                for _mid, owner, cards in view.table_melds:
                    if owner != seat:
                        continue
                    for c in cards:
                        src = before.get(str(c)) or before.get(plate)
                        self._fly_in(f'.meld [data-card="{c}"]', src, ms)

    def _fly_in(self, selector: str, src, ms: int) -> None:
        el = self.root.querySelector(selector)
        if nil(el) or src is None:
            return
        r = el.getBoundingClientRect()
        dx, dy = src[0] - r.left, src[1] - r.top
        if abs(dx) < 2 and abs(dy) < 2:
            return
        sx = src[2] / r.width if r.width else 1
        frames = [{"transform": f"translate({dx:.1f}px,{dy:.1f}px) scale({sx:.2f})", "opacity": 0.6},
                  {"transform": "none", "opacity": 1}]
        el.animate(_js(frames), _js({"duration": ms, "easing": "cubic-bezier(.2,.7,.3,1)"}))

    def _ghost(self, src, target_sel: str, ms: int) -> None:
        target = self.root.querySelector(target_sel)
        if src is None or nil(target):
            return
        r = target.getBoundingClientRect()
        g = document.createElement("span")
        g.className = "card back ghost"
        g.setAttribute("aria-hidden", "true")
        pile = document.querySelector(".stock .pile")
        g.innerHTML = "" if nil(pile) else pile.innerHTML
        g.style.left = f"{src[0]}px"
        g.style.top = f"{src[1]}px"
        g.style.width = f"{src[2]}px"
        g.style.height = f"{src[3]}px"
        document.body.appendChild(g)
        frames = [{"transform": "none", "opacity": 1},
                  {"transform": f"translate({r.left - src[0]:.1f}px,{r.top - src[1]:.1f}px) scale(0.5)",
                   "opacity": 0.2}]
        anim = g.animate(_js(frames), _js({"duration": ms, "easing": "ease-in", "fill": "forwards"}))
        remove = create_proxy(lambda *_: g.remove())
        anim.addEventListener("finish", remove)

    # ------------------------------------------------------------ input
    # The prompts name keys only for a keyboard player and say "Chạm" (tap) to
    # touch and mouse: the last input used decides (app.input, class input-*).
    def on_pointer(self, ev) -> None:
        # Nothing changes under the finger now (a re-render, or key hints vanishing,
        # would move the button before the tap ends): the click that follows does it.
        if self.app.input != "pointer":
            self.stale_words = True

    def on_click(self, ev) -> None:
        if self.stale_words:
            self.app.input = "pointer"
        el = ev.target.closest("[data-act]")
        if nil(el) or not self.root.contains(el):
            if self.stale_words:
                self.render()
            return
        act = _attr(el, "data-act")
        arg = _attr(el, "data-card") or _attr(el, "data-arg")
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

    def on_change(self, ev) -> None:
        el = ev.target
        key = _attr(el, "data-setting")
        if not key:
            return
        value = bool(el.checked) if el.type == "checkbox" else str(el.value)
        self.intent("setting", (str(key), value))

    def on_key(self, ev) -> None:
        if ev.ctrlKey or ev.metaKey or ev.altKey or self.tab_state != "play":
            return
        key = str(ev.key)
        if self.app.input != "kbd" and key not in ("Shift", "Control", "Alt", "Meta"):
            self.app.input = "kbd"
            self.render()
        target = ev.target
        tag = "" if nil(target) or nil(target.tagName) else str(target.tagName).lower()
        if key == "Tab" and self.app.dialog:
            self.trap_tab(ev)
            return
        if tag in ("select", "input", "textarea"):
            if key == "Escape":
                self.intent("escape")
            return
        if key == "Escape":
            ev.preventDefault()
            if not self.drag.cancel():
                self.intent("escape")
            return
        if key in ("ArrowLeft", "ArrowRight") and ev.shiftKey and self.app.dialog is None:
            # Shift+← → moves the focused hand card one place (ui/order.py)
            card = _attr(target, "data-card") if tag == "button" else None
            if card and target.classList.contains("hand-card"):
                ev.preventDefault()
                self.intent("nudge", (card, -1 if key == "ArrowLeft" else 1))
            return

        panel_key = learn_dom.key_intent(self, key)   # the review steps by ← → Home End
        if panel_key is not None:
            ev.preventDefault()
            self.intent(panel_key)
            return
        if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            if self.app.dialog is None and self.move_focus(key):
                ev.preventDefault()
            return
        if key in ("Enter", " "):
            if tag == "button":
                return  # the button's own click does it
            if self.app.dialog is None:
                ev.preventDefault()
                if self.app.selected is not None:
                    self.intent("discard")
                else:
                    self.move_focus("Home")
            return
        intent = KEY_INTENTS.get(key.lower() if len(key) == 1 else key)
        if intent is None:
            return
        if self.app.dialog and intent not in ("help", "log"):
            return
        ev.preventDefault()
        self.intent(intent)

    def trap_tab(self, ev) -> None:
        """Keep Tab inside an open dialog."""
        items = self.root.querySelectorAll(DIALOG_STOPS)
        n = items.length
        if n == 0:
            return
        first, last = items.item(0), items.item(n - 1)
        active = document.activeElement
        if ev.shiftKey and (active == first or not self.root.querySelector(".dialog").contains(active)):
            ev.preventDefault()
            last.focus()
        elif not ev.shiftKey and (active == last or not self.root.querySelector(".dialog").contains(active)):
            ev.preventDefault()
            first.focus()

    def move_focus(self, key: str) -> bool:
        cards = self.root.querySelectorAll(".hand .card")
        n = cards.length
        if n == 0:
            return False
        active = document.activeElement
        idx = -1
        for i in range(n):
            if cards.item(i) == active:
                idx = i
                break
        if key == "Home":
            idx = 0
        elif key == "End":
            idx = n - 1
        elif idx < 0:
            sel = self.root.querySelector(".hand .card.raised")
            if not nil(sel):
                sel.focus()
                return True
            idx = 0 if key == "ArrowRight" else n - 1
        else:
            idx = (idx + (1 if key == "ArrowRight" else -1)) % n
        cards.item(idx).focus()
        return True

    def intent(self, act: str, arg=None) -> None:
        if self.tab_state != "play":
            return
        if self.link.handles(act, arg):
            return
        app = self.app
        before = (app.match, app.game)
        mine = learn_dom.handle(self, act, arg)
        changed = mine if mine is not None else app.handle(act, arg)
        if not changed:
            if self.stale_words:
                self.render()
            return
        if (app.match, app.game) != before:   # a new hand (not a question about one: no deal sound)
            self.gen += 1
            app.events_seen = len(app.view().events)
            self.sound.play("deal", app.muted)
        evs = self.news()
        self.render(evs)
        if app.game is not before[1]:
            self.deal_new()   # a new hand (next, a confirmed new match, a link's or a lesson's)
        self.kick()

    # ------------------------------------------------------------ the bot loop
    def kick(self) -> None:
        if not self.loop_running:
            self.loop_running = True
            asyncio.ensure_future(self.loop())

    async def loop(self) -> None:
        try:
            await self._loop()
        except Exception as e:  # noqa: BLE001
            self.fail(e)
        finally:
            self.loop_running = False

    async def _loop(self) -> None:
        app = self.app
        while True:
            g = app.game
            if g is None or g.is_over or app.readonly:
                return
            while app.dialog is not None:
                await asyncio.sleep(0.1)
            gen = self.gen
            auto = app.auto_action()
            if not app.bot_to_move() and (auto is None or not app.my_turn()):
                return  # a person's move (behind the pass-and-play cover, wait for the tap)
            speed = app.settings["speed"]
            delay = SPEED_DELAY_MS.get(speed, 0) / 1000
            t0 = performance.now()
            if auto is not None:
                action = auto
            else:
                action = await self.think()
            if gen != self.gen or app.game is not g:
                continue
            wait = delay - (performance.now() - t0) / 1000
            if auto is not None and not isinstance(auto, (LayDown, Send)):
                wait = min(wait, delay * 0.6)
            await asyncio.sleep(max(0, wait))
            if gen != self.gen or app.game is not g or action not in g.legal_actions():
                continue
            app.apply(action)
            evs = self.news(your_turn=True)
            self.render(evs)

    async def think(self):
        """Run the bot's generator in slices of ~12 ms, giving the browser the
        main thread between them. Each bot turn is recorded as a
        ``phom-think`` performance measure (the browser tests check that no long
        task overlaps one). It starts with a pause: the render of the move
        before (25-80 ms here, more on a phone) and its first slice would
        otherwise be one task."""
        await asyncio.sleep(0)
        gen = self.app.bot_steps()
        performance.mark("phom-think-start")
        start = performance.now()
        try:
            while True:
                try:
                    next(gen)
                except StopIteration as stop:
                    return stop.value
                if performance.now() - start > 12:
                    await asyncio.sleep(0)
                    start = performance.now()
        finally:
            performance.mark("phom-think-end")
            performance.measure("phom-think", "phom-think-start", "phom-think-end")


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


def local_storage():
    """The browser's localStorage behind SafeStorage (ui/store.py): no call
    raises, even when the browser blocks storage altogether."""
    return store.open_storage(lambda: window.localStorage)


def state_json() -> str:
    """For tests and debugging: the page's state in one JSON string."""
    app = PAGE.app
    g = app.game
    if PAGE.tab_state != "play":
        return json.dumps({"tab": PAGE.tab_state})
    return json.dumps({
        "phase": g.phase, "to_move": g.to_move, "over": g.is_over,
        "legal": [str(a) for a in app.legal()], "hand": [str(c) for c in app.view().hand],
        "hand_no": app.hand_no, "totals": list(app.match.totals), "settings": app.settings,
        "me": app.me, "cover_for": app.cover_for, "names": app.names(), "pass_and_play": app.pass_and_play,
        "tab": PAGE.tab_state, "saving": app.saving, "notice": app.notice_text(), "dialog": app.dialog,
    })


def feel_json() -> str:
    """For tests: the sound switch and the sounds played (even muted ones are not)."""
    return json.dumps({"muted": PAGE.app.muted, "played": PAGE.sound.played,
                       "audio": None if PAGE.sound.ctx is None else str(PAGE.sound.ctx.state)})


def files_json() -> str:
    """For tests: every Python file of phom/ and ui/ the page's file system holds."""
    import os

    out = []
    for pkg in ("phom", "ui"):
        for dirpath, _dirs, files in os.walk(pkg):
            out.extend(os.path.join(dirpath, f).replace(os.sep, "/") for f in files if f.endswith(".py"))
    return json.dumps(sorted(out))
