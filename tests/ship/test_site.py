"""The assembled site, without a browser: files, relative URLs, the service
worker's precache list and version, the manifest and its icons, the trimmed
stdlib, the CSP, the Pages workflow."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import struct
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import build_site
import pytest
import trim_stdlib
from needs import ensure_runtime

ROOT = Path(__file__).resolve().parents[2]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict]]:
    p = Tags()
    p.feed(html)
    return p.tags


def pyscript_config(html: str) -> dict:
    """The PyScript config: JSON inline in <script type="py" config='…'>."""
    (config,) = [a["config"] for t, a in tags(html) if t == "script" and a.get("type") == "py"]
    return json.loads(config)


def mpy_config(html: str) -> dict:
    """MicroPython's config: JSON in <mpy-config hidden>…</mpy-config>."""
    (found,) = re.findall(r"<mpy-config hidden>(.*?)</mpy-config>", html, re.S)
    return json.loads(found)


def pyscript_toml() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_pyscript_toml_leaves_out_what_the_page_never_uses():
    config = pyscript_toml()
    assert "packages" not in config  # it would fetch micropip from the network
    unused = {"!py-editor", "!py-game", "!py-terminal", "!deprecations-manager", "!donkey"}
    assert unused <= set(config["plugins"])
    assert config["interpreter"] == "./ui/boot/interpreter.mjs"


def test_the_built_page_config_is_pyscript_toml(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert pyscript_config(html) == pyscript_toml()
    # PyScript loads the plugins once per interpreter it knows: MicroPython too
    assert mpy_config(html) == {"plugins": pyscript_toml()["plugins"]}
    assert '"./pyscript.toml"' not in html  # nothing left to fetch: no config request, no TOML parser
    assert not (built_site / "pyscript.toml").exists()
    assert not any("toml" in p for p, _ in precache(built_site)[1])


def test_the_config_is_written_by_hand_once():
    """index.html names pyscript.toml and holds no config of its own, and the
    plugin list is in no other file the page, the build or the server is made of."""
    import page_config

    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert html.count(page_config.PY_NAMED) == 1 and html.count(page_config.MPY_NAMED) == 1
    assert not [a for t, a in tags(html) if t == "script" and a.get("type") == "py" and a["config"] != "./pyscript.toml"]
    assert "{" not in html[html.index("<mpy-config"):html.index("</mpy-config>")]
    own = [p for d in ("ui", "tools", "scripts", "assets") for p in (ROOT / d).rglob("*")
           if p.is_file() and p.suffix in (".py", ".js", ".mjs", ".html", ".toml", ".json")]
    for p in [ROOT / "index.html", ROOT / "sw.js", *own]:
        text = p.read_text(encoding="utf-8", errors="replace")
        for plugin in pyscript_toml()["plugins"]:
            assert plugin not in text, f"{p.relative_to(ROOT)} has {plugin}: a second copy of the plugin list"


def test_a_packages_key_is_refused(tmp_path):
    import page_config

    (tmp_path / "pyscript.toml").write_text('name = "x"\npackages = ["numpy"]\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="packages"):
        page_config.read(tmp_path)


def test_a_page_that_does_not_name_the_config_is_refused():
    import page_config

    html = (ROOT / "index.html").read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match="once"):
        page_config.inline(html.replace(page_config.MPY_NAMED, ""), pyscript_toml())
    # a quote or an ampersand in a value stays JSON inside the attribute
    odd = {"name": "it's & <that>", "plugins": ["!x"]}
    assert pyscript_config(page_config.inline(html, odd)) == odd


def precache(site: Path) -> tuple[str, list]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)
    block = re.search(r"const PRECACHE = (\[.*?\n\]);", text, re.S).group(1)
    return version, json.loads(block)


