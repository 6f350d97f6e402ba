// Makes the memory snapshot ui/boot/interpreter.mjs restores: a throwaway Pyodide
// of its own (off the page's main thread, whose PyScript a snapshot-making
// Pyodide would break), our Python unpacked where PyScript puts it and every
// module imported but ui/page/main.py (it imports the page's DOM at the top), then
// the heap kept in Cache Storage (ui/boot/snapshot.store.mjs). One message in, one
// out: {ok, bytes, heapBytes} or {ok: false, error}.
//
// With {warm: true} it makes no snapshot: the same boot and imports, only for
// the wasm's compiled code to be kept (ui/boot/interpreter.mjs, warmCodeCache);
// {ok: true} once done.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { makeHeap } from "./snapshot.make.mjs";
import { write } from "./snapshot.store.mjs";

self.onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: data.indexURL, _makeSnapshot: !data.warm, stdout: () => {} });
    const res = await fetch(data.sources);
    if (!res.ok) throw new Error(`${data.sources}: HTTP ${res.status}`);
    const snap = makeHeap(py, await res.arrayBuffer(), data.pageSources || "{}", data.warm);
    if (data.warm) return postMessage({ ok: true });
    const stored = await write(snap, data.build);
    postMessage({ ok: true, bytes: stored, heapBytes: snap.length });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.stack || e) });
  }
};
