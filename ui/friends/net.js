// Internet play (issue 39): the transport only. trystero (Nostr strategy, bundled into
// vendor/trystero/trystero.mjs by scripts/setup.sh) finds the other phones of one room
// through public Nostr relays and links them by WebRTC; the signalling is encrypted with
// the room secret (trystero's ``password``, from the link's fragment). Nothing here is
// loaded from or sent to a third party until ``start`` is called, which the page does only
// after the player chose internet play. The page's Python (ui/page/link.py, with
// ui/friends/invite.py) decides everything, including the relays and ICE servers passed
// in; this module only moves strings and reports what happened:
//   listen((kind, peer, text) => ...) with kind
//     "relays"  text = how many relays are connected now (a number as text)
//     "join"    a phone joined the room (peer = its id)
//     "leave"   it left, or its link broke
//     "msg"     text from that phone
//     "error"   text = one word (see ``classify``), peer = the phone concerned or ""
// Received messages are kept in a short log (received()) so tests can check what a guest
// was ever sent.

const APP_ID = "phom-tala.v1";
let trystero = null;       // the bundled module, loaded on first start
let room = null;
let action = null;
let onEvent = null;
let relayTimer = null;
let lastRelays = -1;
const log = [];

// trystero's join errors in one word, for the page to word in the player's language.
function classify(error) {
  const s = String(error || "");
  if (/password/i.test(s)) return "secret";
  if (/could not connect to peer/i.test(s)) return "no_path";
  if (/handshake/i.test(s)) return "secret";
  return "other";
}

const trace = [];   // [ms since start, kind, peer, text] of each report (not "msg"'s text), for tests

function emit(kind, peer, text) {
  trace.push([Math.round(performance.now()), kind, peer || "", kind === "msg" ? "" : String(text ?? "")]);
  if (trace.length > 500) trace.shift();
  if (onEvent) {
    try { onEvent(kind, peer || "", text == null ? "" : String(text)); } catch (e) { console.error(e); }
  }
}

function openRelays() {
  if (!trystero) return 0;
  let n = 0;
  for (const ws of Object.values(trystero.getRelaySockets())) if (ws && ws.readyState === 1) n += 1;
  return n;
}

// trystero (0.25) takes an offer's SDP, encrypts it, and only then listens for the offer's
// ICE candidates: a candidate gathered in between is sent to nobody. Its pooled offers made
// more than a minute ago restart ICE when taken, so on a page open that long (the host when
// a guest reloads, the guests when the host reloads) every candidate of a new offer is
// gathered right in that gap; on a busy phone (the page's Python holds the main thread) the
// NAT's address (srflx) was lost, the other phone's NAT never opened, and the link failed
// with "no path" (the lab, 1 run in 3). An offer here is handed over only once its ICE
// gathering is done (at most GATHER_MS), so its SDP holds every candidate; one gathered
// later still trickles. Answers are not held: trystero keeps their candidates until asked.
const GATHER_MS = 2000;

function gathered(pc) {
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => { pc.removeEventListener("icegatheringstatechange", done); resolve(); }, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", done);
  });
}

let GatheredOffers = null;   // made on first start: a browser without WebRTC must still load this module

