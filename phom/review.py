"""The review after a hand: the expert looks at one seat's decisions.

``review_steps(record, seat)`` replays a finished hand (its saved JSON, or the
``Game`` itself) and, at each decision of ``seat`` that needed thought, asks
the expert what it would have done *from what that seat could see* — the
seat's ``PlayerView`` and the legal actions, never the other hands:

1. the candidates are the heuristic's best few moves (the ones the expert
   searches in play), with the move actually played added;
2. every candidate is played out on the same deals sampled from the view, with
   the same playout seeds (paired playouts: the candidates meet the same luck);
   the expert's move is the heuristic's choice unless another candidate beats
   it by ``z`` standard errors of the paired difference (the expert's own rule,
   on more playouts than it can afford in play), and where the expert does not
   search in play (the take, the lay-down, the first discard) it is the
   heuristic's choice, as it is at the table;
3. when the move played is not the expert's, the two are played out again on
   *fresh* deals (so the cost is not inflated by having picked the winner on
   the same luck) and the decision is marked when the expert's move is better
   by more than ``z`` standard errors *and* by at least ``min_cost`` units.

A move the expert itself would make is therefore never marked; the rest carry
the preferred move and the estimated cost in units with its standard error.

``expert_in_seat_steps`` replays the same deal with the expert in the seat and
the same bots elsewhere: what the hand would have given the expert.

Both are generators, like the bots' ``choose_steps``: they yield (a progress
fraction) every few milliseconds so the page never freezes, and return the
result. Results depend only on the record, the seat and ``seed``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Discard, Draw, Eat, LayDown, Pass, Send, action_from_json
from .bots import make
from .bots.base import Bot
from .bots.expert import mean_se
from .bots.fast import playout
from .bots.model import turn_no
from .cards import Card
from .game import Game
from .rules import Rules
from .saving import load_object

SLICE = 0.004            # seconds of work between yields
WORLDS = 200             # sampled deals for choosing the expert's move (every candidate)
COST_WORLDS = 300        # fresh deals for the cost of a move the expert would not make
Z = 2.0                  # standard errors: a played move is marked only when it costs more
MIN_COST = 0.25          # units: smaller differences are not worth a player's attention


@dataclass(frozen=True)
class HandRecord:
    """What a finished (or unfinished) hand is, replayable: the deal and the moves."""

    rules: Rules
    players: int
    starter: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    pot: int = 0
    streak_seat: int | None = None

    @classmethod
    def of(cls, record: Game | str | dict[str, Any] | HandRecord) -> HandRecord:
        """From a ``Game``, its ``to_json()`` text or parsed dict."""
        if isinstance(record, HandRecord):
            return record
        if isinstance(record, Game):
            record = record.to_json()
        d = load_object(record, "hand")
        try:
            rules = Rules.from_dict(d["rules"])
            deck = tuple(Card.parse(x) for x in d["deck"])
            actions = tuple(action_from_json(a) for a in d["actions"])
            return cls(rules, int(d["players"]), int(d["starter"]), deck, actions,
                       int(d.get("pot", 0) or 0), d.get("streak_seat"))
        except (KeyError, TypeError) as e:
            raise ValueError(f"hand record is malformed: {e!r}") from None

    def new_game(self) -> Game:
        return Game.from_deck(list(self.deck), self.rules, self.players, self.starter,
                              pot=self.pot, streak_seat=self.streak_seat)

    def replay(self) -> Game:
        g = self.new_game()
        for a in self.actions:
            g.apply(a)
        return g


@dataclass(frozen=True)
class Decision:
    """One of the seat's decisions, as the expert sees it.

    ``cost`` is what the move played is expected to lose against ``preferred``
    (units; positive = the played move is worse), ``se`` its standard error;
    both 0 when the expert agrees. ``values`` are the candidates' mean results
    relative to the heuristic's choice on the choosing deals.
    """

    index: int                 # position of the move in the hand's action list
    turn: int                  # the seat's turn number (1 = first)
    kind: str                  # take / discard / chot / final / lay / send / pass
    played: Action
    preferred: Action
    agrees: bool
    cost: float
    se: float
    worlds: int
    marked: bool
    values: tuple[tuple[Action, float], ...] = ()


@dataclass(frozen=True)
class Review:
    seat: int
    decisions: tuple[Decision, ...]
    playouts: int
    seconds: float
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def marked(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.marked)

    @property
    def total_cost(self) -> float:
        return sum(d.cost for d in self.marked)


def decision_kind(view: Any, legal: Sequence[Action]) -> str:
    kinds = {type(a) for a in legal}
    if Eat in kinds:
        return "take"
    if LayDown in kinds:
        return "lay"
    if Send in kinds:
        return "send"
    if Discard in kinds:
        if view.laid[view.seat] is not None or view.is_lay_down_turn:
            return "final"
        return "chot" if view.chot else "discard"
    if Pass in kinds:
        return "pass"
    return "other"


def _candidates(bot: Any, view: Any, legal: Sequence[Action], kind: str) -> list[Action]:
    """The heuristic's choice first, then the other moves the expert would weigh."""
    hard: Any = make("hard")
    first: Action = hard.choose(view, list(legal))
    out = [first]
    if kind == "take":
        out += [a for a in legal if type(a) in (Eat, Draw) and a != first]
    elif kind in ("discard", "chot", "final"):
        discards = [a for a in legal if type(a) is Discard]
        scores = bot.discard_scores(view, discards)
        order = sorted(range(len(discards)), key=lambda j: (scores[j], -j), reverse=True)
        top = scores[order[0]]
        for j in order:
            if scores[j] >= top - bot.margin and len(out) < bot.max_candidates:
                if discards[j] not in out:
                    out.append(discards[j])
    elif kind == "lay":
        lays = [a for a in legal if type(a) is LayDown]
        keys = bot.lay_scores(view, lays)
        order = sorted(range(len(lays)), key=lambda j: (keys[j], -j), reverse=True)
        top = keys[order[0]][0]
        out += [lays[j] for j in order if keys[j][0] >= top - 1.5 and lays[j] != first][:3]
    return out


