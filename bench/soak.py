"""Soak: play very many hands and check the engine's promises on every one.

    python3 bench/soak.py                      # 100,000 hands per preset and player count
    python3 bench/soak.py --hands 2000 --jobs 2
    nice -n 19 python3 bench/soak.py --jobs 2 > /tmp/soak.txt

Every preset at 2, 3 and 4 players (15 tables; 1.5 million hands by default),
played as matches of ``--match-len`` hands (so the pot and the thông streak
are carried from hand to hand), with bots drawn at random for each seat and
hand from random to hard. On every hand it checks:

- cards: after every action all 52 cards are somewhere (hands, stock, discard
  rows, table melds), each exactly once;
- payments: the hand's deltas are its ledger's, they sum to zero with the pot
  counted, every amount is a positive whole number, and the match's totals
  plus the pot stay at zero;
- views: at several moments of the hand (and at its end) every seat's view
  holds its own hand and no card hidden from it (others' uneaten cards, the
  stock);
- refusals: at every step an action that is not legal is tried; it must raise
  ``IllegalAction`` and change nothing (the state's fingerprint and the legal
  actions are the same after);
- saving: on a sample of positions (``--json-every``) ``Game.to_json`` ->
  ``from_json`` gives the same document, phase, legal actions and views; at
  the end of a sample of hands the whole match round-trips as well;
- bots: every bot's choice is legal; a hand ends within 500 actions.

A long run can be stopped and taken up again: with ``--journal FILE`` every
finished chunk is appended to FILE as a JSON line, and a later run with the
same FILE and options plays only the chunks not yet in it; its summary counts
them all. A journal line is used only if the engine's and this file's code are
the same as when it was written (a hash of phom/ and bench/soak.py), so a
fix in between starts that work over instead of mixing two engines' figures.

It prints one line per table as it finishes (hands, hands per second,
violations so far), a progress line every ``--progress`` seconds, and a final
summary. Violations must be 0; the first few are printed with the seed that
reproduces them, and the exit status is 1 if there are any.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import phom  # noqa: E402
from phom import Card, DeclareU, Discard, Draw, Eat, IllegalAction, LayDown, Pass, Send  # noqa: E402
from phom.cards import DECK, cards_to_mask  # noqa: E402
from phom.ledger import POT, deltas_of  # noqa: E402

ALL = (1 << 52) - 1
BOT_MIX = (("random", 70), ("easy", 10), ("normal", 10), ("hard", 10))
PRESETS = tuple(phom.PRESETS)
TABLES = tuple((p, n) for p in PRESETS for n in (2, 3, 4))


def _pop(x: int) -> int:
    return bin(x).count("1")


# ------------------------------------------------------------------ checks
def card_problem(g) -> str | None:
    """All 52 cards, each in exactly one place."""
    n, mask = 0, 0
    for h in g.hands:
        n += _pop(h)
        mask |= h
    for c in g.stock:
        mask |= c.bit
    n += len(g.stock)
    for row in g.rows:
        n += len(row)
        for c in row:
            mask |= c.bit
    for _owner, m in g.melds.values():
        n += _pop(m)
        mask |= m
    if n != 52 or mask != ALL:
        return f"cards: {n} counted, {_pop(mask)} distinct"
    return None


def view_problem(g, seat: int) -> str | None:
    """The view shows ``seat``'s hand and no card hidden from it."""
    v = g.view(seat)
    if cards_to_mask(v.hand) != g.hands[seat]:
        return f"view {seat}: hand differs from the seat's cards"
    hidden = 0
    for s in range(g.players):
        if s != seat:
            hidden |= g.hands[s] & ~g.eaten_mask[s]
    hidden |= cards_to_mask(g.stock)
    shown = []
    for row in v.discards:
        shown += row
    for row in v.eaten:
        shown += row
    for _mid, _owner, cards in v.table_melds:
        shown += cards
    if v.last_discard is not None:
        shown.append(v.last_discard)
    shown += [c for _s, _k, c in v.events if isinstance(c, Card)]
    shown += [Card.parse(p.get("card")) for p in v.payments if p.get("card")]
    leaked = [c for c in shown if hidden >> c.index & 1]
    if leaked:
        return f"view {seat}: shows hidden {' '.join(map(str, leaked[:4]))}"
    for k in dataclasses.fields(v.public):  # the public state shows no hidden card
        bad = [c for c in _cards_in(getattr(v.public, k.name)) if hidden >> c.index & 1]
        if bad:
            return f"view {seat}: public.{k.name} holds hidden {' '.join(map(str, bad[:4]))}"
    if any(m & hidden for m in v.public.eaten_mask):
        return f"view {seat}: public.eaten_mask holds a hidden card"
    if list(v.hand_sizes) != [_pop(h) for h in g.hands] or v.stock_size != len(g.stock):
        return f"view {seat}: sizes differ from the table"
    return None


