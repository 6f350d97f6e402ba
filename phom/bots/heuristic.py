"""Rule-based bots: easy, normal, hard.

They play the way a person would, from the tips of seed 002:

* eat when the card makes a meld worth keeping (every level);
* keep cạ (partials) that can still become melds, throw high deadwood early;
* count the cards already seen: a cạ whose completing cards are all out is
  worth nothing (normal, hard; easy does not count);
* do not feed the next player, above all the chốt (normal, hard);
* lay down the arrangement, and send the cards, that leave the least.

``easy`` and ``normal`` score each discard by an estimate of the hand it
leaves (deadwood points, cạ that can still complete, the risk of móm); easy
does not count cards, does not avoid feeding, and sometimes picks a near-best
card at random. ``hard`` plays the "keep every live cạ, throw the highest other
deadwood" rule (measured stronger than the hand estimate: more melds, more ù)
and adds a model of the other players built from what they ate, discarded and
declined to eat (a card someone drew past is evidence they cannot use it),
cards that fit melds already on the table, its own ù chances, and the ù / đền
risk of feeding a player who is one eat away from an ù.

Every decision uses only the ``PlayerView`` and the legal actions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .. import proposals, scoring
from ..actions import Action, Discard, Draw, Eat, LayDown, Pass, Send
from ..rules import TurnModel
from .base import Bot
from .handeval import (
    CARD_PTS,
    GAP,
    OUTS,
    PARTNERS,
    Context,
    best_dw,
    bits,
    dw_options,
    hand_value,
    meld_pair_prob,
    pts,
    send_targets,
    sendable_closure,
    u_miss,
    valid,
)
from .model import (
    FULL,
    Hold,
    card_mask,
    hand_ends_after_my_discard,
    holdings,
    seen_mask,
    takes_left,
    turn_no,
)

if TYPE_CHECKING:
    from ..view import PlayerView


class Level:
    """The knobs that make a bot easy, normal or hard."""

    def __init__(self, **kw: Any) -> None:
        self.counting = True        # dead cards kill a partial's chances
        self.feed_avoid = True      # avoid feeding the next player
        self.model = False          # opponent model from eats, discards, declines
        self.u_risk = False         # weigh ù / đền risk of feeding
        self.send_aware = False     # cards that fit table melds are nearly free
        self.noise = 0.0            # chance of a random near-best discard
        self.temp = 0.0
        self.lam = 0.1              # units per point of deadwood
        self.mom_cost = 3.0
        self.u_value = 0.0          # value of an ù chance (× u payout)
        self.always_eat = False
        self.alpha = 1.1            # p_get calibration (eats add to draws)
        self.style = "value"        # "value": hand_value; "rule": keep live cạ, throw high
        self.ra = 4.0               # rule style: a live out of a cạ is worth ra + rb * points
        self.rb = 0.5
        self.pts_per_unit = 10.0    # rule style: points per unit of feeding cost
        self.rk = 0.0               # rule style: cạ weight × (takes left / 3) ** rk
        self.nomeld_boost = 0.0     # rule style: extra cạ weight while holding no meld
        self.lookahead = False      # last discard before laying down: exact over the next take
        self.lam_final = None       # units per point for the last discard (default lam)
        self.feed_final = 1.0       # feed-cost scale for the last discard
        self.feed_scale = 1.0       # calibration of the feed probability
        self.gift = 0.4             # what an eat is worth to the eater beyond the price
        self.decline_w = 0.7        # model: weight of a declined card's meld partners
        self.discard_w = 0.85       # model: weight of a discarded card's cạ partners
        self.__dict__.update(kw)


EASY = Level(counting=False, feed_avoid=False, noise=0.25, temp=0.35, always_eat=True,
             mom_cost=2.0)
NORMAL = Level(alpha=1.6, mom_cost=5.0)
HARD = Level(style="rule", model=True, u_risk=True, send_aware=True, u_value=1.0, alpha=3.0,
             mom_cost=8.0, pts_per_unit=8.0)


class HeuristicBot(Bot):
    name = "heuristic"
    level = NORMAL

    # ------------------------------------------------------------ entry
    def _decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        forced = self.forced(legal)
        if forced is not None:
            return forced
        kinds = {type(a) for a in legal}
        if Eat in kinds or Draw in kinds:
            return self.choose_take(view, legal)
        if LayDown in kinds:
            return self.choose_lay_down(view, legal)
        if Send in kinds:
            s = self.choose_send(view, legal)
            if s is not None:
                return s
        if Discard in kinds:
            return self.choose_discard(view, [a for a in legal if isinstance(a, Discard)])
        if Pass in kinds:
            return next(a for a in legal if type(a) is Pass)
        return legal[0]

    # ------------------------------------------------------------ context
    def context(self, view: PlayerView, k: int, extra_dead: int = 0, hand: int | None = None) -> Context:
        lv = self.level
        ctx = Context()
        ctx.k = k
        ctx.lam = lv.lam
        ctx.mom_cost = lv.mom_cost
        rules = view.rules
        P = view.players
        if lv.u_value:
            ctx.u_value = lv.u_value * rules.u_pay * (P - 1)
        else:
            ctx.u_value = 0.0
        if hand is None:
            hand = card_mask(view.hand)
        seen = seen_mask(view) | hand | extra_dead
        ctx.dead = seen
        p_get = ctx.p_get
        if lv.counting:
            unseen = FULL & ~seen
            U = unseen.bit_count()
            if lv.model:
                hold, stock = self._holdings(view)
                S = max(1, view.stock_size)
                prev = (view.seat - 1) % P
                hp = hold[prev]
                kk = min(k, S)
                for i in bits(unseen):
                    p = stock[i] * kk / S + (0.15 * k * hp[i] if hp is not None else 0.0)
                    p_get[i] = p if p < 0.95 else 0.95
            elif U:
                p = min(0.95, lv.alpha * k / U)
                for i in bits(unseen):
                    p_get[i] = p
        else:
            unseen = FULL & ~hand
            U = unseen.bit_count()
            p = min(0.95, lv.alpha * k / max(1, U))
            for i in bits(unseen):
                p_get[i] = p
        if lv.send_aware and view.table_melds:
            t = 0
            for _, _, cards in view.table_melds:
                t |= send_targets(card_mask(cards))
            ctx.send_mask = t
        return ctx

    def _holdings(self, view: PlayerView) -> tuple[Hold, list[float]]:
        key = id(view)
        c = getattr(self, "_hold_cache", None)
        if c is not None and c[0] == key and c[1] is view:
            cached: tuple[Hold, list[float]] = c[2]
            return cached
        lv = self.level
        res = holdings(view, model=lv.model, decline_w=lv.decline_w, discard_w=lv.discard_w)
        self._hold_cache = (key, view, res)
        return res

    # ------------------------------------------------------------ feeding
    def eat_price(self, view: PlayerView, chot: bool, eater: int) -> float:
        """What this seat would pay (or be paid) if ``eater`` ate its discard on
        ``eater``'s next take (``scoring.eat_price``)."""
        pub = view.public
        return scoring.eat_price(view.rules, chot=chot, eats_before=pub.eat_count[eater],
                                 round_no=turn_no(view, eater) + 1,
                                 chots_from_discarder=pub.chot_from[view.seat])

    def feed_costs(self, view: PlayerView, cards: Iterable[int]) -> dict[int, float]:
        """cost (units, >= 0) of discarding each card index in ``cards``."""
        lv = self.level
        out = {i: 0.0 for i in cards}
        if not lv.feed_avoid or hand_ends_after_my_discard(view):
            return out
        P = view.players
        nxt = (view.seat + 1) % P
        rules = view.rules
        if rules.turn_model == TurnModel.FOUR_TURNS and turn_no(view, nxt) >= 4 \
                and view.laid[nxt] is not None:
            return out
        if lv.model:
            hold, _ = self._holdings(view)
            hn = hold[nxt]
        else:
            hold, _ = holdings(view, model=False)
            hn = hold[nxt]
        if hn is None:
            return out
        chot = bool(view.chot)
        price = self.eat_price(view, chot, nxt)
        gift = lv.gift
        if not view.eaten[nxt] and view.laid[nxt] is None:
            gift *= 2  # they get their first meld (less móm risk)
        cost = price + gift
        if lv.u_risk:
            ec = view.public.eat_count[nxt]
            upay = rules.u_pay
            if ec >= 2:
                # a third eat is an ù nearly always; with đền we pay everyone's share
                cost += 0.8 * upay * ((P - 1) if rules.den else 1)
            elif ec == 1:
                cost += 0.15 * upay
        for i in cards:
            p = meld_pair_prob(i, hn)
            if p > 0:
                out[i] = p * cost * lv.feed_scale
        return out

    # ------------------------------------------------------------ discard
    def choose_discard(self, view: PlayerView, discards: Sequence[Discard]) -> Action:
        return self._pick(discards, self.discard_scores(view, discards))

    def discard_scores(self, view: PlayerView, discards: Sequence[Discard]) -> list[float]:
        """A score (units, higher is better) for each legal Discard."""
        H = card_mask(view.hand)
        E = card_mask(view.eaten[view.seat]) & H
        me = view.seat
        scores = []
        final = view.laid[me] is not None or view.is_lay_down_turn
        idx = [a.card.index for a in discards]
        feed = self.feed_costs(view, idx)
        if final:
            lv = self.level
            lam = lv.lam_final if lv.lam_final is not None else lv.lam
            for i in idx:
                scores.append(-lam * pts(H & ~(1 << i)) - lv.feed_final * feed[i])
        elif self.level.lookahead and takes_left(view, after_discard=True) == 1 \
                and view.rules.turn_model == TurnModel.FOUR_TURNS:
            for i in idx:
                h = H & ~(1 << i)
                if E and not valid(h, E):
                    scores.append(float("-inf"))
                    continue
                scores.append(self.expected_final_after_draw(view, h, E, 1 << i) - feed[i])
            return scores
        elif self.level.style == "rule":
            return self.rule_scores(view, H, E, idx, feed)
        else:
            k = takes_left(view, after_discard=True)
            ctx = self.context(view, k, hand=H)
            for i in idx:
                v = hand_value(H & ~(1 << i), E, ctx)
                scores.append(v - feed[i])
        return scores

    def rule_scores(self, view: PlayerView, H: int, E: int, idx: list[int],
                    feed: dict[int, float]) -> list[float]:
        """Keep cạ with live outs, throw the highest other deadwood (scores in
        units: higher = better to discard)."""
        lv = self.level
        ppu = lv.pts_per_unit
        k = takes_left(view, after_discard=True)
        ctx = self.context(view, max(k, 1), hand=H)
        p_get = ctx.p_get
        r = best_dw(H, E)
        melded = 0
        if r is not None:
            for m in r[1]:
                melded |= m
        dw = H & ~melded
        base_pts = r[0] if r is not None else pts(H)
        send = ctx.send_mask
        norm = max(1e-9, max(p_get))
        kf = (min(k, 3) / 3.0) ** lv.rk if k > 0 else 0.0
        if not melded:
            kf *= 1.0 + lv.nomeld_boost
        out = []
        for i in idx:
            b = 1 << i
            if dw & b:
                w = 0.0
                pm = PARTNERS[i] & dw
                for j in bits(pm):
                    key = (i, j) if i < j else (j, i)
                    for o in OUTS[key]:
                        w += p_get[o] / norm
                for x, y in GAP[i]:
                    if melded >> y & 1:
                        w += 0.5 * p_get[x] / norm
                p = CARD_PTS[i]
                sc = p - (lv.ra + lv.rb * p) * w * kf
                if send & b:
                    sc -= 0.7 * p
            else:
                rr = best_dw(H & ~b, E)
                sc = -30.0 - ((rr[0] - base_pts) if rr is not None else 50)
            v = sc / ppu - feed[i]
            if lv.u_value and k > 0:
                v += lv.u_value * self._u_bonus(view, H & ~b, E, p_get)
            out.append(v)
        return out

    def _u_bonus(self, view: PlayerView, h: int, E: int, p_get: list[float]) -> float:
        """Units from the chance that the next takes complete an ù from hand h."""
        r = best_dw(h, E)
        if r is None:
            return 0.0
        melded = 0
        for m in r[1]:
            melded |= m
        dw = h & ~melded
        n = dw.bit_count()
        if n > 2:
            return 0.0
        near = 0
        for i in bits(dw if n else h):
            near |= PARTNERS[i]
        if n == 1:
            for i in bits(melded):
                near |= PARTNERS[i]
        near &= ~h
        q = u_miss(h, E, near, p_get, cap=0.9)
        rules = view.rules
        return (1.0 - q) * rules.u_pay * (view.players - 1)

    def _pick(self, actions: Sequence[Action], scores: Sequence[float]) -> Action:
        lv = self.level
        best = max(range(len(actions)), key=lambda j: (scores[j], -j))
        if lv.noise and len(actions) > 1 and self.rng.random() < lv.noise:
            # a plausible but imperfect choice: softmax over the scores
            m = scores[best]
            ws = [math.exp((s - m) / lv.temp) if s > -1e8 else 0.0 for s in scores]
            tot = sum(ws)
            r = self.rng.random() * tot
            for j, w in enumerate(ws):
                r -= w
                if r <= 0:
                    return actions[j]
        return actions[best]

    # ------------------------------------------------------------ take
    def choose_take(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        eat = next((a for a in legal if type(a) is Eat), None)
        draw = next((a for a in legal if type(a) is Draw), None)
        if eat is None:
            assert draw is not None
            return draw
        if draw is None or self.level.always_eat:
            return eat
        v_eat, v_draw = self.take_scores(view)
        return eat if v_eat >= v_draw - 0.05 else draw

    def take_scores(self, view: PlayerView) -> tuple[float, float]:
        """(value of eating, value of drawing) in units."""
        H = card_mask(view.hand)
        E = card_mask(view.eaten[view.seat]) & H
        assert view.last_discard is not None
        c = view.last_discard.index
        H2, E2 = H | (1 << c), E | (1 << c)
        me = view.seat
        lay_turn = view.is_lay_down_turn
        price = self.eat_price(view, view.public.last_chot, me)
        if lay_turn or view.laid[me] is not None:
            v_eat = self.final_value(view, H2, E2) + price
            v_draw = self.expected_final_after_draw(view, H, E, 1 << c)
            return v_eat, v_draw
        k = takes_left(view, after_discard=False)
        ctx_e = self.context(view, k - 1, hand=H2)
        best = float("-inf")
        cand = bits(H2 & ~E2)
        feed = self.feed_costs(view, cand) if self.level.feed_avoid else {}
        for d in cand:
            h = H2 & ~(1 << d)
            if not valid(h, E2):
                continue
            v = hand_value(h, E2, ctx_e) - feed.get(d, 0.0)
            if v > best:
                best = v
        v_eat = best + price
        ctx_d = self.context(view, k, extra_dead=1 << c, hand=H)
        v_draw = hand_value(H, E, ctx_d)
        if feed:
            # after a draw we still discard something: the cheapest feed
            v_draw -= min(feed.values()) if feed else 0.0
        return v_eat, v_draw

    def final_value(self, view: PlayerView, H: int, E: int) -> float:
        """Value of a hand about to lay down (this turn): least points left
        after the lay-down, sends and the last discard."""
        lam = self.level.lam
        opts = dw_options(H, E)
        if opts is None:
            return float("-inf")
        tm = [card_mask(cards) for _, _, cards in view.table_melds]
        best = float("-inf")
        for dw in opts:
            has_meld = dw != H
            left = dw
            if has_meld and tm:
                left &= ~sendable_closure(dw, tm)
            if left:
                hi = max(bits(left), key=lambda i: CARD_PTS[i])
                left &= ~(1 << hi)
            v = -lam * pts(left)
            if not has_meld:
                v -= self.level.mom_cost
            if v > best:
                best = v
        return best

    def expected_final_after_draw(self, view: PlayerView, H: int, E: int, extra_dead: int) -> float:
        seen = seen_mask(view) | H | extra_dead
        unseen = bits(FULL & ~seen)
        if not unseen:
            return self.final_value(view, H, E)
        u_val = view.rules.u_pay * (view.players - 1)
        tot = 0.0
        for x in unseen:
            h = H | (1 << x)
            r = best_dw(h, E)
            if r is not None:
                mm = 0
                for m in r[1]:
                    mm |= m
                if (h & ~mm).bit_count() <= 1:
                    tot += u_val
                    continue
            tot += self.final_value(view, h, E)
        return tot / len(unseen)

    # ------------------------------------------------------------ lay down
    def choose_lay_down(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        lays = [a for a in legal if type(a) is LayDown]
        if len(lays) == 1:
            return lays[0]
        keys = self.lay_scores(view, lays)
        j = max(range(len(lays)), key=lambda j: (keys[j], -j))
        return lays[j]

    def lay_scores(self, view: PlayerView, lays: Sequence[LayDown]) -> list[proposals.LayKey]:
        """A sort key (higher is better; first item in units) for each LayDown: the
        engine's ranking (``proposals.lay_down_keys``) at this level's prices."""
        return proposals.lay_down_keys(view, lays, self.level.lam, self.level.mom_cost)

    # ------------------------------------------------------------ send
    def choose_send(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        """The engine's proposed send (``proposals.best_send``), or None."""
        return proposals.best_send(legal)


class EasyBot(HeuristicBot):
    name = "easy"
    level = EASY


class NormalBot(HeuristicBot):
    name = "normal"
    level = NORMAL


class HardBot(HeuristicBot):
    name = "hard"
    level = HARD


#: the bots this module adds to ``bots.make`` (read by ``bots/__init__.py``, which it does not import)
BOTS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
