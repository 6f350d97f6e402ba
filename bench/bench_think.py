"""A bot's thinking and the hint on the real page: Chromium, the page's main
thread, PyScript/Pyodide, as a player gets it.

    .venv/bin/python bench/bench_think.py                       # 8 hands, basic, expert
    .venv/bin/python bench/bench_think.py --preset traditional --hands 5 --json think.json
    .venv/bin/python bench/bench_think.py --bot hard             # another bot's name, same figures

Serves this checkout (scripts/serve.py), opens a new match by link
(``?new=1&preset=…&players=…&seed=…&starter=0&speed=instant&lang=en&bot=…``)
in Debian's Chromium with V8's tiers as players have them (not the browser
tests' baseline-only wasm), and plays ``--hands`` hands. The human seat plays by
keys: at each of its decisions it presses H, waits for the hint and plays the
hinted move (tools/drive_table.py's keyboard step, told the hinted card or
eat), so the hands go on and the figures cover many decisions.

It prints, and writes with ``--json``:

1. per bot decision, the page's ``phom-think`` performance measures
   (ui/page/bots.py ``think``): wall time (the measure's duration, the pauses
   given back to the browser included), work time (``detail.work_ms``: the
   slices summed, the time the Python ran) and slices (``detail.slices``, the
   times it gave the main thread back) — median, p95, max over the decisions
   with more than one legal action (``detail.legal``), and a line over all;
2. the browser's long tasks (``longtask`` entries, 50 ms or more) that overlap
   a think: how many and the longest, beside the longest slice of work
   (``detail.longest_ms``); and the long tasks while a hint was computed,
   each with the part of the hint it fell in (the ``phom-hint`` measure,
   ui/page/learn.py ``run_hint``: its slices, their longest step and where it
   ended, the redraw showing the hint) and what the browser's long animation
   frame says ran then (an event handler, a timer, Pyodide's message loop);
3. the hint: from the H key's keydown (its event timeStamp) until the hint
   line (``.hint-line`` without ``.thinking``, ui/learn/render.py
   ``hint_line_html``; the same render marks the hinted control
   ``data-hinted``) is in the DOM, seen by a MutationObserver — before that
   frame is painted; "acknowledged" is when the "thinking…" line appeared.

Times are wall-clock on a shared machine: figures, not a pass/fail bound.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
for sub in ("scripts", "tools", "tests/browser"):
    if str(ROOT / sub) not in sys.path:
        sys.path.insert(0, str(ROOT / sub))

from drive_table import (  # noqa: E402  (tools/)
    keyboard_step,
    phase,
    settled_step,
    state,
    wait_ready,
)

CHROMIUM = "/usr/bin/chromium"
# tests/browser/chromium.py's switches, without BASELINE_ONLY: V8's optimising tier too
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

LINK_OR_READY = ("() => !!document.querySelector('[data-act=\"link_start\"]') || "
                 "['your-turn', 'hand-over'].includes(document.getElementById('table')?.dataset.phase)")

# Installed once the table is up: the long tasks, and a hint's times (armed by
# the bench before it presses H; the keydown's timeStamp is the press).
PROBE = """() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries())
      window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask'});
  // the long animation frames' scripts: who ran (an event handler, a timer, a message)
  window.__loaf = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries())
      window.__loaf.push([e.startTime, e.duration, e.scripts.map((s) =>
        `${s.invoker} ${s.sourceURL.split('/').pop()} ${s.sourceFunctionName} ${Math.round(s.duration)} ms`)]);
  }).observe({type: 'long-animation-frame'});
  window.__hint = null;
  window.__hintArmed = false;
  window.addEventListener('keydown', (e) => {
    if (window.__hintArmed && e.key === 'h') {
      window.__hintArmed = false;
      window.__hint = {t0: e.timeStamp, ack: null, shown: null, text: '', card: null, act: null};
    }
  }, true);
  new MutationObserver(() => {
    const h = window.__hint;
    if (!h || h.shown !== null) return;
    const now = performance.now();
    if (h.ack === null && document.querySelector('.hint-line.thinking')) h.ack = now;
    const line = document.querySelector('.hint-line:not(.thinking)');
    if (line) {
      h.shown = now;
      h.text = line.textContent;
      const el = document.querySelector('[data-hinted]');
      h.card = el ? el.dataset.card || null : null;
      h.act = el ? el.dataset.act || null : null;
    }
  }).observe(document.documentElement, {subtree: true, childList: true, attributes: true,
                                         characterData: true});
}"""

THINKS = """() => performance.getEntriesByName('phom-think', 'measure').map((e) => ({
  start: e.startTime, wall: e.duration, slices: e.detail ? e.detail.slices : null,
  work: e.detail && e.detail.work_ms !== undefined ? e.detail.work_ms : null,
  longest: e.detail && e.detail.longest_ms !== undefined ? e.detail.longest_ms : null,
  legal: e.detail && e.detail.legal !== undefined ? e.detail.legal : null}))"""


HINT_MEASURES = """() => performance.getEntriesByName('phom-hint', 'measure').map((e) => ({
  start: e.startTime, wall: e.duration, ...(e.detail || {})}))"""


def where(task, hint_marks) -> str:
    """Which part of a hint a long task (start, duration) overlaps: the press
    and the "thinking" redraw before the first slice, the slices, or the
    redraw that shows the hint (the last render_ms of the phom-hint measure)."""
    s, d = task
    for m in hint_marks:
        a, b = m["start"], m["start"] + m["wall"]
        if s + d <= a - 0.5 or s >= b + 0.5:
            continue
        if s >= b - m.get("render_ms", 0) - 1:
            return f"the redraw showing the hint ({m.get('render_ms', 0):.0f} ms)"
        return (f"the slices (longest slice {m.get('longest_ms', 0):.0f} ms, "
                f"longest step {m.get('step_ms', 0):.0f} ms)")
    return "before the first slice (the key press, the 'thinking' redraw)"


def ran_in(task, loafs) -> list[str]:
    """The scripts of the long animation frames overlapping a long task."""
    s, d = task
    return [x for a, w, scripts in loafs if a < s + d and s < a + w for x in scripts]


def pct(xs, q):
    """Nearest rank: the smallest value with at least q of them at or below it."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(q * len(xs)) - 1)] if xs else float("nan")


