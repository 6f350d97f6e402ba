// Compile Python to bytecode with the pinned Pyodide itself, under Node
// (tools/bytecode.py runs this): only the runtime that runs the bytecode can
// write it (CPython 3.14's format, not the building machine's Python).
//
//   node tools/compile_py.mjs IN.zip OUT.zip [--time | --dev]
//
// IN holds sources named by the path the page's Python will see them at
// (home/pyodide/phom/game.py, lib/python314.zip/json/decoder.py); OUT gets a
// .pyc for each (a traceback names the file by that path), but for a module
// the runtime has frozen in already (it never reads that file). Without column
// positions (PYTHONNODEBUGRANGES): the page ships no source to point them into.
// --time: OUT.json gets each module's compile time too (ms, the best of 5).
// --dev: for the dev server, which serves each .pyc beside its source
// (tools/bytecode.py dev_archive): unchecked hash-based bytecode, valid
// whatever the file's date once unpacked, and with column positions, for the
// source there to point them into.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";

const [input, output, flag] = process.argv.slice(2);
if (input === "-h" || input === "--help") {
  console.log("usage: node tools/compile_py.mjs IN.zip OUT.zip [--time | --dev]\n\n" +
    "Compile IN's Python to bytecode in OUT with the pinned Pyodide (tools/bytecode.py runs this).");
  process.exit(0);
}
if (!input || !output || (flag && flag !== "--time" && flag !== "--dev")) {
  console.error("usage: node tools/compile_py.mjs IN.zip OUT.zip [--time | --dev]");
  process.exit(2);
}
const indexURL = new URL("../vendor/pyodide/", import.meta.url).pathname;
const env = { HOME: "/home/pyodide", ...(flag === "--dev" ? {} : { PYTHONNODEBUGRANGES: "1" }) };
const py = await loadPyodide({ indexURL, env });
py.FS.writeFile("/tmp/in.zip", readFileSync(input));
py.globals.set("TIME", flag === "--time");
py.globals.set("DEV", flag === "--dev");
try {
  py.runPython(`
import _imp
import importlib._bootstrap_external as be
import importlib.util
import json
import sys
import time
import zipfile

def frozen(mod):
    """In the runtime already (importlib._bootstrap is _frozen_importlib): never read."""
    if _imp.is_frozen(mod):
        return True
    spec = getattr(sys.modules.get(mod), "__spec__", None)
    return spec is not None and (spec.name != mod or spec.origin in ("frozen", "built-in"))

def module(path):
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)

times = {}
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist():
        if not info.filename.endswith(".py"):
            continue
        data = src.read(info)
        where, _, rel = info.filename.partition(".zip/")
        if rel and frozen(module(rel)):
            continue
        code = compile(data, "/" + info.filename, "exec", dont_inherit=True)
        if TIME:
            best = float("inf")
            for _ in range(5):
                t = time.perf_counter()
                compile(data, "/" + info.filename, "exec", dont_inherit=True)
                best = min(best, time.perf_counter() - t)
            times[info.filename] = round(best * 1000, 2)
        if DEV:
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
        else:
            pyc = be._code_to_timestamp_pyc(code, 0, len(data))
        out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), bytes(pyc))
with open("/tmp/times.json", "w") as f:
    json.dump(times, f)
`);
} catch (e) {
  console.error(String(e));
  process.exit(1);
}
writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
if (flag === "--time") writeFileSync(output.replace(/\.zip$/, "") + ".json", py.FS.readFile("/tmp/times.json", { encoding: "utf8" }));
