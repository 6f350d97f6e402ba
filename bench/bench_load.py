"""Start-up benchmark: the assembled site in headless Chromium, against a bare
PyScript page on the same vendored runtime, measured in the same run.

    python3 bench/bench_load.py [--runs 5] [--site DIR] [--full-stdlib] [--mbps 20] [--json FILE]

Builds the site (tools/build_site.py) into a temporary folder unless --site is
given, serves it like GitHub Pages (tools/serve_site.py: under /phom/, gzip,
ETag, max-age) and, for each run, in a fresh browser profile:

* ours cold:  first visit, nothing cached; then wait for the service worker
* ours warm:  a new page in the same profile, served by the service worker
* bare cold / warm: a minimal PyScript page on the same vendor/ runtime that
  prints a line and flips a data-phase attribute (warm: the HTTP cache)

and prints medians of first paint (the browser's first-paint entry) and time to
interactive (the table root's data-phase leaves "loading", or the bare page's
flip), both from navigation start, with ratios to the bare page; and the bytes
of the first visit as GitHub Pages sends them (gzip where it compresses),
split into the runtime (vendor/pyodide, vendor/pyscript) and our own files.

--mbps makes the server send through one shared link of that speed, with 20 ms
before each response (the page's and its service worker's requests alike), to
show what preloading and fewer bytes buy on a real connection; by default the
server is local and unthrottled. Targets (issue 5): own files <= 300 KB gzip,
first paint <= 300 ms, interactive within 1.15x of the bare page, cold and warm.

Figures (2 cores, other jobs running: expect +-15 % between runs; the A/B
lines interleave two sites' cold loads, service worker blocked, medians):

  5 runs, local        first paint   interactive   vs bare
  ours cold                 144 ms       2766 ms     1.06x
  ours warm (worker)         96 ms       2253 ms     0.93x
  bare cold / warm      104 / 44 ms  2607 / 2413 ms
  5 runs, 20 Mbit/s
  ours cold                 188 ms       4471 ms     0.97x
  ours warm (worker)        100 ms       2330 ms     1.07x
  bare cold / warm      156 / 40 ms  4612 / 2181 ms
  (an earlier 20 Mbit/s run, machine busier: warm 2913 vs 2417 ms, 1.21x)
  first visit, gzip: runtime 5089 KB, own files 130 KB (pysrc.zip 86 KB, the
  manifest's icons 31 KB that Chromium fetches, the rest 13 KB)

  kept  stdlib trimmed to tools/stdlib-keep.txt: 2.55 -> 1.12 MB, runtime
        6516 -> 5089 KB gzip; A/B local 2639 -> 2684 ms (CPU-bound: same),
        20 Mbit/s 5106 -> 4637 ms
  kept  preload/modulepreload of the interpreter, stdlib, lock file, config
        and pysrc.zip: their requests start at ~20-50 ms instead of ~300 ms;
        A/B local within noise, 20 Mbit/s 4813 -> 4550 ms
  kept  our Python as one archive (the page's vendor/pysrc.zip): 1 request, not 27
  kept  palette PNG icons (tools/make_icons.py): own files 170 -> 130 KB
  not   pysrc.tar.gz instead of .zip (PyScript then skips zip.js): -83 KB gzip,
        but A/B local 2520 -> 2849 ms, 20 Mbit/s 4040 -> 4606 ms (Python's
        tarfile and gzip on the start-up path)
  not   bytecode for our Python (.pyc compiled by the pinned Pyodide under Node,
        unchecked-hash, beside the sources): saves ~80 ms of compiling in
        Node, A/B local 2653 -> 2618 ms (noise), but pysrc.zip 86 -> 297 KB gzip
  not   stdlib zip stored uncompressed: no faster to load (Node: 1.9 s either
        way) and 4.3 MB where Pages does not compress zip files
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="../vendor/pyscript/core.css">
<script type="module" src="../vendor/pyscript/core.js"></script>
</head><body>
<h1>bare PyScript page</h1>
<main id="table" data-phase="loading"></main>
<script type="py" config="./pyscript.toml">
import js
print("hello from the bare page")
js.document.getElementById("table").dataset.phase = "ready"
</script>
</body></html>
"""
BARE_TOML = 'name = "bare"\ninterpreter = "../vendor/pyodide/pyodide.mjs"\n'

# Runs before the page's own scripts: note when the table leaves "loading".
PROBE = """
window.__tti = null;
new MutationObserver(() => {
  const t = document.getElementById("table");
  if (window.__tti === null && t && t.dataset.phase && t.dataset.phase !== "loading") {
    window.__tti = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-phase"] });
"""
METRICS = """() => {
  const p = performance.getEntriesByType("paint");
  const fp = p.find(e => e.name === "first-paint") || p.find(e => e.name === "first-contentful-paint");
  return { fp: fp ? fp.startTime : null, tti: window.__tti };
}"""


def runtime_file(rel: str) -> bool:
    return rel.startswith(("vendor/pyodide/", "vendor/pyscript/"))


def load(page, url: str, timeout: float = 90.0) -> dict:
    page.goto(url)
    page.wait_for_function("window.__tti !== null", timeout=timeout * 1000, polling=20)
    return page.evaluate(METRICS)