def _cards_in(x) -> list:
    if isinstance(x, Card):
        return [x]
    if isinstance(x, (tuple, list)):
        return [c for y in x for c in _cards_in(y)]
    return []


def fingerprint(g) -> tuple:
    """Everything an action could change, cheaply."""
    return (tuple(g.hands), tuple(g.eaten_mask), len(g.stock), g.stock[-1] if g.stock else None,
            tuple(len(r) for r in g.rows), tuple(map(len, g.eaten)), len(g.melds), g.next_meld,
            sum(_pop(m) for _o, m in g.melds.values()), g.phase, g.to_move, g.took, g.u_offer,
            len(g.actions), len(g.ledger), len(g.events), tuple(g.turns), tuple(g.turn_no),
            g.laid_this_turn, g.sent_this_turn, g.last_discard, g.last_discarder,
            tuple(None if x is None else len(x) for x in g.laid), g.result is None)


def illegal_candidate(g, legal: list, rng: random.Random):
    """An action that is not legal now (or None if every candidate happens to be)."""
    for _ in range(6):
        k = rng.randrange(7)
        if k == 0:
            a = Draw()
        elif k == 1:
            a = Eat()
        elif k == 2:
            a = Pass()
        elif k == 3:
            a = DeclareU(rng.choice(phom.U_KINDS))
        elif k == 4:
            a = Discard(rng.choice(DECK))
        elif k == 5:
            a = Send(rng.choice(DECK), rng.randrange(max(1, g.next_meld + 2)))
        else:
            a = LayDown(())
        if a not in legal:
            return a
    return None


def refusal_problem(g, legal: list, rng: random.Random) -> str | None:
    a = illegal_candidate(g, legal, rng)
    if a is None:
        return None
    before = fingerprint(g)
    try:
        g.apply(a)
    except IllegalAction:
        pass
    else:
        return f"refusal: {a} was accepted though not legal"
    if fingerprint(g) != before or g.legal_actions() != legal:
        return f"refusal: refused {a} changed the hand"
    return None


def json_problem(g) -> str | None:
    text = g.to_json()
    g2 = phom.Game.from_json(text)
    if g2.to_json() != text:
        return "json: the hand does not round-trip"
    if g2.phase != g.phase or g2.to_move != g.to_move or g2.legal_actions() != g.legal_actions():
        return "json: the reloaded hand is in another position"
    for s in range(g.players):
        if g2.view(s) != g.view(s):
            return f"json: the reloaded view of seat {s} differs"
    return None


def result_problem(g, match) -> str | None:
    r = g.result
    if r is None:
        return "result: missing at the end"
    for p in r.ledger:
        if type(p.amount) is not int or p.amount <= 0:
            return f"payments: {p.kind} of {p.amount!r}"
        if p.payer == p.payee or not (p.payer == POT or 0 <= p.payer < g.players) \
                or not (p.payee == POT or 0 <= p.payee < g.players):
            return f"payments: {p.kind} between {p.payer} and {p.payee}"
    d, pot = deltas_of(r.ledger, g.players)
    if d != list(r.deltas) or pot != r.pot_change:
        return "payments: the deltas are not the ledger's"
    if sum(r.deltas) + r.pot_change != 0:
        return f"payments: hand sums to {sum(r.deltas) + r.pot_change} with the pot"
    if not g.rules.pot and r.pot_change:
        return "payments: a pot moved at a table without one"
    if g.pot_in + r.pot_change < 0:
        return "payments: the pot went negative"
    if sorted(r.ranks) != list(range(g.players)) or r.winner != r.ranks[0]:
        return "result: ranks are not the seats"
    if g.legal_actions():
        return "result: actions are legal after the end"
    return None


