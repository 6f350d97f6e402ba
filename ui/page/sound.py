"""Short table sounds made by the page itself (Web Audio), and the mute switch.

No audio files: each sound is a few oscillators and a burst of noise with
short envelopes, built when it plays. The AudioContext is created only inside
a user gesture (the first tap or key press), as browsers require; before that
nothing plays and nothing is logged. Vibration marks "your turn" on phones
that have it, also after a gesture only.

The mute switch is remembered in its own localStorage key (``MUTE_KEY``), so
it never touches the saved match or settings. ui/core/store.py, which owns every
storage key, reads and writes it: the table keeps the switch without importing
this browser-side module. The pure part (which event makes which sound, the
stored switch) runs on CPython for the tests; the ``Player`` needs the browser.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.store import MUTE_KEY, load_muted, save_muted  # noqa: F401  - the switch's storage, kept in ui/core/store.py

if TYPE_CHECKING:  # the browser's types (typings/js.pyi)
    from js import Window

# event kind (phom.narrate.Move.kind) -> sound
EVENT_SOUNDS = {"draw": "draw", "eat": "eat", "discard": "discard", "lay": "lay", "mom": "discard",
                "send": "send", "u": "u"}
# which sound wins when one step makes several (a lay-down and its sends, …)
PRIORITY = ("u", "lay", "send", "eat", "discard", "draw", "deal")
VIBRATE_TURN_MS = 35
# the noise buffer holds signed 8-bit samples (_noise_buffer): a noise voice's envelope scales them to -1..1
NOISE_SCALE = 1 / 128


def sounds_for(kinds: Iterable[str]) -> list[str]:
    """The sounds for one step's events, most telling first, each once."""
    names = {EVENT_SOUNDS[k] for k in kinds if k in EVENT_SOUNDS}
    return [n for n in PRIORITY if n in names]


# Each sound: (kind, start s, length s, frequency Hz [, end frequency], gain).
# "noise" entries are band-passed noise bursts (card flicks); others oscillators.
_NOTES: dict[str, list[tuple[str, float, float, float, float]]] = {
    "deal": [("noise", i * 0.07, 0.05, 2600, 0.35) for i in range(5)],
    "draw": [("noise", 0, 0.09, 1800, 0.4), ("sine", 0.02, 0.08, 520, 0.08)],
    "eat": [("triangle", 0, 0.09, 440, 0.22), ("triangle", 0.07, 0.12, 660, 0.22)],
    "discard": [("noise", 0, 0.05, 1200, 0.45), ("triangle", 0, 0.08, 170, 0.3)],
    "lay": [("triangle", 0, 0.14, 523, 0.2), ("triangle", 0.06, 0.14, 659, 0.2),
            ("triangle", 0.12, 0.2, 784, 0.2)],
    "send": [("sine", 0, 0.16, 880, 0.2), ("noise", 0, 0.04, 3000, 0.2)],
    "u": [("square", 0, 0.12, 523, 0.07), ("square", 0.11, 0.12, 659, 0.07),
          ("square", 0.22, 0.12, 784, 0.07), ("square", 0.33, 0.4, 1047, 0.08),
          ("triangle", 0.33, 0.45, 523, 0.15)],
    "turn": [("sine", 0, 0.18, 659, 0.16), ("sine", 0.12, 0.28, 880, 0.14)],
}
SOUND_NAMES = tuple(_NOTES)


class Player:
    """Plays the sounds in the browser; silent until ``unlock`` ran in a gesture."""

    def __init__(self, window: Window) -> None:
        self.window = window
        # Web Audio's objects, handed straight back to it: typed no further than JS's
        self.ctx: Any = None      # the AudioContext, once a gesture made one
        self.noise: Any = None    # the noise's AudioBuffer
        self.gestured = False
        self.played: list[str] = []   # what was played, for the tests (last few)

    def unlock(self) -> None:
        """Call from a tap or key handler: create (or resume) the AudioContext."""
        self.gestured = True
        if self.ctx is not None:
            if str(self.ctx.state) == "suspended":
                self.ctx.resume()
            return
        ctor = getattr(self.window, "AudioContext", None) or getattr(self.window, "webkitAudioContext", None)
        if ctor is None:
            return
        try:
            self.ctx = ctor.new()
        except Exception:  # noqa: BLE001 — no audio here: stay silent
            self.ctx = None

    def _noise_buffer(self) -> Any:
        """A quarter second of white noise, made on the first noisy sound: random
        bytes read as signed 8-bit samples (-128..127, scaled down by the voice's
        envelope, NOISE_SCALE), converted by the browser. Python drawing 12,000 floats one
        by one took ~70 ms of that first tap here, before the wasm warmed up."""
        if self.noise is None:
            from js import Float32Array, Int8Array
            from pyodide.ffi import to_js

            rate = int(self.ctx.sampleRate)
            n = rate // 4
            samples = Int8Array.new(to_js(random.Random(7).randbytes(n)).buffer)
            buf = self.ctx.createBuffer(1, n, rate)
            buf.copyToChannel(getattr(Float32Array, "from")(samples), 0)
            self.noise = buf
        return self.noise

    def play(self, name: str, muted: bool, delay: float = 0.0) -> None:
        if muted or name not in _NOTES:
            return
        self.played.append(name)
        del self.played[:-20]
        ctx = self.ctx
        if ctx is None or str(ctx.state) == "closed":
            return
        try:
            now = ctx.currentTime + 0.01 + delay
            for kind, start, length, freq, gain in _NOTES[name]:
                self._voice(kind, now + start, length, freq, gain)
        except Exception:  # noqa: BLE001 — a sound is never worth breaking the table
            return

    def _voice(self, kind: str, t0: float, length: float, freq: float, gain: float) -> None:
        ctx = self.ctx
        level = NOISE_SCALE if kind == "noise" else 1.0
        env = ctx.createGain()
        env.gain.setValueAtTime(0.0001 * level, t0)
        env.gain.exponentialRampToValueAtTime(gain * level, t0 + min(0.01, length / 4))
        env.gain.exponentialRampToValueAtTime(0.0001 * level, t0 + length)
        env.connect(ctx.destination)
        if kind == "noise":
            src = ctx.createBufferSource()
            src.buffer = self._noise_buffer()
            band = ctx.createBiquadFilter()
            band.type = "bandpass"
            band.frequency.value = freq
            band.Q.value = 1.2
            src.connect(band)
            band.connect(env)
            src.start(t0, random.random() * 0.1, length)
        else:
            osc = ctx.createOscillator()
            osc.type = kind
            osc.frequency.setValueAtTime(freq, t0)
            osc.connect(env)
            osc.start(t0)
            osc.stop(t0 + length + 0.02)

    def vibrate(self, ms: int = VIBRATE_TURN_MS) -> None:
        """A short buzz on phones (coarse pointer) that support it, after a gesture."""
        nav = self.window.navigator
        if not self.gestured or not hasattr(nav, "vibrate"):
            return
        if not self.window.matchMedia("(pointer: coarse)").matches:
            return
        try:
            nav.vibrate(ms)
        except Exception:  # noqa: BLE001
            return