def _searched(bot: Any, view: Any, kind: str) -> bool:
    """Does the expert search this decision in play (else it plays the heuristic)?"""
    if kind not in bot.search:
        return False
    return kind == "final" or turn_no(view, view.seat) >= bot.first_search_turn


def _paired(a: dict[int, int], b: dict[int, int]) -> tuple[float, float, int]:
    """Mean and standard error of a - b over the deals both were played on."""
    return mean_se([a[w] - b[w] for w in a if w in b])


class _Clock:
    """Yields when a slice of work is used up."""

    def __init__(self) -> None:
        self.last = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        if now - self.last > SLICE:
            self.last = now
            return True
        return False


def _play_worlds(world: Callable[[random.Random], Game], cands: Sequence[Action], seat: int,
                 n: int, rng: random.Random, clock: _Clock,
                 counter: list[int]) -> Generator[None, None, list[dict[int, int]]]:
    """Play each candidate out on ``n`` sampled deals; per candidate {deal: units}."""
    vals: list[dict[int, int]] = [{} for _ in cands]
    failures = 0
    for w in range(n):
        wr = random.Random(rng.getrandbits(64))
        try:
            base = world(wr)
        except ValueError:  # a view the sampler cannot rebuild
            failures += 1
            if failures > 3:
                raise
            continue
        for j, a in enumerate(cands):
            g = base.clone()
            g.apply(a)
            playout(g, None)
            counter[0] += 1
            if g.result is not None:
                vals[j][w] = g.result.deltas[seat]
            if clock.due():
                yield None
    return vals


