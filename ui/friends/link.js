// Phones linked directly: one WebRTC data channel per guest, no server at all.
//
// No iceServers: no STUN or TURN is ever contacted, so only host candidates are
// offered and the phones must be on the same network. The offer and the answer
// travel as text (and QR) that people copy themselves: "PHOM1" + kind + seat +
// "." + base64url(deflate-raw(SDP)). The page's Python (ui/friends/linkplay.py) decides
// everything; this module only moves strings. Received messages are kept in a
// short log (received()) so the tests can check what a guest was ever sent.
//
// Heartbeat: each side sends a one-character beat every BEAT ms on an open channel
// (never passed to the page nor logged); a link that has heard nothing for SILENT ms
// is reported "silent" and closed, so a phone whose screen locked or whose page froze
// is noticed in seconds, not when the browser's own timeout (~30 s) gives up.

const PREFIX = "PHOM1";
const peers = new Map();          // id -> {pc, ch}
const log = [];
const BEAT_TEXT = "\u0006";
let BEAT = 2000, SILENT = 15000;   // ms
let lastBeat = performance.now();
let onMessage = null;             // (id, text) => void
let onState = null;               // (id, state) => void

function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// Lines a data channel does not need (the SDP stays valid without them).
const DROP = /^a=(extmap-allow-mixed|msid-semantic|ice-options)|^a=candidate:.* tcp /;

export async function encode(kind, seat, sdp) {
  const lines = sdp.split(/\r?\n/).filter((l) => l && !DROP.test(l));
  const packed = await pipe(new TextEncoder().encode(lines.join("\n")), new CompressionStream("deflate-raw"));
  return `${PREFIX}${kind}${seat}.${b64url(packed)}`;
}

// A code refused: ``phomCode`` is what the page words in the player's language
// (ui/page/link.py), the message the developers' English (for the console).
function refused(code, message, data = {}) {
  const e = /** @type {Error & {phomCode?: string, phomSeat?: number | null}} */ (new Error(message));
  e.phomCode = code;
  e.phomSeat = data.seat ?? null;
  return e;
}

export async function decode(text) {
  const m = /^PHOM1([oa])([0-3])\.([A-Za-z0-9_-]+)$/.exec(String(text).replace(/\s+/g, ""));
  if (!m) throw refused("not_code", "not a Phỏm link code");
  let sdp;
  try {
    sdp = new TextDecoder().decode(await pipe(unb64url(m[3]), new DecompressionStream("deflate-raw")));
  } catch (e) {
    throw refused("damaged", "the link code is damaged");
  }
  if (!sdp.startsWith("v=0")) throw refused("damaged", "the link code is damaged");
  return { kind: m[1], seat: Number(m[2]), sdp: sdp.split("\n").join("\r\n") + "\r\n" };
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, 4000);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(t); resolve(); }
    });
  });
}

function wire(id, ch) {
  const peer = peers.get(id);
  peer.ch = ch;
  const mine = () => peers.get(id) === peer;   // a replaced link says nothing
  const opened = () => {
    if (peer.opened) return;
    peer.opened = true;
    peer.heard = performance.now();
    if (mine() && onState) onState(id, "open");
  };
  ch.onopen = opened;
  // The guest's channel is the host's, announced (ondatachannel) and opened in
  // either order: announced open already, its open event may be gone by the time
  // this handler is set, and the guest would never send its join (the host,
  // linked, waiting for it; tests/browser/test_linked.py). Reported once either way.
  if (ch.readyState === "open") setTimeout(opened, 0);
  ch.onclose = () => mine() && onState && onState(id, "closed");
  ch.onmessage = (ev) => {
    if (!mine()) return;
    peer.heard = performance.now();
    if (ev.data === BEAT_TEXT) return;
    log.push(String(ev.data));
    if (log.length > 2000) log.shift();
    if (onMessage) onMessage(id, String(ev.data));
  };
}

function fresh(id) {
  close(id);
  const pc = new RTCPeerConnection({ iceServers: [] });
  const peer = { pc, ch: null };
  peers.set(id, peer);
  pc.addEventListener("connectionstatechange", () => {
    const s = pc.connectionState;
    if (peers.get(id) !== peer) return;
    if ((s === "failed" || s === "disconnected" || s === "closed") && onState) onState(id, s);
  });
  return pc;
}