# ------------------------------------------------------------------ playing
def pick_bots(rng: random.Random, players: int, seed: int):
    from phom.bots import make

    names, weights = zip(*BOT_MIX, strict=True)
    chosen = rng.choices(names, weights, k=players)
    return chosen, [make(n, seed=seed * 7 + s) for s, n in enumerate(chosen)]


def play_chunk(task):
    """Play ``count`` hands of one table (as matches); return counts and violations."""
    preset, players, first, count, match_len, json_every, view_checks = task
    rules = phom.Rules.preset(preset)
    out = {"hands": 0, "actions": 0, "refusals": 0, "views": 0, "json": 0, "match_json": 0,
           "violations": 0, "examples": [], "bots": {}}
    t0 = time.perf_counter()

    def bad(msg, seed, hand_no, step):
        out["violations"] += 1
        if len(out["examples"]) < 5:
            out["examples"].append(f"{preset} {players}p match seed {seed} hand {hand_no} "
                                   f"step {step}: {msg}")

    hand = 0
    while hand < count:
        mseed = first + hand
        rng = random.Random(mseed * 1_000_003 + players)
        m = phom.Match(rules, players, seed=mseed, starter=mseed % players)
        for hand_no in range(min(match_len, count - hand)):
            g = m.new_hand()
            names, bots = pick_bots(rng, players, mseed * 100 + hand_no)
            for n in names:
                out["bots"][n] = out["bots"].get(n, 0) + 1
            peek = set(rng.sample(range(60), view_checks))
            step = 0
            while not g.is_over:
                legal = g.legal_actions()
                p = card_problem(g) or (None if legal else "no legal action before the end")
                if p is None:
                    p = refusal_problem(g, legal, rng)
                    out["refusals"] += 1
                if p is None and step in peek:
                    for s in range(players):
                        p = p or view_problem(g, s)
                    out["views"] += players
                if p is None and rng.random() * json_every < 1:
                    p = json_problem(g)
                    out["json"] += 1
                if p is not None:
                    bad(p, mseed, hand_no, step)
                    break
                s = g.to_move
                a = bots[s].choose(g.view(s), legal)
                if a not in legal:
                    bad(f"bot {names[s]} chose illegal {a}", mseed, hand_no, step)
                    break
                g.apply(a)
                step += 1
                out["actions"] += 1
                if step > 500:
                    bad("the hand never ends", mseed, hand_no, step)
                    break
            else:
                p = card_problem(g) or result_problem(g, m)
                for s in range(players):
                    p = p or view_problem(g, s)
                out["views"] += players
                if p is None:
                    m.record(g)
                    if sum(m.totals) + m.pot != 0 or m.pot < 0:
                        p = "payments: the match's totals and pot do not sum to zero"
                if p is None and rng.random() * json_every < 20:
                    text = m.to_json()
                    out["match_json"] += 1
                    if phom.Match.from_json(text).to_json() != text:
                        p = "json: the match does not round-trip"
                if p is not None:
                    bad(p, mseed, hand_no, step)
            out["hands"] += 1
            if g.result is None:  # a broken hand: start a fresh match
                break
        hand = out["hands"]
    out["seconds"] = time.perf_counter() - t0
    return preset, players, out


def _play_keyed(task):
    return task, play_chunk(task)


