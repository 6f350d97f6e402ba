"""How a hand closes: by an ù, or by the showdown after the last discard.

``finish_u`` pays the ù (with đền and the streak, ``scoring.py``) and ranks the
declarer first; ``finish`` ranks the seats by their deadwood and pays by rank;
both ``close`` the hand: ``Game.result`` (``ledger.Result``) is written and the
phase is ``over``. When a hand ends is the turn model's question (``turns.py``);
the prices are ``scoring.py``'s; here they are added up at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .cards import mask_to_cards
from .ledger import Result, deltas_of
from .melds import deadwood_points_mask
from .rules import UKind
from .state import Phase

if TYPE_CHECKING:
    from .game import Game


def finish_u(g: Game, s: int, kind: UKind) -> None:
    """Seat ``s`` declares ``kind``: the ù's payments, then the hand closes."""
    r, P = g.rules, g.players
    streak = scoring.streak_applies(r, kind, s, g.streak_seat)
    den = scoring.den_payer(r, s, eats=g.eat_count[s], chot_eaters=g.chot_eaters,
                            feeder=g.prev(s), at_deal=g.phase == Phase.DEAL)
    g.ledger.extend(scoring.u_payments(r, s, kind, P, streak=streak, den=den,
                                       pot_in=g.pot_in))
    ranking = [s] + [(s + k) % P for k in range(1, P)]
    close(g, ranking, s, kind, s, den, streak)


def finish(g: Game) -> None:
    """The showdown: seats ranked by deadwood (móm last), paid by rank; the hand closes."""
    P = g.players
    pts = [deadwood_points_mask(h) for h in g.hands]
    mom = [not g.laid[s] for s in range(P)]
    ranking = scoring.ranks(pts, mom, g.lay_order)
    g.ledger.extend(scoring.rank_payments(g.rules, ranking, mom))
    close(g, ranking, ranking[0], None, None, None, False)


def close(g: Game, ranks: list[int], winner: int, kind: UKind | None, u_seat: int | None,
          den: int | None, streak: bool) -> None:
    """Write ``g.result`` from the ledger and end the hand."""
    P = g.players
    deltas, pot_change = deltas_of(g.ledger, P)
    g.result = Result(
        deltas=deltas, ranks=list(ranks), winner=winner, u=kind, u_seat=u_seat,
        den_seat=den,
        points=[deadwood_points_mask(h) for h in g.hands] if kind is None else [None] * P,
        mom=[not g.laid[s] for s in range(P)] if kind is None else [False] * P,
        hands=[mask_to_cards(h) for h in g.hands], ledger=tuple(g.ledger),
        pot_change=pot_change, streak=streak,
    )
    g.phase = Phase.OVER
    g.u_offer = None