def test_site_has_the_page_the_runtime_and_nojekyll(built_site):
    for rel in (".nojekyll", "index.html", "manifest.webmanifest", "sw.js",
                "ui/boot/boot.js", "vendor/pysrc.zip", "vendor/pyscript/core.js",
                "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.wasm",
                "vendor/pyodide/python_stdlib.zip", "assets/icons/icon-512.png"):
        assert (built_site / rel).is_file(), rel
    assert not list(built_site.rglob("*.py")), "our Python ships in vendor/pysrc.zip only"
    assert not list(built_site.rglob("*.md")), "developers' notes (ui/boot/README.md) are not the page's"
    # what the build writes into index.html is not shipped again as a file (nothing asks for it)
    for rel in ("ui/boot/paint.js", *build_site.STYLE_SHEETS):
        assert (ROOT / rel).is_file() and not (built_site / rel).exists(), rel
    assert not [d for d in built_site.rglob("*") if d.is_dir() and not any(d.iterdir())], "an empty folder"
    # the tests' tools (axe-core, tests/browser/test_a11y.py) stay out of the players' site
    dev = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    assert "axe-core" in dev
    for f in built_site.rglob("*"):
        assert not any(name in f.name for name in dev), f
        if f.suffix in (".js", ".mjs", ".html"):
            assert b"axe.run" not in f.read_bytes(), f
    with zipfile.ZipFile(built_site / "vendor" / "pysrc.zip") as z:
        names = set(z.namelist())
    for pkg in ("phom", "ui"):
        for p in (ROOT / pkg).rglob("*.py"):
            if "__pycache__" not in p.parts:
                rel = p.relative_to(ROOT).as_posix()
                assert (rel in names) != (rel + "c" in names), rel  # source or bytecode, not both


def test_precache_list_hashes_and_version(built_site):
    version, items = precache(built_site)
    paths = [p for p, _ in items]
    assert len(paths) == len(set(paths))
    assert "sw.js" not in paths and ".nojekyll" not in paths
    for must in ("index.html", "manifest.webmanifest", "vendor/pysrc.zip",
                 "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip",
                 "vendor/pyscript/core.js", "ui/boot/boot.js"):
        assert must in paths, must
    assert not {"ui/boot/paint.js", *build_site.STYLE_SHEETS} & set(paths)
    assert not [p for p in paths if "codemirror" in p or "xterm" in p]
    for path, sri in items:
        digest = base64.b64encode(hashlib.sha256((built_site / path).read_bytes()).digest()).decode()
        assert sri == "sha256-" + digest, path
    listed = json.dumps(items, separators=(",", ":"))
    assert version == hashlib.sha256(listed.encode()).hexdigest()[:16]


def test_any_change_is_a_new_version(built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy)
    v1, _ = precache(copy)
    js = copy / "ui" / "boot" / "boot.js"
    js.write_text(js.read_text() + "\n/* changed */\n")
    build_site.write_sw(copy, build_site.precache_list(copy))
    v2, items = precache(copy)
    assert v2 != v1
    assert dict(items)["ui/boot/boot.js"] != dict(precache(built_site)[1])["ui/boot/boot.js"]