def review_steps(record: Game | str | dict[str, Any] | HandRecord, seat: int, *,
                 seed: int | str = 0, worlds: int = WORLDS, cost_worlds: int = COST_WORLDS,
                 z: float = Z, min_cost: float = MIN_COST,
                 player_auto: bool | None = None,
                 only: set[int] | None = None) -> Generator[float | None, None, Review]:
    """Review ``seat``'s decisions in a hand; yields progress (0..1), returns a Review.

    ``only``: review just the moves at these positions of the action list.

    ``player_auto``: the lay-down and the sends were made by the page for the
    player (``Rules.auto_lay_down``, the default), so they are not reviewed.
    """
    rec = HandRecord.of(record)
    if not isinstance(seat, int) or not 0 <= seat < rec.players:
        raise ValueError(f"no seat {seat!r} in this hand")
    auto = rec.rules.auto_lay_down if player_auto is None else player_auto
    t0 = time.perf_counter()
    clock = _Clock()
    counter = [0]
    # Find the decisions first (cheap), so progress can be reported.
    g = rec.new_game()
    points: list[tuple[int, Game]] = []
    for i, a in enumerate(rec.actions):
        if g.to_move == seat and not g.is_over:
            legal = g.legal_actions()
            needs_thought = _forced(legal) is None
            if auto and any(type(x) in (LayDown, Send) for x in legal):
                needs_thought = False
            if needs_thought and (only is None or i in only):
                points.append((i, g.clone()))
        g.apply(a)
    out: list[Decision] = []
    for k, (i, state) in enumerate(points):
        yield k / max(1, len(points))
        d = yield from _review_one(rec, state, i, seat, seed, worlds, cost_worlds, z,
                                   min_cost, clock, counter)
        out.append(d)
    yield 1.0
    return Review(seat, tuple(out), counter[0], time.perf_counter() - t0,
                  {"seed": seed, "worlds": worlds, "cost_worlds": cost_worlds, "z": z,
                   "min_cost": min_cost})


@dataclass(frozen=True)
class Choice:
    """The expert's move at one decision, and how it got there."""

    action: Action
    kind: str
    heuristic: Action                  # the heuristic's choice (the expert's default)
    searched: bool                     # were the candidates played out?
    values: tuple[tuple[Action, float], ...]  # mean units relative to the heuristic's
    worlds: int


def expert_choice_steps(view: Any, legal: Sequence[Action], *, key: str,
                        worlds: int = WORLDS, z: float | None = None, also: Action | None = None,
                        clock: Any = None, counter: list[int] | None = None
                        ) -> Generator[None, None, Choice]:
    """What the expert plays at this decision (the review's expert, which is also
    the hint's): deterministic for ``key``. ``also``: a move to weigh with the
    candidates (the one played, in a review). ``z``: the standard errors by
    which another move must beat the heuristic's; by default the expert bot's
    own (``ExpertBot.z``), so the hint plays what the bot would."""
    clock = clock if clock is not None else _Clock()
    counter = counter if counter is not None else [0]
    kind = decision_kind(view, legal)
    forced: Action | None = _forced(legal)
    if forced is not None:
        return Choice(forced, kind, forced, False, (), 0)
    bot: Any = make("expert")
    if z is None:
        z = float(bot.z)
    cands = _candidates(bot, view, legal, kind)
    if also is not None and also not in cands:
        cands.append(also)
    preferred = cands[0]
    if not (_searched(bot, view, kind) and len(cands) > 1):
        return Choice(preferred, kind, cands[0], False, (), 0)
    # the heuristic's scores and the opponent model are each a slice of their
    # own (together 50-100 ms in the page): the browser gets the thread between
    yield None
    world = bot.world_sampler(view)
    yield None
    rng = random.Random(f"phom.review:{key}")
    vals = yield from _play_worlds(world, cands, view.seat, worlds, rng, clock, counter)
    best_gain = 0.0
    vs: list[tuple[Action, float]] = [(cands[0], 0.0)]
    for j in range(1, len(cands)):
        m, se, k = _paired(vals[j], vals[0])
        vs.append((cands[j], round(m, 3)))
        if k >= 4 and m > z * se and m > best_gain:
            preferred, best_gain = cands[j], m
    return Choice(preferred, kind, cands[0], True, tuple(vs), len(vals[0]))


def expert_choice(view: Any, legal: Sequence[Action], **kw: Any) -> Choice:
    c: Choice = _run(expert_choice_steps(view, legal, **kw))
    return c