function gatheredOffers() {
  GatheredOffers ??= class extends RTCPeerConnection {
    #setting = false;   // a description being set: not to be read until its offer's gathering is done

    // trystero reads an offer it pooled from here when it is taken (none yet: it waits for
    // the offer being made, which comes once gathered)
    get localDescription() { return this.#setting ? null : super.localDescription; }

    async setLocalDescription(description) {
      // listened for before the description is set: the change to "complete" is this gathering's
      const waited = gathered(this);
      this.#setting = true;
      try {
        await (description === undefined ? super.setLocalDescription() : super.setLocalDescription(description));
        if (super.localDescription && super.localDescription.type === "offer") await waited;
      } finally {
        this.#setting = false;
      }
    }
  };
  return GatheredOffers;
}

// Join room ``roomId`` with the room secret. ``relays``: the wss:// URLs; ``iceServers``:
// the STUN (and TURN, if the player set one) servers, exactly, never trystero's own.
export async function start(roomId, secret, relays, iceServers) {
  stop();
  if (typeof RTCPeerConnection !== "function") { emit("error", "", "no_rtc"); return false; }
  if (!globalThis.crypto || !crypto.subtle) { emit("error", "", "insecure"); return false; }
  if (!trystero) trystero = await import(new URL("../../vendor/trystero/trystero.mjs", import.meta.url).href);
  const cfg = {
    appId: APP_ID,
    password: String(secret),
    relayConfig: { urls: Array.from(relays, String) },
    rtcConfig: { iceServers: JSON.parse(JSON.stringify(iceServers)) },
    // Each ICE candidate found after an offer or answer is handed over goes as its own short
    // relay event (trystero's default, said here because it matters): the offer holds what
    // was gathered (GatheredOffers; trystero's pooled offers always did), the answer none.
    // Strict public relays take 4,096 characters and trystero gives a relay up for good on a
    // refusal (docs/INTERNET-PLAY.md): the lab measures the longest event, a TURN set too.
    trickleIce: true,
    rtcPolyfill: gatheredOffers(),
  };
  room = trystero.joinRoom(cfg, String(roomId), {
    onJoinError: (d) => {
      console.warn("phom: internet play: " + (d && d.error));
      emit("error", (d && d.peerId) || "", classify(d && d.error));
    },
  });
  action = room.makeAction("m");
  action.onMessage = (data, meta) => {
    const text = String(data);
    log.push(text);
    if (log.length > 2000) log.shift();
    emit("msg", meta && meta.peerId, text);
  };
  room.onPeerJoin = (peer) => emit("join", peer, "");
  room.onPeerLeave = (peer) => emit("leave", peer, "");
  trace.push([Math.round(performance.now()), "start", "", cfg.rtcConfig.iceServers.map((s) => String(s.urls)).join(" ")]);
  lastRelays = -1;
  relayTimer = setInterval(() => {
    const n = openRelays();
    if (n !== lastRelays) { lastRelays = n; emit("relays", "", n); }
  }, 250);
  return true;
}

export function send(peer, text) {
  if (!action) return false;
  action.send(String(text), { target: String(peer) }).catch((e) => console.warn("phom: send failed", e));
  return true;
}

export function stop() {
  if (relayTimer) clearInterval(relayTimer);
  relayTimer = null;
  if (room) { try { room.leave(); } catch (e) { /* gone */ } }
  room = null;
  action = null;
}

export function relaysOpen() { return openRelays(); }

// How each linked phone is reached: the candidate types of the pair in use ("host",
// "srflx" through a NAT by STUN, "relay" through TURN), for the tests and the curious.
export async function paths() {
  const out = {};
  if (!room) return out;
  for (const [peer, pc] of Object.entries(room.getPeers())) {
    const stats = await pc.getStats();
    const byId = new Map();
    stats.forEach((r) => byId.set(r.id, r));
    const local = [];
    stats.forEach((r) => { if (r.type === "local-candidate") local.push(r.candidateType); });
    /** @type {RTCIceCandidatePairStats | null} */
    let pair = null;
    stats.forEach((r) => {
      if (r.type === "transport" && r.selectedCandidatePairId) pair = byId.get(r.selectedCandidatePairId);
    });
    out[peer] = {
      local: pair ? byId.get(pair.localCandidateId)?.candidateType : null,
      remote: pair ? byId.get(pair.remoteCandidateId)?.candidateType : null,
      gathered: local,
    };
  }
  return out;
}
export function listen(fn) { onEvent = fn; }
export function received() { return log.slice(); }
export function events() { return trace.slice(); }
export function selfId() { return trystero ? trystero.selfId : null; }

// Web Share where the browser has it (the system share sheet), else the clipboard.
// Resolves to "shared", "copied" or "" (cancelled / refused: the link stays on screen).
export async function share(url, title) {
  if (navigator.share) {
    try { await navigator.share({ title, url }); return "shared"; } catch (e) {
      if (e && e.name === "AbortError") return "";
    }
  }
  try { await navigator.clipboard.writeText(url); return "copied"; } catch (e) { return ""; }
}

window.phomNet = { start, send, stop, listen, received, relaysOpen, selfId, share, paths, events };