def test_page_urls_are_relative(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    for tag, attrs in tags(html):
        for key in ("src", "href"):
            v = attrs.get(key)
            if v is None or v.startswith("#"):
                continue
            assert not re.match(r"^(/|[a-z]+:)", v), f"<{tag} {key}={v!r}> is not relative"
            if not v.startswith(("mailto:",)):
                target = (built_site / v.split("?")[0].split("#")[0]).resolve()
                assert target.is_file(), f"<{tag} {key}={v!r}> points at nothing"
    config = pyscript_config(html)
    v = config["interpreter"]
    assert v.startswith("./") and (built_site / v).is_file(), f"PyScript config: {v!r}"
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    for v in [manifest["start_url"], manifest["scope"], *(i["src"] for i in manifest["icons"])]:
        assert not re.match(r"^(/|[a-z]+:)", v), v


def test_manifest_and_icons(built_site):
    m = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert m["name"] and m["short_name"] and len(m["short_name"]) <= 12
    assert m["lang"] == "vi" and re.search(r"[ơưăđâêôàảãáạèéẹìíòóọùúụỳýỏ]", m["description"])
    assert m["display"] == "standalone" and m["start_url"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and m["background_color"]
    sizes = {}
    for icon in m["icons"]:
        w, h = png_size(built_site / icon["src"])
        assert icon["sizes"] == f"{w}x{h}" and icon["type"] == "image/png"
        sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"] and {192, 512} <= sizes["maskable"]
    assert png_size(built_site / "assets" / "icons" / "apple-touch-icon.png") == (180, 180)


def test_index_links_manifest_icons_and_phone_meta(built_site):
    found = tags((built_site / "index.html").read_text(encoding="utf-8"))
    links = {a.get("rel"): a for t, a in found if t == "link"}
    metas = {a.get("name"): a for t, a in found if t == "meta" and a.get("name")}
    assert links["manifest"]["href"] == "./manifest.webmanifest"
    assert png_size(built_site / links["apple-touch-icon"]["href"]) == (180, 180)
    for name in ("viewport", "theme-color", "description", "apple-mobile-web-app-title",
                 "mobile-web-app-capable", "apple-mobile-web-app-status-bar-style"):
        assert name in metas, name
    boot = (built_site / "ui" / "boot" / "boot.js").read_text(encoding="utf-8")
    assert 'serviceWorker.register("./sw.js"' in boot


def test_content_security_policy(built_site):
    found = tags((built_site / "index.html").read_text(encoding="utf-8"))
    csp = [a["content"] for t, a in found
           if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    assert len(csp) == 1
    rules = {}
    for part in csp[0].split(";"):
        words = part.split()
        if words:
            rules[words[0]] = words[1:]
    assert rules["default-src"] == ["'self'"]
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
    # the one third party: internet play's public relays (issue 39), exactly those the page
    # names (ui/friends/invite.py RELAYS), contacted only once the player chose internet play
    relays = re.findall(r'"(wss://[^"]+)"', (ROOT / "ui" / "friends" / "invite.py").read_text(encoding="utf-8"))
    assert relays and [s for s in rules["connect-src"] if s.startswith("wss://")] == relays
    for directive, sources in rules.items():
        for s in sources:
            assert s.startswith("'") or s in ("data:", "blob:") or (directive == "connect-src" and s in relays), \
                f"{directive} allows {s}"
        assert "*" not in sources and "'unsafe-inline'" not in sources or directive == "style-src-attr"
    assert "'wasm-unsafe-eval'" in rules["script-src"]
    # no inline script can run under this policy but the page's first script (ui/boot/paint.js,
    # written in by the build: build_site.inline_first_script), named by its own hash and no other
    text = (built_site / "index.html").read_text(encoding="utf-8")
    inline = re.findall(r"<script>(.*?)</script>", text, re.S)
    assert inline == [(ROOT / "ui" / "boot" / "paint.js").read_text(encoding="utf-8")]
    digest = base64.b64encode(hashlib.sha256(inline[0].encode("utf-8")).digest()).decode()
    assert [s for s in rules["script-src"] if s.startswith("'sha")] == [f"'sha256-{digest}'"]
    for t, a in found:
        if t == "script":
            assert a.get("src") or a.get("type") == "py" or not a, a
    # and no inline style but the page's style sheets, written in by the build
    # (build_site.inline_style_sheets), each named by its hash, in their order
    styles = re.findall(r"<style>(.*?)</style>", text, re.S)
    assert styles == [(ROOT / rel).read_text(encoding="utf-8") for rel in build_site.STYLE_SHEETS]
    hashes = ["'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() + "'"
              for s in styles]
    assert rules["style-src"] == ["'self'", *hashes]
    assert not [a for t, a in found if t == "link" and a.get("rel") == "stylesheet"]


def test_trimmed_stdlib(built_site):
    ensure_runtime()  # the whole stdlib is in node_modules/ (also with SITE_DIR)
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    keep = trim_stdlib.read_keep()
    with zipfile.ZipFile(full) as z:
        full_mods = {trim_stdlib.module_of(n) for n in z.namelist()}
    unknown = {k for k in keep if k not in full_mods}
    assert not unknown, f"tools/stdlib-keep.txt names modules the runtime lacks: {unknown}"
    trimmed = built_site / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(trimmed) as z:
        assert z.testzip() is None
        names = set(z.namelist())
    for must in ("encodings/__init__.py", "encodings/utf_8.py", "encodings/aliases.py",
                 "asyncio/__init__.py", "json/__init__.py", "traceback.py", "zipfile/__init__.py",
                 "_pyodide/__init__.py", "pyodide/__init__.py", "importlib/util.py"):
        assert must in names or must + "c" in names, must  # as source or bytecode
    for gone in ("unittest/__init__.py", "email/__init__.py", "pydoc.py", "encodings/cp1250.py",
                 "importlib/metadata/__init__.py"):
        assert gone not in names, gone
    assert trimmed.stat().st_size < 0.6 * full.stat().st_size


def test_runtime_glue_compiles_eagerly(built_site, tmp_path):
    # V8's hint first, the npm file after it with only its wrappers shared; only where it is meant
    for rel in build_site.EAGER_FILES:
        shipped = (built_site / rel).read_bytes()
        original = (ROOT / "vendor" / "pyodide" / Path(rel).name).read_bytes()
        assert shipped.startswith(build_site.EAGER_HINT), rel
        glue = shipped[len(build_site.EAGER_HINT):]
        if rel == build_site.WRAP_FILE:
            assert glue != original, rel
            glue = glue.replace(build_site.WRAP_CACHE.encode(), b"", 1).replace(
                build_site.WRAP_SHARED.encode(), build_site.WRAP_COMPILE.encode())
        if rel == build_site.GLUE_FILE:
            for _patch, old, new in build_site.GLUE_PATCHES:
                assert glue.count(new.encode()) == 1 and old.encode() not in glue, (rel, new)
                glue = glue.replace(new.encode(), old.encode())
            # keep_base: the memory as instantiated kept on a restore, up to the wasm's data's end
            wasm = (built_site / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
            keep = build_site.BASE_KEEP.replace("BASE_END", str(len(build_site.data_image(wasm)))).encode()
            assert glue.count(keep) == 1, rel
            glue = glue.replace(keep, build_site.BASE_AT.encode())
        assert glue == original, rel
    for p in (built_site / "vendor").rglob("*js"):
        if p.relative_to(built_site).as_posix() not in build_site.EAGER_FILES:
            assert not p.read_bytes().startswith(build_site.EAGER_HINT), p
    # and never twice
    f = tmp_path / "glue.mjs"
    f.write_bytes(b"export {};\n")
    build_site.hint_eager(f)
    build_site.hint_eager(f)
    assert f.read_bytes() == build_site.EAGER_HINT + b"export {};\n"


GLUE = ("var a=1;var convertJsFunctionToWasm=(func,sig)=>{var bytes=f(sig);"
        "var module=new WebAssembly.Module(bytes);return g(module,func)};var b=2;")


def test_the_glue_compiles_each_distinct_wrapper_once(tmp_path):
    f = tmp_path / "glue.mjs"
    f.write_text(GLUE)
    build_site.share_wrappers(f)
    once = f.read_text()
    assert once == ("var a=1;var phomWrappers={};var convertJsFunctionToWasm=(func,sig)=>{var bytes=f(sig);"
                    "var module=phomWrappers[bytes]??=new WebAssembly.Module(bytes);return g(module,func)};var b=2;")
    build_site.share_wrappers(f)   # never twice
    assert f.read_text() == once
    # a runtime whose glue reads otherwise is refused, and left as it was
    for other in (GLUE.replace("new WebAssembly.Module(bytes)", "new WebAssembly.Module(b)"),
                  GLUE.replace("convertJsFunctionToWasm", "wrap"),
                  GLUE + GLUE,
                  GLUE.replace(build_site.WRAP_COMPILE, "") + "x" * 700 + build_site.WRAP_COMPILE):
        f.write_text(other)
        with pytest.raises(SystemExit, match="convertJsFunctionToWasm"):
            build_site.share_wrappers(f)
        assert f.read_text() == other


@pytest.mark.parametrize("patch,old,new", build_site.GLUE_PATCHES, ids=lambda x: getattr(x, "__name__", ""))
def test_each_glue_patch_replaces_its_text_once_or_refuses(tmp_path, patch, old, new):
    # lazy_got: the GOT filled only with the entries asked for; lazy_table_map: the table
    # read only for a wasm function; sparse_restore: a snapshot put back by its stretches
    f = tmp_path / "glue.mjs"
    glue = "var a=1;" + old + "var b=2;"
    f.write_text(glue)
    patch(f)
    once = f.read_text()
    assert once == glue.replace(old, new)
    patch(f)   # never twice
    assert f.read_text() == once
    # a runtime whose glue reads otherwise (the text changed, or twice) is refused, left as it was
    for other in (glue.replace(old, old[:-2]), glue + glue):
        f.write_text(other)
        with pytest.raises(SystemExit, match="expects"):
            patch(f)
        assert f.read_text() == other


def test_pages_workflow():
    wf = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert re.search(r"push:\s*\n\s*branches:\s*\[main\]", wf)
    for action in ("actions/checkout@", "actions/configure-pages@", "actions/upload-pages-artifact@",
                   "actions/deploy-pages@"):
        assert action in wf, action
    assert "pages: write" in wf and "id-token: write" in wf
    assert "make site" in wf or "tools/build_site.py" in wf
    # nothing is deployed untested: the build waits on a job that runs CI's own script
    test_job = re.search(r"\n  test:\n((?:    .*\n|\s*\n)*)", wf)
    assert test_job and "bash .ci/run" in test_job.group(1)
    build_job = re.search(r"\n  build:\n((?:    .*\n|\s*\n)*)", wf)
    assert build_job and re.search(r"^    needs: \[?test\]?$", build_job.group(1), re.M)


def test_bytecode_is_each_shipped_modules_own(built_site):
    """What tools/bytecode.py ships compiled: some of our modules and some of the
    stdlib, each .pyc of the very text that would have shipped (its header
    records the source's size), all of one runtime's format, and no more extra
    bytes than its budget; frozen modules are never shipped twice."""
    import bytecode
    import pack_py

    ensure_runtime()
    headers, extra = set(), 0
    archives = ((built_site / "vendor" / "pysrc.zip", lambda n: pack_py.slim((ROOT / n).read_text(encoding="utf-8")).encode()),
                (built_site / "vendor" / "pyodide" / "python_stdlib.zip", None))
    full = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    boot = bytecode.boot_modules()
    for path, source_of in archives:
        with zipfile.ZipFile(path) as z:
            pycs = [n for n in z.namelist() if n.endswith(".pyc")]
            assert pycs, f"{path.name}: nothing compiled"
            for n in pycs:
                data = z.read(n)
                src = (source_of(n[:-1]) if source_of else
                       trim_stdlib.slimmed(n[:-1], full.read(n[:-1])))
                magic, flags, _mtime, size = struct.unpack("<4sIII", data[:16])
                headers.add((magic, flags))
                assert size == len(src), f"{n} was not compiled from the shipped {n[:-1]}"
                extra += bytecode.deflated(data) - bytecode.deflated(src)
                if source_of is None:
                    assert bytecode.module_of(n[:-1]) in boot, n
                    assert bytecode.module_of(n[:-1]) not in ("os", "codecs", "abc", "io", "stat", "posixpath"), n
    assert len(headers) == 1 and headers.pop()[1] == 0, "one format, plain (unchecked) .pyc"
    assert 0 < extra <= bytecode.BUDGET, extra


def test_bytecode_takes_only_the_room_the_first_visit_leaves():
    """tools/bytecode.py room(): the budget, or what is left under the cap once
    the first visit's files (as source) and the margin are counted; never negative."""
    import bytecode

    cap, margin = bytecode.FIRST_VISIT_CAP, bytecode.MARGIN
    assert bytecode.room(1_000_000) == bytecode.BUDGET
    assert bytecode.room(cap - margin - 100_000) == min(bytecode.BUDGET, 100_000)
    assert bytecode.room(cap) == 0 and bytecode.room(cap + 1_000_000) == 0
    assert cap == 5_200_000  # issue 14's first visit, the one test_first_visit_within_its_bytes holds


def test_first_visit_within_its_bytes(built_site):
    """A first visit fetches every precached file (the page among them) once: 5.2 MB at
    most (issue 14), as Pages sends them (gzip where it compresses)."""
    import serve_site

    total = sum(serve_site.gzip_size(built_site / p) for p, _ in build_site.precache_list(built_site))
    assert total <= 5_200_000, f"first visit {total / 1e6:.2f} MB"