def code_hash() -> str:
    """What the journal's lines were played with: phom/ and this file."""
    root = pathlib.Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for f in sorted((root / "phom").rglob("*.py")) + [pathlib.Path(__file__).resolve()]:
        h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def read_journal(path: pathlib.Path, code: str) -> tuple[dict, int]:
    """Finished chunks in the journal for this code: {task: result}, and how
    many lines were passed over (other code, or not readable)."""
    done, skipped = {}, 0
    if not path.exists():
        return done, skipped
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
            if rec["code"] != code:
                skipped += 1
                continue
            done[tuple(rec["task"])] = (rec["preset"], rec["players"], rec["out"])
        except (ValueError, KeyError, TypeError):
            skipped += 1
    return done, skipped


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100_000, help="hands per preset and player count")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--chunk", type=int, default=500, help="hands per task")
    ap.add_argument("--match-len", type=int, default=10, help="hands per match")
    ap.add_argument("--json-every", type=float, default=200,
                    help="one JSON round trip per this many positions (on average)")
    ap.add_argument("--view-checks", type=int, default=3, help="steps per hand whose views are checked")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--progress", type=float, default=60, help="seconds between progress lines")
    ap.add_argument("--journal", type=pathlib.Path, default=None,
                    help="append each finished chunk here; a later run takes up what is missing")
    args = ap.parse_args(argv)

    tables = [(p, n) for p in args.presets.split(",") for n in map(int, args.players.split(","))]
    tasks = []
    for preset, players in tables:
        for first in range(0, args.hands, args.chunk):
            tasks.append((preset, players, first, min(args.chunk, args.hands - first),
                          args.match_len, args.json_every, args.view_checks))
    # Interleave the tables so each one's line comes as early as its share allows.
    tasks.sort(key=lambda t: (t[2], tables.index((t[0], t[1]))))
    per = {t: {"hands": 0, "violations": 0, "cpu": 0.0, "left": 0} for t in tables}
    for t in tasks:
        per[(t[0], t[1])]["left"] += 1
    total = {k: 0 for k in ("hands", "actions", "refusals", "views", "json", "match_json", "violations")}
    bots: dict = {}
    examples: list = []
    print(f"soak: {len(tables)} tables x {args.hands} hands, {args.jobs} jobs, bots {dict(BOT_MIX)}",
          flush=True)
    t0 = last = time.perf_counter()
    code = code_hash()
    done: dict = {}
    if args.journal is not None:
        done, skipped = read_journal(args.journal, code)
        done = {t: r for t, r in done.items() if t in set(tasks)}
        print(f"journal {args.journal}: {sum(r[2]['hands'] for r in done.values())} hands "
              f"in {len(done)} chunks already played with this code"
              + (f"; {skipped} lines of other code or unreadable passed over" if skipped else ""),
              flush=True)
    resumed = sum(r[2]["seconds"] for r in done.values())

    def take(result, task=None):
        nonlocal last
        preset, players, out = result
        if task is not None and args.journal is not None:
            with args.journal.open("a") as f:
                f.write(json.dumps({"code": code, "task": list(task), "preset": preset,
                                    "players": players, "out": out}) + "\n")
        row = per[(preset, players)]
        row["hands"] += out["hands"]
        row["violations"] += out["violations"]
        row["cpu"] += out["seconds"]
        row["left"] -= 1
        for k in total:
            total[k] += out[k]
        for k, v in out["bots"].items():
            bots[k] = bots.get(k, 0) + v
        examples.extend(out["examples"][: max(0, 10 - len(examples))])
        now = time.perf_counter()
        if row["left"] == 0:
            print(f"table {preset:<12} {players}p: {row['hands']:>8} hands, "
                  f"{row['hands'] / row['cpu']:7.0f} hands/s per job, "
                  f"violations {row['violations']}", flush=True)
        if now - last >= args.progress:
            last = now
            tables_now = " ".join(f"{p[:5]}{n}:{r['hands']}/{r['violations']}"
                                  for (p, n), r in per.items())
            print(f"progress {total['hands']:>9} hands in {now - t0:7.0f} s "
                  f"({total['hands'] / (now - t0):6.0f} hands/s), violations {total['violations']}"
                  f" | per table hands/violations: {tables_now}", flush=True)

    for task in tasks:
        if task in done:
            take(done[task])
    todo = [t for t in tasks if t not in done]
    if args.jobs <= 1:
        for task in todo:
            take(play_chunk(task), task)
    else:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(args.jobs) as pool:
            for task, result in pool.imap_unordered(_play_keyed, todo):
                take(result, task)
    dt = time.perf_counter() - t0
    played = total["hands"] - sum(r[2]["hands"] for r in done.values())
    print(f"done: {total['hands']} hands, {total['actions']} actions; this run played {played} "
          f"in {dt:.0f} s: {played / dt:.0f} hands/s ({args.jobs} jobs)"
          + (f"; the journal's earlier runs took {resumed:.0f} CPU s" if done else ""))
    print(f"checked: {total['refusals']} refused actions, {total['views']} views, "
          f"{total['json']} hand JSON round trips, {total['match_json']} match JSON round trips")
    print(f"bots seated: {bots}")
    print(f"violations: {total['violations']}")
    for e in examples:
        print("  " + e)
    return 1 if total["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
