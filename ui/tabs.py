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
"""

from __future__ import annotations

from js import BroadcastChannel, Object, Promise, navigator
from pyodide.ffi import create_proxy, to_js

LOCK = "phom.play"
CHANNEL = "phom.tabs"


def _nil(x) -> bool:
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


class TabGuard:
    """``on_table()`` when this tab may play, ``on_busy()`` when another tab
    plays, ``on_lost()`` when another tab has taken over from this one."""

    def __init__(self, on_table, on_busy, on_lost) -> None:
        self.on_table, self.on_busy, self.on_lost = on_table, on_busy, on_lost
        self.held = False
        self.waiting = False
        self._release = None
        self._keep = []  # proxies that must live as long as the page
        self.channel = None
        self.supported = not _nil(getattr(navigator, "locks", None))

    def _proxy(self, fn):
        p = create_proxy(fn)
        self._keep.append(p)
        return p

    def start(self) -> None:
        if not self.supported:
            self.on_table()
            return
        self.channel = BroadcastChannel.new(CHANNEL)
        self.channel.onmessage = self._proxy(self._message)
        opts = to_js({"ifAvailable": True}, dict_converter=Object.fromEntries)
        navigator.locks.request(LOCK, opts, self._proxy(self._first))

    def _first(self, lock):
        if _nil(lock):
            self.on_busy()
            return None
        return self._granted()

    def _granted(self):
        """Hold the lock until ``_release`` is called (a promise left pending)."""
        self.held, self.waiting = True, False

        def executor(resolve, _reject):
            self._release = resolve

        promise = Promise.new(self._proxy(executor))
        self._post("have")
        self.on_table()
        return promise

    def take_over(self) -> None:
        """Ask the tab that plays to let go, and wait for the lock."""
        if self.held or self.waiting or not self.supported:
            return
        self.waiting = True
        self._post("take")
        navigator.locks.request(LOCK, self._proxy(lambda _lock: self._granted()))

    def _message(self, ev) -> None:
        kind = str(getattr(ev.data, "type", "") or "")
        if kind == "take" and self.held:
            self.held = False
            self.on_lost()          # stop saving first ...
            release, self._release = self._release, None
            if release is not None:
                release()           # ... then let the other tab have the save
        elif kind == "have" and self.waiting:
            self._post("take")      # a third tab got it first: ask that one

    def _post(self, kind: str) -> None:
        if self.channel is not None:
            self.channel.postMessage(to_js({"type": kind}, dict_converter=Object.fromEntries))
