"""The behaviour fingerprint: what a refactor must not change.

    python3 tools/fingerprint.py            # print the full fingerprint (a few minutes)
    python3 tools/fingerprint.py --record   # store it in tests/engine/data/fingerprint.json
    python3 tools/fingerprint.py --quick    # the small one CI checks (seconds)

For every bot (random, easy, normal, hard, and expert and expert0 against three hard) it
plays hands across every preset and player count and hashes, step by step, the
legal actions offered, the action chosen, the refusal message of a fixed set of
probe actions (so the reasons stay the same too), and each hand's ledger; it
also hashes ``to_json`` of hands and matches sampled mid-play. A refactor that
keeps behaviour keeps every hash; ``tests/engine/test_behaviour_fingerprint.py``
checks the quick set in CI, and this script checks the full set by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import phom  # noqa: E402
from phom import DeclareU, Discard, Draw, Eat, LayDown, Pass, Send  # noqa: E402
from phom.bots import make  # noqa: E402

DATA = ROOT / "tests" / "engine" / "data" / "fingerprint.json"
PRESETS = ["basic", "traditional", "online", "bonus", "village"]
FULL = {"random": 300, "easy": 300, "normal": 300, "hard": 300, "expert": 30, "expert0": 30}
QUICK = {"random": 60, "easy": 40, "normal": 40, "hard": 40, "expert": 5, "expert0": 5}
QUICK_EXPERT_ITERATIONS = 40


def _table(i: int) -> tuple[str, int, int, int]:
    preset = PRESETS[i % len(PRESETS)]
    players = (4, 3, 2)[(i // len(PRESETS)) % 3]
    return preset, players, 7919 * i + 13, i % players


def _probes(g: phom.Game) -> list:
    """A fixed set of actions, legal or not, whose refusal reasons are recorded."""
    hand = g.view(g.to_move).hand
    out: list = [Draw(), Eat(), Pass(), DeclareU("normal"), DeclareU("send"), LayDown(())]
    if hand:
        out += [Discard(hand[0]), Discard(hand[-1]), Send(hand[0], 0),
                LayDown(((hand[0], hand[-1]),))]
    out.append(Discard(phom.Card.parse("KH")))
    return out


def play_hand(bot: str, i: int, h, probe: bool, expert_iterations: int | None) -> None:
    preset, players, seed, starter = _table(i)
    g = phom.Game(phom.Rules.preset(preset), players, seed=seed, starter=starter)
    if bot in ("expert", "expert0"):
        names = [bot] + ["hard"] * (players - 1)
    else:
        names = [bot] * players
    bots = [make(n, seed=seed + 31 * s) for s, n in enumerate(names)]
    if expert_iterations is not None:
        for b in bots:
            if hasattr(b, "iterations"):
                b.iterations = expert_iterations
    step = 0
    while not g.is_over:
        s = g.to_move
        legal = g.legal_actions()
        h.update(("|".join(map(str, legal)) + "\n").encode())
        if probe:
            for a in _probes(g):
                if a in legal:
                    continue
                try:
                    g.clone().apply(a)
                except phom.IllegalAction as e:
                    h.update(f"{a}: {e}\n".encode())
                else:  # pragma: no cover - a refusal that stopped refusing
                    h.update(f"{a}: accepted\n".encode())
        a = bots[s].choose(g.view(s), legal)
        h.update(f"> {s} {a}\n".encode())
        if step == 9:
            h.update(g.to_json().encode())
            h.update(phom.Game.from_json(g.to_json()).to_json().encode())
        g.apply(a)
        step += 1
    h.update(json.dumps([p.to_json() for p in g.result.ledger]).encode())
    h.update(json.dumps([g.result.deltas, g.result.ranks, g.result.u, g.result.winner]).encode())
    h.update(g.to_json().encode())


def match_hash(hands: int) -> str:
    """A village match (pot, thông, next starter) played by hard bots, saved mid-play."""
    h = hashlib.sha256()
    for players in (4, 3, 2):
        m = phom.Match(phom.Rules.preset("village"), players, seed=99 + players)
        bots = [make("hard", seed=s) for s in range(players)]
        for _ in range(hands):
            g = m.new_hand()
            n = 0
            while not g.is_over:
                g.apply(bots[g.to_move].choose(g.view(g.to_move), g.legal_actions()))
                n += 1
                if n == 7:
                    h.update(m.to_json().encode())
            m.record(g)
        h.update(m.to_json().encode())
        h.update(phom.Match.from_json(m.to_json()).to_json().encode())
    return h.hexdigest()


def fingerprint(counts: dict, expert_iterations: int | None = None, match_hands: int = 12) -> dict:
    out = {}
    for bot, n in counts.items():
        h = hashlib.sha256()
        for i in range(n):
            play_hand(bot, i, h, probe=bot == "random", expert_iterations=expert_iterations)
        out[bot] = h.hexdigest()
    out["match"] = match_hash(match_hands)
    return out


def quick() -> dict:
    return fingerprint(QUICK, QUICK_EXPERT_ITERATIONS, match_hands=3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="only the CI set")
    ap.add_argument("--record", action="store_true", help=f"write {DATA.relative_to(ROOT)}")
    a = ap.parse_args(argv)
    stored = json.loads(DATA.read_text()) if DATA.exists() else {}
    got = {"quick": quick()}
    if not a.quick:
        got["full"] = fingerprint(FULL)
    if a.record:
        DATA.write_text(json.dumps({**stored, **got}, indent=1) + "\n")
        print(f"wrote {DATA}")
    bad = 0
    for part, hashes in got.items():
        for k, v in hashes.items():
            want = stored.get(part, {}).get(k)
            same = "same" if want == v else ("CHANGED" if want else "new")
            bad += same == "CHANGED"
            print(f"{part:6} {k:8} {v[:16]}  {same}")
    return 1 if bad and not a.record else 0


if __name__ == "__main__":
    sys.exit(main())
