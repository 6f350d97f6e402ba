"""The expert bot: flat Monte Carlo search over determinizations.

For a decision that matters (which card to discard, eat or draw, which
arrangement to lay down) the expert:

1. asks ``hard`` for its scores and keeps the few best candidates;
2. samples deals of the cards it cannot see, consistent with its view (every
   eaten card in an opponent's hand gets partners it makes a meld with) and
   weighted by ``hard``'s opponent model (what each player ate, discarded and
   declined to eat);
3. plays every candidate out to the end of the hand on the same sampled deals
   with the same playout seeds (common random numbers: the candidates are
   compared on identical luck), using a fast playout policy for all seats;
4. successively halves the candidates (the worse half is dropped after each
   round) and returns the one with the best mean payoff.

Budget: ``iterations`` playouts per decision (deterministic for a given seed),
optionally capped by ``time_limit`` seconds of wall clock. Trivial decisions
(one legal action, an ù) and clear-cut ones return at once. ``choose_steps``
yields between playouts so the page can keep the browser responsive.

Only the ``PlayerView`` and the legal actions are used: the sampled deals are
built from the view alone.
"""

from __future__ import annotations

import random
import time

from ..actions import DeclareU, Discard, Draw, Eat, LayDown, Pass, Send
from . import register
from .fast import playout
from .heuristic import HARD, HeuristicBot
from .model import holdings, sample_hidden, seen_mask

DEFAULT_ITERATIONS = 320
SLICE = 0.004  # seconds of work between yields


class ExpertBot(HeuristicBot):
    name = "expert"
    level = HARD

    def __init__(self, seed: int = 0, iterations: int = DEFAULT_ITERATIONS,
                 time_limit: float | None = None, max_candidates: int = 5):
        super().__init__(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.max_candidates = max_candidates
        self.last_stats = None

    # ------------------------------------------------------------ driver
    def choose_steps(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if type(a) is DeclareU:
                return a
        kinds = {type(a) for a in legal}
        cands = None
        if Eat in kinds:
            v_eat, v_draw = self.take_scores(view)
            eat = next(a for a in legal if type(a) is Eat)
            draw = next(a for a in legal if type(a) is Draw)
            cands = [(eat, v_eat), (draw, v_draw)]
        elif Draw in kinds:
            return next(a for a in legal if type(a) is Draw)
        elif LayDown in kinds:
            lays = [a for a in legal if type(a) is LayDown]
            keys = self.lay_scores(view, lays)
            order = sorted(range(len(lays)), key=lambda j: (keys[j], -j), reverse=True)
            top = keys[order[0]][0]
            cands = [(lays[j], keys[j][0]) for j in order if keys[j][0] >= top - 1.5][:4]
        elif Send in kinds:
            s = self.choose_send(view, legal)
            if s is not None:
                return s
        if cands is None and Discard in kinds:
            discards = [a for a in legal if type(a) is Discard]
            scores = self.discard_scores(view, discards)
            order = sorted(range(len(discards)), key=lambda j: (scores[j], -j), reverse=True)
            top = scores[order[0]]
            cands = [(discards[j], scores[j]) for j in order if scores[j] >= top - 2.0][: self.max_candidates]
        if cands is None:
            if Pass in kinds:
                return next(a for a in legal if type(a) is Pass)
            return legal[0]
        if len(cands) == 1:
            return cands[0][0]
        result = yield from self._search(view, cands)
        return result

    def _search(self, view, cands):
        """Successive halving over candidates with common random numbers."""
        me = view.seat
        t0 = time.perf_counter()
        last_yield = t0
        from ..game import Game

        hold, _stock = holdings(view, model=True)
        seen = seen_mask(view)
        n = len(cands)
        alive = list(range(n))
        sums = [0.0] * n
        cnt = [0] * n
        budget = self.iterations
        used = 0
        # rounds: log2(n) rounds, the budget split evenly among them
        import math

        rounds = max(1, math.ceil(math.log2(n)))
        world_rng = random.Random(self.rng.getrandbits(64))
        stop = False
        for r in range(rounds):
            if len(alive) <= 1:
                break
            per_round = (budget - used) // (rounds - r)
            worlds = max(1, per_round // len(alive))
            for w in range(worlds):
                wseed = world_rng.getrandbits(64)
                wr = random.Random(wseed)
                base = Game.sample_from_view(view, wr)
                hands, stock = sample_hidden(view, wr, hold, seen)
                for s, h in hands.items():
                    base.hands[s] = h
                from ..cards import card_from_index

                base.stock = [card_from_index(i) for i in stock]
                base._legal = None
                pseed = wr.getrandbits(32)
                for j in alive:
                    g = base.clone()
                    try:
                        g.apply(cands[j][0])
                        playout(g, random.Random(pseed))
                        v = g.result.deltas[me] if g.result is not None else 0.0
                    except Exception:  # a sample the engine rejects: skip it
                        v = None
                    if v is not None:
                        sums[j] += v
                        cnt[j] += 1
                    used += 1
                    now = time.perf_counter()
                    if now - last_yield > SLICE:
                        yield
                        last_yield = time.perf_counter()
                if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit:
                    stop = True
                    break
            if stop:
                break
            # drop the worse half (ties: the heuristic's order)
            alive.sort(key=lambda j: (sums[j] / cnt[j] if cnt[j] else -1e9, -j), reverse=True)
            alive = alive[: max(1, (len(alive) + 1) // 2)] if r < rounds - 1 else alive
        best = max(alive, key=lambda j: (sums[j] / cnt[j] if cnt[j] else -1e9, -j))
        self.last_stats = {
            "candidates": [(str(cands[j][0]), cands[j][1], sums[j] / cnt[j] if cnt[j] else None, cnt[j])
                           for j in range(n)],
            "playouts": used, "seconds": time.perf_counter() - t0,
        }
        return cands[best][0]


register("expert", ExpertBot)
