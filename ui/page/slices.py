"""The one slicing runner: a Python generator run to its end in slices of ~12 ms,
the browser getting the main thread between them (the UI stays on the main
thread: a worker touching the DOM needs COOP/COEP, which Pages cannot send).

A bot's turn (ui/page/bots.py ``think``), the expert's hint and the review
(ui/page/learn.py) all go through ``run``; each records its own performance
measure (``phom-think``, ``phom-hint``) from the figures ``run`` returns, so
those figures are measured one way.

``js`` is imported inside the function: ui/page/bots.py imports this module, and
it is imported in the memory snapshot's worker (ui/boot/snapshot.worker.mjs)
too, where no JS object of the worker's may be kept in the snapshot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from typing import Any

SLICE_MS = 12


def figures() -> dict[str, Any]:
    """A new record of how a run went: ``slices`` (times the thread was given
    back), ``work_ms`` (the Python's time, the slices summed; a measure's own
    duration is wall time, the pauses included), ``longest_ms`` (the longest
    slice), ``step_ms`` (the longest single step of the generator: a slice can
    end only between steps) and ``step_at`` (where that step ended: the
    function and line of the innermost yield)."""
    return {"slices": 0, "work_ms": 0.0, "longest_ms": 0.0, "step_ms": 0.0, "step_at": ""}


def where(gen: Generator[Any, Any, Any]) -> str:
    """Where a generator is paused: the innermost ``yield from``'s function and line."""
    g: Any = gen
    while getattr(g, "gi_yieldfrom", None) is not None:
        g = g.gi_yieldfrom
    frame = getattr(g, "gi_frame", None)
    return f"{frame.f_code.co_name}:{frame.f_lineno}" if frame is not None else "?"


async def run(gen: Generator[Any, Any, Any], between: Callable[[float], None] | None = None,
              out: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """Run ``gen`` to its end in slices of ~``SLICE_MS``, pausing (``asyncio.sleep(0)``)
    between them; ``between(now)`` is called after each pause. Returns the
    generator's value and the figures (``figures()``). ``out``, when given, is
    the record filled (in place, so a caller has the figures so far even when
    ``gen`` raises)."""
    from js import performance

    how = figures() if out is None else out
    t = start = performance.now()
    try:
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value, how
            now = performance.now()
            if now - t > how["step_ms"]:
                how["step_ms"], how["step_at"] = now - t, where(gen)
            t = now
            if now - start > SLICE_MS:
                how["work_ms"] += now - start
                how["longest_ms"] = max(how["longest_ms"], now - start)
                await asyncio.sleep(0)
                how["slices"] += 1
                start = t = performance.now()
                if between is not None:
                    between(start)
    finally:
        now = performance.now()
        how["step_ms"] = max(how["step_ms"], now - t)
        how["work_ms"] += now - start
        how["longest_ms"] = max(how["longest_ms"], now - start)
