"""Record the playthroughs that test_playthroughs replays: seed + actions -> final ledger,
and perft-style the number of legal actions before each action (``legal_counts``).

Run this only when a rule change is intended; review the diff of the JSON.
    python tests/engine/record_playthroughs.py            # new hands, played by random bots
    python tests/engine/record_playthroughs.py --replay   # the recorded actions, replayed:
                                                          # counts, ledger and result anew
"""

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from selfplay import positions  # noqa: E402

import phom  # noqa: E402
from phom.actions import action_from_json, action_to_json  # noqa: E402
from phom.bots import make  # noqa: E402

OUT = pathlib.Path(__file__).with_name("data") / "playthroughs.json"
CASES = [(p, n, seed) for p in phom.PRESETS for n, seed in ((4, 11), (3, 12), (2, 13), (4, 14))]
CASES += [("basic", 4, 197), ("bonus", 4, 197), ("village", 4, 143)]  # hands that end in ù


def new_game(preset, players, seed):
    return phom.Game(phom.Rules.preset(preset), players, seed=seed, starter=seed % players)


def summary(g, preset, players, seed, counts):
    return {
        "preset": preset, "players": players, "seed": seed, "starter": seed % players,
        "actions": [action_to_json(a) for a in g.actions],
        "legal_counts": counts,
        "ledger": [p.to_json() for p in g.result.ledger],
        "deltas": g.result.deltas, "u": g.result.u, "ranks": g.result.ranks,
    }


def record(preset, players, seed):
    """A new hand, played by random bots."""
    g = new_game(preset, players, seed)
    bots = [make("random", seed + s) for s in range(players)]
    counts = [len(legal) for _, _, legal in positions(g, bots)]
    return summary(g, preset, players, seed, counts)


def replay(case):
    """A recorded hand's actions, replayed with today's rules."""
    g = new_game(case["preset"], case["players"], case["seed"])
    counts = []
    for a in case["actions"]:
        counts.append(len(g.legal_actions()))
        g.apply(action_from_json(a))
    return summary(g, case["preset"], case["players"], case["seed"], counts)


def write(cases):
    """indent=1 as before, but each hand's counts on one line."""
    marked = [{**c, "legal_counts": f"@counts{i}@"} for i, c in enumerate(cases)]
    text = json.dumps(marked, ensure_ascii=False, indent=1) + "\n"
    for i, c in enumerate(cases):
        text = text.replace(f'"@counts{i}@"', json.dumps(c["legal_counts"]))
    OUT.write_text(text)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    if "--replay" in sys.argv[1:]:
        write([replay(c) for c in json.loads(OUT.read_text())])
    else:
        write([record(*c) for c in CASES])
