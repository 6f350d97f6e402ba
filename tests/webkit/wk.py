"""WebKit (Safari's engine) here: Debian's WebKitGTK MiniBrowser driven by its
WebKitWebDriver through Selenium, under Xvfb (WebKitGTK has no headless mode).

Shared by the WebKit tests and bench/bench_load.py --webkit. ``Page`` gives a
WebDriver session the few Playwright calls tests/browser/table_driver.py makes,
so the same player-like driving runs in both engines. The driver has no
console access: the page records its own errors in window.phomErrors
(ui/boot/boot.js).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from pathlib import Path

DRIVER = os.environ.get("PHOM_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
BROWSER = os.environ.get("PHOM_WEBKIT_BROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = shutil.which("Xvfb") or "/usr/bin/Xvfb"


def missing() -> str:
    """Why WebKit cannot run here ('' when it can)."""
    for what, path in (("WebKitWebDriver", DRIVER), ("MiniBrowser", BROWSER), ("Xvfb", XVFB)):
        if not Path(path).exists():
            return f"no {what} at {path} (scripts/test-deps.sh installs webkit2gtk-driver and xvfb)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no selenium (scripts/test-deps.sh installs it)"
    return ""


# Paint and composite on the CPU, with no GL at all: under Xvfb GL is Mesa's
# software rasteriser (swrast_dri.so), which segfaulted WebKit's web process
# now and then (seen in the kernel log: a SkiaGPUWorker once, and the web
# process mid-hand in a CI run, "session deleted because of page crash").
# The page's scripts, which the tests are about, run the same either way.
NO_GL = {
    "WEBKIT_DISABLE_DMABUF_RENDERER": "1",    # 2.44+: no accelerated compositing
    "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
    "WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1",  # Skia paints on the CPU, not through GL
}


GL_THREADS = ("SkiaGPUWorker", "llvmpipe", "eadedCompositor")  # the last: ThreadedCompositor, cut to 15


def web_processes(display: str) -> list[int]:
    """The WebKit web processes drawing on this X display (Linux /proc)."""
    found = []
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().strip() != "WebKitWebProces":
                continue
            env = (comm.parent / "environ").read_bytes().split(b"\0")
        except OSError:
            continue  # gone, or not ours
        if ("DISPLAY=" + display).encode() in env:
            found.append(int(comm.parent.name))
    return found


def gl_threads(pid: int) -> list[str]:
    """The threads of a web process that paint or composite through GL."""
    names = []
    for comm in Path(f"/proc/{pid}/task").glob("*/comm"):
        try:
            name = comm.read_text().strip()
        except OSError:
            continue
        if name.startswith(GL_THREADS):
            names.append(name)
    return sorted(names)


class Display:
    """An Xvfb display for the session, set as DISPLAY while it lasts."""

    def __enter__(self):
        r, w = os.pipe()
        self.proc = subprocess.Popen([XVFB, "-displayfd", str(w), "-screen", "0", "1280x900x24",
                                      "-nolisten", "tcp"], pass_fds=(w,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.before = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = ":" + number
        return self

    def __exit__(self, *exc):
        if self.before is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = self.before
        self.proc.terminate()
        self.proc.wait(10)


@contextlib.contextmanager
def session():
    """A WebKitGTK automation session: a fresh, ephemeral profile."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    opts = Options()
    opts.binary_location = BROWSER
    opts.add_argument("--automation")
    d = webdriver.WebKitGTK(options=opts, service=Service(executable_path=DRIVER, env={**os.environ, **NO_GL}))
    d.set_window_size(1280, 800)
    try:
        yield d
    finally:
        d.quit()


def run(d, fn: str, *args):
    """Call the JS function ``fn`` (source, maybe async) in the page with ``args``."""
    out = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"Promise.resolve(({fn})(...Array.from(arguments).slice(0, -1)))"
        ".then((v) => done({ v }), (e) => done({ e: String(e && e.stack || e) }));", *args)
    if out and "e" in out:
        raise RuntimeError(out["e"])
    return out.get("v") if out else None


def wait(d, fn: str, timeout: float = 60.0, poll: float = 0.05):
    deadline = time.time() + timeout
    while True:
        try:
            v = run(d, fn)
            if v:
                return v
        except Exception:  # noqa: BLE001 - the page is navigating: look again
            pass
        if time.time() > deadline:
            raise TimeoutError(f"not true after {timeout} s: {fn}")
        time.sleep(poll)


INTERACTIVE = "() => performance.getEntriesByName('phom-interactive').length > 0"