def summary(xs) -> dict:
    return {"n": len(xs), "median": pct(xs, .5), "p95": pct(xs, .95), "max": max(xs, default=float("nan"))}


def plain(s: dict) -> dict:
    """A summary for JSON: no NaN (None where there was nothing to measure)."""
    return {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in s.items()}


def line(label: str, xs, unit: str = "ms", fmt: str = ".1f") -> str:
    s = summary(xs)
    return (f"  {label:<28} median {s['median']:>8{fmt}}  p95 {s['p95']:>8{fmt}}  "
            f"max {s['max']:>8{fmt}} {unit}  (n={s['n']})")


def overlaps(tasks, spans):
    return [d for s, d in tasks if any(s < a + w and a < s + d for a, w in spans)]


def runtime_info(page, browser) -> dict:
    """What ran: the browser, and the page's Python as the page booted it."""
    boot = page.evaluate("""async () => {
      const d = document.documentElement.dataset;
      let pyodide = null;
      try { pyodide = (await import(new URL('vendor/pyodide/pyodide.mjs', location.href).href)).version; }
      catch (e) { pyodide = null; }
      return {boot: d.boot || '', runner: d.runner || '', pyodide,
              ua: navigator.userAgent, cores: navigator.hardwareConcurrency};
    }""")
    lock = json.loads((ROOT / "vendor" / "pyodide" / "pyodide-lock.json").read_text())["info"]
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "package.json"
    return {
        "browser": f"Chromium {browser.version}", "chromium": CHROMIUM, "args": ARGS,
        "pyodide": boot["pyodide"] or "?", "python": lock.get("python", "?"),
        "pyscript": json.loads(pyscript.read_text())["version"] if pyscript.is_file() else "?",
        "boot": boot["boot"], "runner": boot["runner"], "cores": boot["cores"],
        "host": f"{platform.system()} {platform.machine()}, {platform.python_implementation()} "
                f"{platform.python_version()} driving",
    }


def take_hint(page, timeout_s: float) -> dict | None:
    """Press H (the human's turn, the hint button shown) and wait until the hint
    is in the DOM; its times, the hinted card or control, and the legal count."""
    if not page.locator('[data-act="hint"]').count():
        return None
    legal = len(state(page)["legal"])
    page.wait_for_function("() => !document.querySelector('.hint-line')", timeout=10_000)
    page.evaluate("() => { window.__hint = null; window.__hintArmed = true; }")
    page.keyboard.press("h")
    page.wait_for_function("() => window.__hint && window.__hint.shown !== null",
                           timeout=timeout_s * 1000)
    h = page.evaluate("() => window.__hint")
    return {"legal": legal, "ms": h["shown"] - h["t0"],
            "ack_ms": None if h["ack"] is None else h["ack"] - h["t0"],
            "start": h["t0"], "end": h["shown"], "text": h["text"], "card": h["card"], "act": h["act"]}