def _review_one(rec: HandRecord, state: Game, i: int, seat: int, seed: int | str, worlds: int,
                cost_worlds: int, z: float, min_cost: float, clock: _Clock,
                counter: list[int]) -> Generator[None, None, Decision]:
    view = state.view(seat)
    legal = state.legal_actions()
    played = rec.actions[i]
    # the expert chooses by its own rule; ``z`` is the review's bar for marking
    ch = yield from expert_choice_steps(view, legal, key=f"{seed}:{i}", worlds=worlds,
                                        also=played, clock=clock, counter=counter)
    preferred, kind = ch.action, ch.kind
    turn = turn_no(view, seat)
    if played == preferred:
        return Decision(i, turn, kind, played, preferred, True, 0.0, 0.0, ch.worlds, False,
                        ch.values)
    # The cost is measured on fresh deals, not on the ones that chose the expert's move.
    expert: Any = make("expert")
    world = expert.world_sampler(view)
    pair = yield from _play_worlds(world, [preferred, played], seat, cost_worlds,
                                   random.Random(f"phom.review.cost:{seed}:{i}"), clock, counter)
    cost, se, k = _paired(pair[0], pair[1])
    marked = k >= 4 and cost > z * se and cost >= min_cost
    return Decision(i, turn, kind, played, preferred, False, round(cost, 3), round(se, 3), k,
                    marked, ch.values)


def review(record: Game | str | dict[str, Any] | HandRecord, seat: int, **kw: Any) -> Review:
    """``review_steps`` run to the end in one go (tests, tools)."""
    r: Review = _run(review_steps(record, seat, **kw))
    return r


# ---------------------------------------------------------------- the expert in your seat
@dataclass(frozen=True)
class Replay:
    """The same deal played with the expert in ``seat``: its result and its moves."""

    seat: int
    deltas: tuple[int, ...]
    actions: tuple[Action, ...]
    u: str | None
    winner: int


def expert_in_seat_steps(record: Game | str | dict[str, Any] | HandRecord, seat: int,
                         bots: Callable[[int, int], Any], *, seed: int = 0,
                         expert: Callable[[int], Any] | None = None
                         ) -> Generator[None, None, Replay]:
    """Deal the same cards again, the expert in ``seat`` and ``bots(s, n)`` in every
    other seat — made when seat ``s`` first moves, ``n`` actions into the hand, as
    the page makes its bots — and play to the end."""
    rec = HandRecord.of(record)
    g = rec.new_game()
    players: dict[int, Any] = {
        seat: expert(seed) if expert is not None else make("expert", seed=seed)}
    while not g.is_over:
        s = g.to_move
        legal = g.legal_actions()
        if s not in players:
            players[s] = bots(s, len(g.actions))
        p = players[s]
        steps = getattr(p, "choose_steps", None)
        if steps is None:
            a = p.choose(g.view(s), legal)
        else:
            a = yield from steps(g.view(s), legal)
        g.apply(a)
        yield None
    res = g.result
    assert res is not None
    return Replay(seat, tuple(res.deltas), tuple(g.actions), res.u, res.winner)


def expert_in_seat(record: Game | str | dict[str, Any] | HandRecord, seat: int,
                   bots: Callable[[int, int], Any], **kw: Any) -> Replay:
    r: Replay = _run(expert_in_seat_steps(record, seat, bots, **kw))
    return r


def _forced(legal: Sequence[Action]) -> Action | None:
    f: Callable[[list[Action]], Action | None] = Bot.forced
    return f(list(legal))


def _run(gen: Generator[Any, None, Any]) -> Any:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def review_to_json(r: Review) -> str:
    """A compact summary for the page (moves as text)."""
    return json.dumps({
        "seat": r.seat, "playouts": r.playouts, "seconds": round(r.seconds, 3),
        "decisions": [{
            "index": d.index, "turn": d.turn, "kind": d.kind, "played": str(d.played),
            "preferred": str(d.preferred), "agrees": d.agrees, "cost": d.cost, "se": d.se,
            "worlds": d.worlds, "marked": d.marked,
        } for d in r.decisions],
    }, ensure_ascii=False)