def visit(d, url: str, metrics: str, timeout: float = 180.0) -> dict:
    d.get(url)
    wait(d, INTERACTIVE, timeout, 0.02)
    return run(d, metrics)


# ------------------------------------------------------------------ Playwright's calls
def _fn(expr: str) -> str:
    e = expr.strip()
    return e if e.startswith(("(", "async")) and "=>" in e else f"() => ({e})"


class Keyboard:
    KEYS = {"Home": "HOME", "End": "END", "ArrowRight": "ARROW_RIGHT", "ArrowLeft": "ARROW_LEFT",
            "Enter": "ENTER", "Escape": "ESCAPE", "Tab": "TAB", " ": "SPACE"}

    def __init__(self, d):
        self.d = d

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        k = getattr(Keys, self.KEYS[key]) if key in self.KEYS else key
        ActionChains(self.d).send_keys(k).perform()


class Element:
    def __init__(self, d, el):
        self.d, self.el = d, el

    def get_attribute(self, name: str):
        return self.el.get_attribute(name)

    def tap(self) -> None:
        from selenium.common.exceptions import ElementClickInterceptedException

        try:
            self.el.click()
        except ElementClickInterceptedException:
            # WebKitGTK's message is empty: say what covers the element's centre
            over = self.d.execute_script(
                "const r = arguments[0].getBoundingClientRect();"
                "const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                "return [JSON.stringify(r), e ? e.outerHTML.slice(0, 300) : 'nothing',"
                " innerWidth, innerHeight];", self.el)
            raise AssertionError(f"click intercepted: {over}") from None

    click = tap


# WebKitWebDriver's answer to a find whose script came back empty (its JSON
# unparseable): seen once in CI's whole run, on a page that was not navigating
# by itself (an element found a moment before). Asked again; whether the page
# was still the same document is then checked (Page.document).
TRANSIENT = ("Could not parse element info", "Could not retrieve element info")


def find_all(d, sel: str, same_document=None, tries: int = 5):
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By

    for attempt in range(tries):
        try:
            found = d.find_elements(By.CSS_SELECTOR, sel)
        except WebDriverException as e:
            if attempt == tries - 1 or not any(t in (e.msg or "") for t in TRANSIENT):
                raise
            print(f"WebKitWebDriver: {e.msg!r} finding {sel!r}: asked again")
            time.sleep(0.25 * (attempt + 1))
            continue
        if attempt and same_document is not None:
            same_document()
        return found
    raise AssertionError("unreachable")


class Locator:
    def __init__(self, d, sel: str, same_document=None):
        self.d, self.sel, self.same_document = d, sel, same_document

    def _all(self):
        return find_all(self.d, self.sel, self.same_document)

    def count(self) -> int:
        return len(self._all())

    @property
    def first(self) -> Element:
        return Element(self.d, self._all()[0])

    def tap(self) -> None:
        self.first.tap()

    click = tap


class Page:
    """The Playwright page calls table_driver.py makes, over a WebDriver session."""

    def __init__(self, d):
        self.d = d
        self.keyboard = Keyboard(d)

    def goto(self, url: str) -> None:
        self.d.get(url)
        self.document = self._document()

    def reload(self) -> None:
        self.d.refresh()
        self.document = self._document()

    document = None  # the time origin of the document the last goto/reload opened

    def _document(self):
        try:
            return run(self.d, "() => performance.timeOrigin")
        except Exception:  # noqa: BLE001 - the page is still navigating
            return None

    def same_document(self) -> None:
        """After a transient driver error: the page must not have reloaded by
        itself since the test's own goto/reload (that would be a bug of ours)."""
        now = self._document()
        if self.document is not None and now is not None and now != self.document:
            boot = self.evaluate("JSON.stringify(window.phomBoot || null)")
            raise AssertionError(f"the page navigated by itself (time origin {self.document} -> {now}): {boot}")

    def evaluate(self, expr: str, arg=None):
        return run(self.d, _fn(expr), *([] if arg is None else [arg]))

    def wait_for_function(self, expr: str, timeout: float = 30_000, polling=None) -> None:
        wait(self.d, _fn(expr), timeout / 1000)

    def get_attribute(self, sel: str, name: str):
        return self.locator(sel).first.get_attribute(name)

    def locator(self, sel: str) -> Locator:
        return Locator(self.d, sel, self.same_document)

    def tap(self, sel: str) -> None:
        self.locator(sel).tap()

    click = tap

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def errors(self) -> list[str]:
        return self.evaluate("window.phomErrors || ['no error hook in the page']")