def play(page, a) -> tuple[list[dict], list[int]]:
    """Play ``a.hands`` hands, hinting each of the human's decisions; returns the
    hints and the number of the human's decisions per hand."""
    hints, steps = [], []
    for hand in range(a.hands):
        n = 0
        for _ in range(400):
            wait_ready(page, a.timeout * 1000)
            if phase(page) == "hand-over":
                break
            h = take_hint(page, a.timeout)
            kw = {}
            if h is not None:
                hints.append(h)
                if h["act"] == "eat":
                    kw["prefer_eat"] = True
                elif h["card"] and h["act"] == "card":   # a card of the hand: discard it
                    kw["discard"] = h["card"]
            settled_step(page, keyboard_step, **kw)
            n += 1
        else:
            raise AssertionError(f"hand {hand + 1} not over after 400 steps")
        steps.append(n)
        print(f"  hand {hand + 1}: {n} decisions of yours, "
              f"{len(page.evaluate(THINKS))} bot thinks so far", flush=True)
        if hand + 1 < a.hands:
            before = state(page)["hand_no"]
            page.keyboard.press("n")
            page.wait_for_function(f"() => JSON.parse(window.phomState()).hand_no > {before}",
                                   timeout=10_000)
    return hints, steps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="expert", help="the bots' strength (the page's bot= parameter)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds to wait for one step or hint")
    ap.add_argument("--json", metavar="FILE", help="write the figures (and every measure) here")
    a = ap.parse_args(argv)

    import serve  # scripts/serve.py
    from playwright.sync_api import sync_playwright

    t_start = time.time()
    srv, url = serve.start(0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            q = {"new": "1", "preset": a.preset, "players": str(a.players), "seed": str(a.seed),
                 "starter": "0", "speed": "instant", "lang": "en", "bot": a.bot}
            link = url + "?" + urlencode(q)
            page.goto(link)
            page.wait_for_function(LINK_OR_READY, timeout=120_000)
            if page.locator('[data-act="link_start"]').count():
                page.click('[data-act="link_start"]')
            wait_ready(page, 120_000)
            booted = time.time() - t_start
            info = runtime_info(page, browser)
            settings = state(page)["settings"]
            if settings.get("bot") != a.bot or settings.get("speed") != "instant":
                raise SystemExit(f"the page did not take bot={a.bot} speed=instant: {settings}")
            print(f"runtime: {info['browser']} ({CHROMIUM}, V8 tiers as shipped; page boot "
                  f"{info['boot'] or '?'}, runner {info['runner'] or '?'}), Pyodide {info['pyodide']} "
                  f"(CPython {info['python']}), PyScript {info['pyscript']}, "
                  f"{info['cores']} cores; {info['host']}")
            print(f"link: {link}  (table ready {booted:.1f} s after start)", flush=True)
            page.evaluate(PROBE)
            t_play = time.time()
            hints, steps = play(page, a)
            played = time.time() - t_play
            thinks = page.evaluate(THINKS)
            hint_marks = page.evaluate(HINT_MEASURES)
            longs = page.evaluate("() => window.__long")
            loafs = page.evaluate("() => window.__loaf")
            browser.close()
    finally:
        srv.shutdown()

    if errors:
        print("page errors:", *errors, sep="\n  ")
    have_work = all(t["work"] is not None for t in thinks)
    have_legal = all(t["legal"] is not None for t in thinks)
    chosen = [t for t in thinks if t["legal"] > 1] if have_legal else thinks
    which = "decisions with >1 legal action" if have_legal else "all thinks (legal count not in the measure)"
    think_spans = [(t["start"], t["wall"]) for t in thinks]
    hint_spans = [(h["start"], h["end"] - h["start"]) for h in hints]
    during = overlaps(longs, think_spans)
    during_hint = overlaps(longs, hint_spans)
    hints_multi = [h for h in hints if h["legal"] > 1]

    print(f"\n{a.bot} bot, preset {a.preset}, {a.players} players, seed {a.seed}: {a.hands} hands "
          f"played in {played:.0f} s, {len(thinks)} bot thinks ({len(chosen)} {which})")
    print(f"bot thinking (phom-think), over {which}:")
    print(line("wall time", [t["wall"] for t in chosen]))
    if have_work:
        print(line("work time (slices summed)", [t["work"] for t in chosen]))
    print(line("slices (yields)", [t["slices"] for t in chosen], "", ".0f"))
    searched = [t for t in chosen if t["slices"] > 0]
    print(f"  of which gave the thread back at least once (a search: work > 12 ms), n={len(searched)}:")
    print(line("  wall time", [t["wall"] for t in searched]))
    if have_work:
        print(line("  work time", [t["work"] for t in searched]))
    print(line("wall, all thinks", [t["wall"] for t in thinks]))
    if have_work:
        print(line("work, all thinks", [t["work"] for t in thinks]))
        print(f"  thinking in all: wall {sum(t['wall'] for t in thinks) / 1000:.1f} s, "
              f"work {sum(t['work'] for t in thinks) / 1000:.1f} s")
    longest_slice = max((t["longest"] for t in thinks if t["longest"] is not None), default=None)
    print(f"long tasks (>= 50 ms) during thinking: {len(during)}, longest "
          f"{max(during, default=0):.0f} ms; longest slice of work "
          + ("?" if longest_slice is None else f"{longest_slice:.1f} ms")
          + f"; long tasks in the whole run {len(longs)}, longest {max((d for _, d in longs), default=0):.0f} ms")
    print(f"hint (H pressed -> hint line in the DOM), {len(hints)} hints over {sum(steps)} decisions "
          f"of yours:")
    print(line("press -> shown, >1 legal", [h["ms"] for h in hints_multi]))
    print(line("press -> shown, all", [h["ms"] for h in hints]))
    acks = [h["ack_ms"] for h in hints if h["ack_ms"] is not None]
    if acks:
        print(line("press -> 'thinking' line", acks))
    print(f"  long tasks during hints: {len(during_hint)}, longest {max(during_hint, default=0):.0f} ms")
    if hint_marks:
        print(f"  the hint's own measure (phom-hint, ui/page/learn.py run_hint), n={len(hint_marks)}:")
        print(line("  work (slices summed)", [m.get("work_ms", 0) for m in hint_marks]))
        print(line("  longest slice", [m.get("longest_ms", 0) for m in hint_marks]))
        print(line("  longest step", [m.get("step_ms", 0) for m in hint_marks]))
        print(line("  redraw showing the hint", [m.get("render_ms", 0) for m in hint_marks]))
        print(f"  longest step at {max(hint_marks, key=lambda m: m.get('step_ms', 0)).get('step_at', '?')}")
    for task in [t for t in longs if overlaps([t], hint_spans + think_spans)]:
        part = where(task, hint_marks) if overlaps([task], hint_spans) else "a bot's think"
        print(f"    long task {task[1]:.0f} ms at {task[0]:.0f} ms, during {part}; its frame ran: "
              + ("; ".join(ran_in(task, loafs)) or "?"))
    print(f"total {time.time() - t_start:.0f} s")

    if a.json:
        out = {
            "args": vars(a), "runtime": info, "link": link, "played_s": played, "errors": errors,
            "thinks_considered": which,
            "think": {"wall_ms": plain(summary([t["wall"] for t in chosen])),
                      "work_ms": plain(summary([t["work"] for t in chosen])) if have_work else None,
                      "slices": plain(summary([t["slices"] for t in chosen])),
                      "searched_wall_ms": plain(summary([t["wall"] for t in searched])),
                      "searched_work_ms": plain(summary([t["work"] for t in searched])) if have_work else None,
                      "all_wall_ms": plain(summary([t["wall"] for t in thinks])),
                      "all_work_ms": plain(summary([t["work"] for t in thinks])) if have_work else None,
                      "longest_slice_ms": longest_slice},
            "long_tasks": {"during_think": len(during), "during_think_longest_ms": max(during, default=0),
                           "during_hint": len(during_hint), "during_hint_longest_ms": max(during_hint, default=0),
                           "all": len(longs), "all_longest_ms": max((d for _, d in longs), default=0)},
            "hint_ms": {"multi_legal": plain(summary([h["ms"] for h in hints_multi])),
                        "all": plain(summary([h["ms"] for h in hints])),
                        "ack": plain(summary(acks))},
            "hint_measures": hint_marks, "long_frames": loafs,
            "raw": {"thinks": thinks, "long_tasks": longs, "hints": hints, "your_decisions": steps},
        }
        Path(a.json).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {a.json}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
