"""Record the playthroughs that test_playthroughs replays: seed + actions -> final ledger.

Run this only when a rule change is intended; review the diff of the JSON.
    python tests/engine/record_playthroughs.py
"""

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

import phom  # noqa: E402
from phom.actions import action_to_json  # noqa: E402
from phom.bots import make  # noqa: E402

OUT = pathlib.Path(__file__).with_name("data") / "playthroughs.json"
CASES = [(p, n, seed) for p in phom.PRESETS for n, seed in ((4, 11), (3, 12), (2, 13), (4, 14))]
CASES += [("basic", 4, 197), ("bonus", 4, 197), ("village", 4, 143)]  # hands that end in ù


def record(preset, players, seed):
    g = phom.Game(phom.Rules.preset(preset), players, seed=seed, starter=seed % players)
    bots = [make("random", seed + s) for s in range(players)]
    while not g.is_over:
        g.apply(bots[g.to_move].choose(g.view(g.to_move), g.legal_actions()))
    return {
        "preset": preset, "players": players, "seed": seed, "starter": seed % players,
        "actions": [action_to_json(a) for a in g.actions],
        "ledger": [p.to_json() for p in g.result.ledger],
        "deltas": g.result.deltas, "u": g.result.u, "ranks": g.result.ranks,
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps([record(*c) for c in CASES], ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {OUT}")
