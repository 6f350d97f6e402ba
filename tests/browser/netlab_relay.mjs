// The internet-play lab's "public" server (tests/browser/netlab.py): the page, and on the
// same origin a Nostr relay, so the page's own CSP ('self') lets it in and the test-only
// switch (phom.netlab = "self", ui/friends/invite.py net_servers) can point at nothing
// but the page's own host.
//
//   node netlab_relay.mjs LISTEN_HOST LISTEN_PORT UPSTREAM_PORT [THIRD_PARTY_PORT]
//
// HTTP requests are passed to the page server (scripts/serve.py) on 127.0.0.1:UPSTREAM_PORT
// of this namespace; a WebSocket on /relay speaks the part of NIP-01 trystero uses:
// EVENT (answered OK, sent on to every matching subscription, stored nowhere: trystero's
// events are ephemeral), REQ (filters by kinds, #x tags and since; answered EOSE) and
// CLOSE. Signatures are not checked: a test relay. Like public relays (PyPI's nostr-relay
// refuses events over 4,096 characters), it refuses an event whose JSON is longer than
// MAX_EVENT with OK false, and trystero then gives the relay up for good: a page that
// sent one would lose its only relay and the lab's tests would fail. GET /relay-stats says
// how many events came and the longest, for the tests' figures. Prints "ready" once
// listening, and the event count on SIGTERM, for the test's log.
//
// With THIRD_PARTY_PORT, a relay that is not this one (PyPI's nostr-relay, started by the
// lab on that port of this namespace's loopback) can take /relay instead: GET
// /relay-use?third sends each new WebSocket there, message for message, and
// /relay-use?own back here. The stats then count what the phones sent it and what it
// refused (its "OK" false), with its reasons, and the events it took once of two sent.
import http from "node:http";
import { WebSocketServer } from "ws";

import { WebSocket } from "ws";

const [host, port, upstream, thirdPort] = process.argv.slice(2);
const subs = new Map();   // ws -> Map(subId -> filters[])
let events = 0;
const MAX_EVENT = 4096;
const longest = { length: 0, kind: 0, refused: 0, duplicates: 0, reasons: [] };
let use = "own";          // which relay takes a new /relay socket: "own" or "third"

function counted(ev) {
  events += 1;
  const length = JSON.stringify(ev).length;
  if (length > longest.length) Object.assign(longest, { length, kind: ev.kind });
  return length;
}

// A phone's socket passed on to the third-party relay, each message as it is (text frames).
function passOn(ws) {
  const up = new WebSocket(`ws://127.0.0.1:${thirdPort}/`);
  const waiting = [];
  up.on("open", () => { for (const m of waiting.splice(0)) up.send(m); });
  up.on("message", (data) => {
    const text = String(data);
    try {
      const [kind, , ok, reason] = JSON.parse(text);
      // (an event sent twice is taken once: "duplicate:", which trystero counts as no failure)
      if (kind === "OK" && ok === false && String(reason).startsWith("duplicate:")) longest.duplicates += 1;
      else if (kind === "OK" && ok === false) { longest.refused += 1; longest.reasons.push(String(reason)); }
      if (kind === "NOTICE" || kind === "CLOSED") longest.reasons.push(text.slice(0, 200));
    } catch { /* not ours to read */ }
    if (ws.readyState === 1) ws.send(text);
  });
  up.on("close", () => ws.close());
  up.on("error", () => ws.terminate());
  ws.on("message", (data) => {
    const text = String(data);
    try {
      const msg = JSON.parse(text);
      if (Array.isArray(msg) && msg[0] === "EVENT" && msg[1]) counted(msg[1]);
    } catch { /* the relay says so */ }
    if (up.readyState === 1) up.send(text); else waiting.push(text);
  });
  ws.on("close", () => up.close());
}

function matches(f, ev) {
  if (Array.isArray(f.kinds) && !f.kinds.includes(ev.kind)) return false;
  if (typeof f.since === "number" && ev.created_at < f.since) return false;
  for (const [k, want] of Object.entries(f)) {
    if (!k.startsWith("#") || !Array.isArray(want)) continue;
    const name = k.slice(1);
    if (!(ev.tags || []).some((t) => t[0] === name && want.includes(t[1]))) return false;
  }
  return true;
}

const server = http.createServer((req, res) => {
  if (req.url === "/relay-stats") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ events, max_event: MAX_EVENT, use, ...longest }));
    return;
  }
  if (req.url.startsWith("/relay-use?")) {
    const want = req.url.split("?")[1];
    if (want === "own" || (want === "third" && thirdPort)) use = want;
    res.writeHead(use === want ? 200 : 400, { "content-type": "text/plain" });
    res.end(use);
    return;
  }
  const up = http.request({ host: "127.0.0.1", port: +upstream, path: req.url, method: req.method,
                            headers: req.headers }, (r) => { res.writeHead(r.statusCode, r.headers); r.pipe(res); });
  up.on("error", (e) => { res.writeHead(502); res.end(String(e)); });
  req.pipe(up);
});

const wss = new WebSocketServer({ noServer: true });
let down = false;   // SIGUSR1: the relay goes down (every socket closed, none taken); again: up
process.on("SIGUSR1", () => {
  down = !down;
  if (down) for (const ws of wss.clients) ws.terminate();
  console.log(down ? "relay down" : "relay up");
});
server.on("upgrade", (req, sock, head) => {
  if (down || !req.url.startsWith("/relay")) { sock.destroy(); return; }
  wss.handleUpgrade(req, sock, head, (ws) => wss.emit("connection", ws, req));
});

wss.on("connection", (ws) => {
  if (use === "third") { passOn(ws); return; }
  subs.set(ws, new Map());
  ws.on("close", () => subs.delete(ws));
  ws.on("message", (data) => {
    let msg;
    try { msg = JSON.parse(String(data)); } catch { ws.send(JSON.stringify(["NOTICE", "bad json"])); return; }
    if (!Array.isArray(msg)) return;
    const [kind, ...rest] = msg;
    if (kind === "EVENT") {
      const ev = rest[0];
      if (!ev || typeof ev.id !== "string") { ws.send(JSON.stringify(["NOTICE", "bad event"])); return; }
      const length = counted(ev);
      if (length > MAX_EVENT) {
        longest.refused += 1;
        ws.send(JSON.stringify(["OK", ev.id, false, `invalid: event is ${length} characters, over ${MAX_EVENT}`]));
        return;
      }
      ws.send(JSON.stringify(["OK", ev.id, true, ""]));
      for (const [other, mine] of subs) {
        for (const [subId, filters] of mine) {
          if (filters.some((f) => matches(f, ev))) other.send(JSON.stringify(["EVENT", subId, ev]));
        }
      }
    } else if (kind === "REQ") {
      subs.get(ws).set(rest[0], rest.slice(1));
      ws.send(JSON.stringify(["EOSE", rest[0]]));
    } else if (kind === "CLOSE") {
      subs.get(ws).delete(rest[0]);
    }
  });
});

server.listen(+port, host, () => console.log("ready"));
process.on("SIGTERM", () => { console.log(`events ${events}`); process.exit(0); });