def one_run(browser, url: str, bare_url: str, site: Path, log: list) -> dict:
    out = {}
    # ---- ours, cold: a fresh profile
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="vi-VN")
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    log.clear()
    out["ours_cold"] = load(page, url)
    first = list(log)
    # the service worker installs after the table is up; wait until it controls
    t0 = time.perf_counter()
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=120_000, polling=50)
    out["sw_ready_s"] = time.perf_counter() - t0
    sw_log = list(log[len(first):])
    page.close()
    # ---- ours, warm: a new visit in the same profile, through the service worker
    page = ctx.new_page()
    log.clear()
    out["ours_warm"] = load(page, url)
    out["warm_requests"] = len(log)
    ctx.close()

    # ---- bare page, cold then warm (HTTP cache)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    out["bare_cold"] = load(page, bare_url)
    page.close()
    page = ctx.new_page()
    out["bare_warm"] = load(page, bare_url)
    ctx.close()

    prefix = url.split("127.0.0.1", 1)[1].split("/", 1)[1]  # "phom/"
    fetched = {}
    for path, _code, sent, *_ in first:
        rel = path.split("?", 1)[0].lstrip("/")[len(prefix):] or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        fetched[rel] = fetched.get(rel, 0) + sent
    out["first_files"] = fetched
    everything = first + sw_log  # up to the service worker's control, its install included
    out["first_visit"] = {"requests": len(everything), "bytes": sum(e[2] for e in everything),
                          "not_modified": sum(1 for e in everything if e[1] == 304)}
    return out


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", type=Path, help="an assembled site (default: build one now)")
    ap.add_argument("--full-stdlib", action="store_true", help="build with the whole python_stdlib.zip")
    ap.add_argument("--mbps", type=float, default=None, help="throttle the network to this many Mbit/s")
    ap.add_argument("--json", type=Path, help="also write the raw runs here")
    a = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="phom-bench-"))
    try:
        site = tmp / "site"
        if a.site:
            shutil.copytree(a.site, site)
        else:
            build_site.build(site, full_stdlib=a.full_stdlib, quiet=True)
        (site / "bare").mkdir()
        (site / "bare" / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (site / "bare" / "pyscript.toml").write_text(BARE_TOML, encoding="utf-8")

        srv, url = serve_site.start(site, "/phom/")
        log: list = []
        srv.handler.log = log
        if a.mbps:
            srv.handler.link = serve_site.Link(a.mbps, 20)
        runs = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            # one unrecorded warm-up visit (disk caches of the OS, the server's gzip cache)
            one_run(browser, url, url + "bare/", site, log)
            for i in range(a.runs):
                r = one_run(browser, url, url + "bare/", site, log)
                runs.append(r)
                print(f"run {i + 1}: ours cold {r['ours_cold']['tti']:.0f} ms, warm {r['ours_warm']['tti']:.0f} ms; "
                      f"bare cold {r['bare_cold']['tti']:.0f} ms, warm {r['bare_warm']['tti']:.0f} ms",
                      file=sys.stderr)
            browser.close()
        srv.shutdown()

        files = runs[-1]["first_files"]
        gz = {rel: serve_site.gzip_size(site / rel) for rel in files if (site / rel).is_file()}
        runtime = sum(v for k, v in gz.items() if runtime_file(k))
        own = sum(v for k, v in gz.items() if not runtime_file(k))
        sent = sum(files.values())

        def row(name, key):
            fp = med(r[key]["fp"] for r in runs)
            tti = med(r[key]["tti"] for r in runs)
            return name, fp, tti

        rows = [row("ours, cold", "ours_cold"), row("ours, warm (service worker)", "ours_warm"),
                row("bare PyScript, cold", "bare_cold"), row("bare PyScript, warm (HTTP cache)", "bare_warm")]
        bare = {"cold": rows[2], "warm": rows[3]}
        net = f", network {a.mbps:g} Mbit/s" if a.mbps else ", local network"
        print(f"\nmedians of {a.runs} runs, headless Chromium{net}"
              f"{', whole stdlib' if a.full_stdlib else ''}\n")
        print(f"{'':34} {'first paint':>12} {'interactive':>12} {'vs bare':>8}")
        for name, fp, tti in rows:
            kind = "cold" if "cold" in name else "warm"
            ratio = tti / bare[kind][2] if name.startswith("ours") else 1.0
            print(f"{name:34} {fp:9.0f} ms {tti:9.0f} ms {ratio:7.2f}x")
        print(f"\nfirst visit, gzip as Pages sends it: runtime {runtime / 1e3:.0f} KB, "
              f"own files {own / 1e3:.1f} KB ({len(gz)} files; {sent / 1e3:.0f} KB sent by the server)")
        for k in sorted(gz, key=lambda k: -gz[k]):
            print(f"  {'runtime' if runtime_file(k) else 'own    '} {gz[k] / 1e3:9.1f} KB  {k}")
        fv = runs[-1]["first_visit"]
        print(f"first visit until the service worker controls the page: {fv['requests']} requests, "
              f"{fv['not_modified']} of them revalidations (304) by its install, "
              f"{fv['bytes'] / 1e3:.0f} KB sent; it controls "
              f"{med(r['sw_ready_s'] for r in runs):.1f} s after interactive; "
              f"warm visit: {med(r['warm_requests'] for r in runs):.0f} requests reach the server")
        if a.json:
            a.json.write_text(json.dumps({"runs": runs, "gzip": gz}, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
