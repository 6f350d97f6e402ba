"""Hints: the expert's move and why, in one line of the players' words.

``hint_steps(view, legal, key=…)`` asks the expert (``phom.review``'s, so a move
taken from a hint is never marked by the review) for its move and explains it
from the features the heuristic itself weighs:

* what the move keeps — the made melds and the live cạ (two cards whose
  completing cards are not all seen): "giữ cạ 7♥ 8♥";
* what it avoids — the card a player would throw instead, when the heuristic
  charges it for feeding the next player (with the card that player ate, if
  that is the evidence): "nhà dưới ăn 9♠ rồi — 9♦ dễ bị ăn";
* what it throws — high deadwood with no live cạ: "đánh K rác to trước";
* and, when the expert's playouts overrode the heuristic, what they found.

A reason is a list of ``(key, params)`` parts; ``text(reason, lang)`` words
them in Vietnamese or English. Nothing here looks beyond the ``PlayerView``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, DeclareU, Discard, Draw, Eat, LayDown, Pass, Send
from .bots import make
from .bots.handeval import OUTS, PARTNERS
from .bots.model import seen_mask
from .cards import Card
from .melds import best_arrangement
from .review import WORLDS, Choice, expert_choice_steps
from .words import number

Part = tuple[str, dict[str, Any]]

WORDS: dict[str, dict[str, str]] = {
    "vi": {
        "u": "ù ngay!",
        "pass": "chưa ù, chơi tiếp cho to hơn",
        "eat_meld": "ăn {card} thành phỏm {meld}",
        "eat_chot": "ăn chốt {card}",
        "eat_chot_meld": "ăn chốt {card} thành phỏm {meld}",
        "draw_no_meld": "bốc: {card} không vào phỏm nào",
        "draw_better": "bốc: ăn {card} phải phá {broken}",
        "draw_plain": "bốc: ăn {card} không lợi hơn bốc",
        "keep_meld": "giữ phỏm {meld}",
        "keep_partial": "giữ cạ {cards}",
        "throw_high": "đánh {rank} rác to trước",
        "throw_dead": "{card} rác, không cạ nào cần",
        "throw_dead_partial": "cạ {cards} đã chết (quân chờ đã ra hết)",
        "avoid_feed_eaten": "nhà dưới ăn {eaten} rồi — {card} dễ bị ăn",
        "avoid_feed": "{card} dễ cho nhà dưới ăn",
        "safe_chot": "chốt {card} an toàn: nhà dưới không ăn được",
        "final_high": "hạ xong, đánh {card} cao nhất cho ít điểm rác",
        "lay_points": "hạ {n} phỏm, còn {points} điểm rác",
        "lay_send": "hạ thế này để gửi được {card}",
        "send": "gửi {card} vào phỏm {meld}, bớt {points} điểm rác",
        "search": "chơi thử {n} ván: {card} hơn {other} {gain} điểm",
        "break_least": "phải phá phỏm: bỏ {card} thiệt ít nhất",
    },
    "en": {
        "u": "ù now!",
        "pass": "not ù yet: play on for more",
        "eat_meld": "eat {card} for the meld {meld}",
        "eat_chot": "eat the chốt {card}",
        "eat_chot_meld": "eat the chốt {card} for the meld {meld}",
        "draw_no_meld": "draw: {card} makes no meld",
        "draw_better": "draw: eating {card} would break {broken}",
        "draw_plain": "draw: eating {card} gains nothing over drawing",
        "keep_meld": "keep the meld {meld}",
        "keep_partial": "keep {cards}, one card short of a meld",
        "throw_high": "throw the high deadwood {rank} first",
        "throw_dead": "{card} is deadwood with no live partner",
        "throw_dead_partial": "{cards} can make no meld now (the cards it needs are all out)",
        "avoid_feed_eaten": "the next player ate {eaten} — {card} is easy to eat",
        "avoid_feed": "{card} could feed the next player",
        "safe_chot": "the chốt {card} is safe: the next player cannot eat it",
        "final_high": "laid down: throw {card}, the highest, to keep points low",
        "lay_points": "lay {n} melds, {points} points left",
        "lay_send": "lay them this way to send {card}",
        "send": "send {card} onto {meld}: {points} points fewer",
        "search": "played out {n} deals: {card} beats {other} by {gain} units",
        "break_least": "a meld must break: losing {card} costs least",
    },
}


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: tuple[Part, ...]
    choice: Choice | None = None

    def text(self, lang: str = "vi") -> str:
        return text(self.reason, lang)


def _sym(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in sorted(cards, key=lambda c: (c.rank, "SCDH".index(c.suit))))


def text(reason: Sequence[Part], lang: str = "vi") -> str:
    """The reason in one line: its parts joined by "; ", a fraction written
    as the language writes it (``phom.words.number``: "0,6" in Vietnamese)."""
    words = WORDS["en" if lang == "en" else "vi"]
    out = []
    for key, params in reason:
        p = {k: (_sym(v) if isinstance(v, (list, tuple)) else
                 v.symbol() if isinstance(v, Card) else
                 number(v, lang, 1) if isinstance(v, float) else v) for k, v in params.items()}
        out.append(words[key].format(**p))
    line = "; ".join(out)
    return line[:1].upper() + line[1:]


# ---------------------------------------------------------------- features
def _arrangement(hand: Sequence[Card], eaten: Sequence[Card]) -> tuple[list[tuple[Card, ...]],
                                                                       list[Card]]:
    arr = best_arrangement(list(hand), [c for c in eaten if c in hand])
    if arr is None:
        return [], list(hand)
    return [tuple(m) for m in arr.melds], list(arr.deadwood)


def _live_partials(dead: list[Card], seen: int) -> list[tuple[Card, Card, int]]:
    """Cạ among the deadwood: (a, b, live outs), most outs first, higher cards first."""
    out = []
    for i, a in enumerate(dead):
        for b in dead[i + 1:]:
            if PARTNERS[a.index] >> b.index & 1:
                key = (a.index, b.index) if a.index < b.index else (b.index, a.index)
                live = sum(1 for o in OUTS[key] if not seen >> o & 1)
                out.append((a, b, live))
    out.sort(key=lambda t: (-t[2], -(t[0].points + t[1].points)))
    return out


def _eaten_link(view: Any, card: Card) -> Card | None:
    """A card the next player ate that ``card`` is near (same rank, or the same suit
    within two): the public evidence that they hold its partners."""
    nxt = (view.seat + 1) % view.players
    e: Card
    for e in reversed(view.eaten[nxt]):
        if e.rank == card.rank or (e.suit == card.suit and abs(e.rank - card.rank) <= 2):
            return e
    return None


def explain(view: Any, legal: Sequence[Action], action: Action,
            choice: Choice | None = None) -> tuple[Part, ...]:
    """Why ``action`` (the expert's move) is good, from the heuristic's features."""
    parts: list[Part] = []
    hand = list(view.hand)
    eaten = list(view.eaten[view.seat])
    seen = seen_mask(view)
    t = type(action)
    if t is DeclareU:
        return (("u", {}),)
    if t is Pass:
        return (("pass", {}),)
    if t is Eat:
        c = view.last_discard
        melds, _ = _arrangement(hand + [c], eaten + [c])
        meld = next((m for m in melds if c in m), None)
        chot = view.public.last_chot
        if meld is None:
            return (("eat_chot", {"card": c}),)
        return ((("eat_chot_meld" if chot else "eat_meld"), {"card": c, "meld": list(meld)}),)
    if t is Draw:
        c = view.last_discard
        if Eat() not in legal or c is None:
            return (("draw_no_meld", {"card": c}),) if c is not None else ()
        before, _ = _arrangement(hand, eaten)
        after, _ = _arrangement(hand + [c], eaten + [c])
        kept = {x for m in after for x in m}
        broken = next((m for m in before if any(x not in kept for x in m)), None)
        if broken is not None:
            return (("draw_better", {"card": c, "broken": list(broken)}),)
        return (("draw_plain", {"card": c}),)
    if t is LayDown:
        assert isinstance(action, LayDown)
        used = {x for m in action.melds for x in m}
        pts = sum(x.points for x in hand if x not in used)
        parts.append(("lay_points", {"n": len(action.melds), "points": pts}))
        return tuple(parts)
    if t is Send:
        assert isinstance(action, Send)
        meld = next((cs for mid, _o, cs in view.table_melds if mid == action.meld_id), ())
        return (("send", {"card": action.card, "meld": list(meld),
                          "points": action.card.points}),)
    if t is not Discard:
        return ()
    assert isinstance(action, Discard)
    c = action.card
    melds, dead = _arrangement(hand, eaten)
    hard: Any = make("hard")
    discards = [a for a in legal if isinstance(a, Discard)]
    feed = hard.feed_costs(view, [a.card.index for a in discards])
    final = view.laid[view.seat] is not None or view.is_lay_down_turn
    if c not in dead:
        parts.append(("break_least", {"card": c}))
    elif final:
        if c.points >= max(x.points for x in dead):
            parts.append(("final_high", {"card": c}))
    else:
        mine = [p for p in _live_partials(dead, seen) if c in p[:2]]
        if mine and all(p[2] == 0 for p in mine):
            parts.append(("throw_dead_partial", {"cards": [mine[0][0], mine[0][1]]}))
        elif c.points >= 9 and c.points >= max(x.points for x in dead):
            parts.append(("throw_high", {"rank": c.rank_text}))
        elif not mine:
            parts.append(("throw_dead", {"card": c}))
    keep = [p for p in _live_partials([x for x in dead if x != c], seen | c.bit) if p[2] > 0]
    kept = {x for p in keep for x in p[:2]}
    # The card a player would throw instead (the highest deadwood) if feeding stopped it.
    others = [x for x in dead if x != c and Discard(x) in legal and (final or x not in kept)]
    if others:
        alt = max(others, key=lambda x: (x.points, x.index))
        if alt.points >= c.points and feed.get(alt.index, 0.0) > 0.05:
            e = _eaten_link(view, alt)
            if e is not None:
                parts.append(("avoid_feed_eaten", {"eaten": e, "card": alt}))
            else:
                parts.append(("avoid_feed", {"card": alt}))
    if not final and keep:
        parts.append(("keep_partial", {"cards": [keep[0][0], keep[0][1]]}))
    elif not final and melds:
        parts.append(("keep_meld", {"meld": list(sorted(melds, key=len, reverse=True)[0])}))
    if view.chot and feed.get(c.index, 1.0) == 0.0 and c in dead:
        parts.append(("safe_chot", {"card": c}))
    if choice is not None and choice.searched and choice.action != choice.heuristic:
        gain = next((v for a, v in choice.values if a == choice.action), 0.0)
        h = choice.heuristic
        if isinstance(h, Discard):
            # what the playouts found comes first: it is why the move is not the usual one
            parts.insert(0, ("search", {"n": choice.worlds, "card": c, "other": h.card,
                                        "gain": float(gain)}))
    if not parts:
        parts.append(("throw_dead", {"card": c}))
    return tuple(parts[:2])


def hint_steps(view: Any, legal: Sequence[Action], *, key: str, worlds: int = WORLDS
               ) -> Generator[None, None, Hint]:
    """The expert's move with its reason; yields between slices of work."""
    ch = yield from expert_choice_steps(view, legal, key=key, worlds=worlds)
    yield None  # the explanation asks the heuristic again: a slice of its own
    return Hint(ch.action, explain(view, legal, ch.action, ch), ch)


def hint(view: Any, legal: Sequence[Action], *, key: str, worlds: int = WORLDS) -> Hint:
    gen = hint_steps(view, legal, key=key, worlds=worlds)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            h: Hint = stop.value
            return h
