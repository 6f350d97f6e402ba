// Run one of this repository's Python scripts in Pyodide under Node, the same
// runtime the page uses (node_modules/pyodide, with its whole stdlib), to
// measure the engine where players run it rather than guess a CPython factor.
// Benchmarks only: the page never loads this file.
//
//   node bench/pyodide_run.mjs bench/bench_review.py --hands 5
//   python3 bench/bench_review.py --pyodide --hands 5     (the same)
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
const USAGE = "usage: node bench/pyodide_run.mjs SCRIPT.py [ARGS...]\n\n" +
  "Run SCRIPT.py (a path in this repository) with ARGS in Pyodide under Node, the page's runtime.";
if (script === "-h" || script === "--help") {
  console.log(USAGE);
  process.exit(0);
}
if (!script) {
  console.error(USAGE);
  process.exit(2);
}
let loadPyodide;
try {
  ({ loadPyodide } = await import(path.join(repo, "node_modules/pyodide/pyodide.mjs")));
} catch (e) {
  console.error(`pyodide_run: no node_modules/pyodide (run make vendor first): ${e.message}`);
  process.exit(2);
}
const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.globals.set("_argv", py.toPy(["/repo/" + path.relative(repo, path.resolve(script)), ...args]));
try {
  py.runPython(`
import os, runpy, sys
sys.argv = list(_argv)
sys.path.insert(0, os.path.dirname(sys.argv[0]))  # as python does for a script
os.chdir("/repo")
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as e:
    if e.code not in (None, 0):
        raise
`);
} catch (e) {
  console.error(String(e.message || e));
  process.exit(1);
}