// Host: an offer for one guest seat (id = the seat number).
export async function offer(seat) {
  const pc = fresh(seat);
  wire(seat, pc.createDataChannel("phom", { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return encode("o", seat, pc.localDescription.sdp);
}

// Host: the guest's answer for that seat.
export async function accept(seat, text) {
  const code = await decode(text);
  if (code.kind !== "a") throw refused("not_answer", "this is an invitation, not an answer");
  if (code.seat !== seat) throw refused("other_seat", `this answer is for seat ${code.seat + 1}`, { seat: code.seat + 1 });
  const peer = peers.get(seat);
  if (!peer) throw refused("no_invitation", "make a new invitation first");
  await peer.pc.setRemoteDescription({ type: "answer", sdp: code.sdp });
}

// Guest: answer the host's invitation; resolves to [seat, answer code].
export async function answer(text) {
  const code = await decode(text);
  if (code.kind !== "o") throw refused("not_invitation", "this is an answer, not an invitation");
  const pc = fresh("host");
  pc.ondatachannel = (ev) => wire("host", ev.channel);
  await pc.setRemoteDescription({ type: "offer", sdp: code.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return [code.seat, await encode("a", code.seat, pc.localDescription.sdp)];
}

export function send(id, text) {
  const peer = peers.get(id);
  if (!peer || !peer.ch || peer.ch.readyState !== "open") return false;
  peer.ch.send(String(text));
  return true;
}

export function close(id) {
  const peer = peers.get(id);
  if (!peer) return;
  try { if (peer.ch) peer.ch.close(); peer.pc.close(); } catch (e) { /* already closed */ }
  peers.delete(id);
}

function beat() {
  const now = performance.now();
  // This page itself was frozen or busy (a background tab, a long import): the other
  // side's beats may still be queued behind this timer, so no verdict this time.
  const awake = now - lastBeat < 2 * BEAT + 1000;
  lastBeat = now;
  for (const [id, peer] of [...peers]) {
    if (!peer.ch || peer.ch.readyState !== "open") continue;
    if (!awake) peer.heard = now;
    if (now - peer.heard > SILENT) {
      close(id);
      if (onState) onState(id, "silent");
      continue;
    }
    try { peer.ch.send(BEAT_TEXT); } catch (e) { /* closing: onclose says so */ }
  }
}
let beating = setInterval(beat, BEAT);

// Tests only: other timings, and one beat now (heartbeat(60000, 0) then beat(): every
// link counts as silent at once, with no wait).
export function heartbeat(every, silent) {
  BEAT = every; SILENT = silent;
  lastBeat = performance.now();
  clearInterval(beating);
  beating = setInterval(beat, BEAT);
}
export { beat };

export function listen(message, state) { onMessage = message; onState = state; }
export function received() { return log.slice(); }
export const supported = typeof RTCPeerConnection === "function" && typeof CompressionStream === "function";

// ------------------------------------------------------------------ QR codes
// qrcode-generator draws; the camera is read by BarcodeDetector where the browser
// has it, else by jsQR. Both are vendored (scripts/setup.sh) and loaded on first use.
const QR = new URL("../../vendor/qr/", import.meta.url);
let qrcode = null;

export async function drawQR(root) {
  const els = (root || document).querySelectorAll(".qr[data-qr]");
  for (const el of els) {
    const text = el.dataset.qr;
    if (!text || el.dataset.drawn === text) continue;
    if (!qrcode) qrcode = (await import(new URL("qrcode.mjs", QR).href)).default;
    const qr = qrcode(0, "L");
    qr.addData(text, "Byte");
    qr.make();
    el.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true, alt: "QR" });
    el.dataset.drawn = text;
  }
}

let detector;   // undefined: not tried yet; null: no BarcodeDetector for QR here

async function qrDetector() {
  if (detector !== undefined) return detector;
  detector = null;
  try {
    if ("BarcodeDetector" in self && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
      detector = new BarcodeDetector({ formats: ["qr_code"] });
    }
  } catch (e) { detector = null; }
  return detector;
}

// The text of a QR code in an ImageData, or null. ``how`` forces one decoder (tests).
export async function decodeImage(img, how) {
  const det = how === "jsqr" ? null : await qrDetector();
  if (det && how !== "jsqr") {
    const found = await det.detect(img);
    return found.length ? found[0].rawValue : null;
  }
  if (!self.jsQR) await import(new URL("jsQR.js", QR).href);   // UMD: sets self.jsQR
  const hit = self.jsQR(img.data, img.width, img.height, { inversionAttempts: "dontInvert" });
  return hit ? hit.data : null;
}

// Open the camera over the page and resolve with the first QR code's text
// (null if cancelled or no camera). Needs a secure page (https or localhost).
export async function scan(labels) {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) throw new Error(labels.nocam);
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  const box = document.createElement("div");
  box.className = "scan-layer";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", labels.title);
  const video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.srcObject = stream;
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "btn";
  cancel.textContent = labels.cancel;
  box.append(video, cancel);
  document.body.append(box);
  cancel.focus();
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  let done = false;
  const stop = () => { done = true; stream.getTracks().forEach((t) => t.stop()); box.remove(); };
  return new Promise((resolve) => {
    cancel.onclick = () => { stop(); resolve(null); };
    box.onkeydown = (e) => { if (e.key === "Escape") { stop(); resolve(null); } };
    video.play().catch(() => {});
    const tick = async () => {
      if (done) return;
      if (video.readyState >= 2 && video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const text = await decodeImage(ctx.getImageData(0, 0, canvas.width, canvas.height));
        if (text && /^PHOM1/.test(text)) { stop(); resolve(text); return; }
      }
      setTimeout(tick, 150);
    };
    tick();
  });
}

window.phomLink = { offer, accept, answer, send, close, listen, received, encode, decode, supported,
                    drawQR, decodeImage, scan, heartbeat, beat };
