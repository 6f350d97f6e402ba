"""Two tabs, one match: the tab holding the Web Lock plays, the others wait.

The saved match is one per origin (localStorage), so two tabs that both
played would each overwrite the other's match. The page asks the browser for
an exclusive lock (``navigator.locks``) named ``LOCK`` before it touches the
save: granted at once, it plays; already held, it shows that the game is open
elsewhere and offers to take over.

Taking over uses the platform's own coordination, no timers: the new tab
posts ``take`` on a BroadcastChannel and queues a request for the lock; the
tab holding it stops (no more saves: ``App.readonly``), shows that it was
taken over, and releases the lock; the browser then grants it to the new tab,
which reads the save as the old tab left it. A tab that gains the lock posts
``have``, so a third tab still waiting asks again. A tab that closes releases
its lock by itself. Without Web Locks (an old browser) the page plays
uncoordinated, as before.

On a return visit that paints the saved table (ui/boot/paint.js), that first
request is made by the page's first script, with the same name, before the
runtime starts: the browser's answer then waits for Python instead of Python
for it (``window.phomLock``, adopted by ``start``). Without the lock there,
Python asks once more itself: a reload may ask before the browser has let go
of the page it replaces.

A tab that holds the lock may stop answering: the browser froze it (a
background tab on a phone), or it hangs. Then it never lets go, and the
waiting tab would wait for ever. So a waiting tab asks ``ping`` (and the
holder answers ``here``); if nothing comes back within ``PATIENCE_MS`` — the
one timer here, which only decides when to offer a way out — it says so
(``on_silent``) and offers to play here instead. Only that choice, the
player's, takes the lock from the silent tab (``steal``, the Web Locks way):
the silent tab's lock is broken, and when it wakes it is told (its lock's
promise rejects, and it hears ``have``) and stops. Before that news reaches
it, its own saves are refused too: the tab that plays writes its id under
``store.HOLDER_KEY`` and every write checks it (ui/core/store.py), so a tab that
wakes up never overwrites the newer save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import BroadcastChannel, Promise, navigator, setTimeout, window
from pyodide.ffi import create_proxy

from .dom import js_obj, nil

LOCK = "phom.play"
CHANNEL = "phom.tabs"
PATIENCE_MS = 3000  # a live tab answers in milliseconds, even while a bot thinks

# What the Web Locks API and BroadcastChannel hand this module (a lock, a promise, the
# function that lets a lock go, a channel, a message) is only handed back to them: Any.
Callback = Callable[[], None]


class TabGuard:
    """``on_table()`` when this tab may play, ``on_busy()`` when another tab
    plays (and answers), ``on_silent()`` when the tab that plays does not
    answer, ``on_lost()`` when another tab has taken over from this one."""

    def __init__(self, on_table: Callback, on_busy: Callback, on_lost: Callback, on_silent: Callback) -> None:
        self.on_table, self.on_busy, self.on_lost, self.on_silent = on_table, on_busy, on_lost, on_silent
        self.held = False
        self.waiting = False
        self.silent = False
        self._asked = 0       # which question the silence timer is for
        self._answered = 0    # the last question answered
        self._release: Any = None   # the held lock's letting go (a JS promise's resolve)
        self._keep: list[Any] = []  # proxies that must live as long as the page
        self.channel: Any = None
        self.supported = not nil(getattr(navigator, "locks", None))
        patience: Any = getattr(window, "phomTabPatience", None)  # tests make it short
        self.patience = PATIENCE_MS if nil(patience) else int(patience)

    def _proxy(self, fn: Callable[..., object]) -> Any:
        p = create_proxy(fn)
        self._keep.append(p)
        return p

    def start(self) -> None:
        if not self.supported:
            self.on_table()
            return
        self.channel = BroadcastChannel.new(CHANNEL)
        self.channel.onmessage = self._proxy(self._message)
        asked = self._asked_early()
        if asked is None:
            self._request({"ifAvailable": True}, self._first)
            return
        # ui/boot/paint.js asked already (a painted return visit): its answer, adopted
        self._watch(asked.done)
        asked.granted.then(self._proxy(self._adopt))

    @staticmethod
    def _asked_early() -> Any:
        """The first request made by ui/boot/paint.js before Python ran (same name,
        ``ifAvailable``), taken once; None where it made none."""
        asked = getattr(window, "phomLock", None)
        if nil(asked):
            return None
        window.phomLock = None
        return asked

    def let_go_early(self) -> None:
        """A page that does not play its own save (a guest's) holds no lock."""
        asked = self._asked_early()
        if asked is not None:
            asked.granted.then(self._proxy(lambda release: None if nil(release) else release()))

    def _adopt(self, release: Any) -> None:
        """ui/boot/paint.js's answer: with the lock, this tab plays; without it,
        asked again as a boot without that early ask would (a reload can ask
        before the browser has let go of the page it replaces)."""
        if nil(release):
            self._request({"ifAvailable": True}, self._first)
            return
        self._hold(release)

    def _request(self, opts: dict[str, bool], callback: Callable[[Any], Any]) -> None:
        """Ask for the lock; if it is ever taken from this tab (``steal``), stop."""
        js_opts = js_obj(opts)
        self._watch(navigator.locks.request(LOCK, js_opts, self._proxy(callback)))

    def _watch(self, done: Any) -> None:
        """A request's own promise: it rejects if the lock is taken from this tab."""
        done.then(self._proxy(lambda _v: None), self._proxy(self._broken))

    def _first(self, lock: Any) -> Any:
        if nil(lock):
            self.on_busy()
            self._ask("ping")
            return None
        return self._granted()

    def _ask(self, kind: str) -> None:
        """Post ``kind`` and, if the tab that plays does not answer in time, say so."""
        self._asked += 1
        asked = self._asked
        self._post(kind)
        setTimeout(self._proxy(lambda: self._no_answer(asked)), self.patience)

    def _no_answer(self, asked: int) -> None:
        if self.held or self._answered >= asked or asked != self._asked:
            return
        self.silent, self.waiting = True, False
        self.on_silent()

    def _broken(self, _err: Any) -> None:
        """This tab's lock was taken (``steal``) while it did not answer."""
        if self.held:
            self._lose()

    def _granted(self) -> Any:
        """Hold the lock until ``_release`` is called (a promise left pending)."""
        def executor(resolve: Any, _reject: Any) -> None:
            self._release = resolve

        promise = Promise.new(self._proxy(executor))
        self._hold(self._release)
        return promise

    def _hold(self, release: Any) -> None:
        """This tab has the lock, let go by calling ``release``: it plays."""
        self.held, self.waiting = True, False
        self._release = release
        self._post("have")
        self.on_table()

    def take_over(self) -> None:
        """Ask the tab that plays to let go, and wait for the lock."""
        if self.held or self.waiting or not self.supported:
            return
        self.waiting = True
        self._ask("take")
        self._request({}, lambda _lock: self._granted())

    def steal(self) -> None:
        """Play here although the other tab did not answer: the player chose it
        (``on_silent`` offered it). The silent tab's lock is broken."""
        if self.held or not self.supported:
            return
        self.waiting, self.silent = True, False
        self._request({"steal": True}, lambda _lock: self._granted())

    def _lose(self) -> None:
        self.held = False
        self.on_lost()          # stop saving first ...
        release, self._release = self._release, None
        if release is not None:
            release()           # ... then let the other tab have the save

    def _message(self, ev: Any) -> None:
        kind = str(getattr(ev.data, "type", "") or "")
        if kind == "take" and self.held:
            self._lose()
        elif kind == "ping" and self.held:
            self._post("here")
        elif kind == "here" and not self.held:
            self._answered = self._asked
            if self.silent:         # it woke up after all: ask it politely
                self.silent = False
                self.on_busy()
        elif kind == "have" and self.held:
            self._lose()            # taken while this tab slept (steal)
        elif kind == "have" and self.waiting:
            self._ask("take")       # a third tab got it first: ask that one

    def _post(self, kind: str) -> None:
        if self.channel is not None:
            self.channel.postMessage(js_obj({"type": kind}))
