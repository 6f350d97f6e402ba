"""The host's side of a table shared by several people, on one device or linked.

A ``Session`` owns the match and decides who plays each seat: a person here (pass-
and-play on the host's device), a person on a linked phone (a *guest*), or a bot
of a chosen strength. A guest's phone holds nothing that matters: the host sends
it only its own ``PlayerView`` and its legal actions (``message_for``), and every
message a guest sends back is checked (``receive``) before anything changes — a
stale one (from an older turn), a forged one (another seat's, a wrong token, an
illegal action) or a malformed one is refused with a reason and the hand is left
as it was. A guest that reconnects shows its token and gets its seat back; while
it is away the host may let a bot play that seat. ``to_json`` is the host's save:
the whole match, the seats, the tokens.

Messages are JSON objects with ``"v": PROTOCOL`` and a ``"type"``:

host → guest  ``welcome`` {seat, token, names}; ``state`` {seq, seat, hand_no,
              view, legal, result, totals, names, seats}; ``refused`` {code, reason}
guest → host  ``join`` {seat, token|null}; ``act`` {seat, token, seq, action}
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from . import bots as _bots
from .actions import Action, IllegalAction, action_from_json
from .match import Match
from .rules import Rules
from .saving import load_object
from .wire import actions_to_json, public_result_to_json, view_to_json

PROTOCOL = 1
FORMAT = "phom.session/1"
SEAT_KINDS = ("here", "guest", "bot")
"""A person on the host's device, a person on a linked phone, a bot."""
MAX_NAME = 16
BOT_STRENGTHS = ("random", "easy", "normal", "hard", "expert")
"""The strengths a seat may be given (``phom.bots.make`` names; checked without
importing the bots, which the page loads only once the table shows)."""


class Refused(ValueError):
    """A guest's message the host will not act on; ``code`` says why in one word.

    Codes: ``malformed``, ``version``, ``stale``, ``forged``, ``not_your_turn``,
    ``illegal``, ``seat_taken``, ``no_seat``, ``covered``, ``over``.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class Seat:
    """Who plays one seat: ``kind`` (SEAT_KINDS), a person's name, a bot's strength."""

    kind: str
    name: str
    bot: str = "normal"

    @property
    def person(self) -> bool:
        return self.kind != "bot"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot}


def clean_name(name: Any) -> str:
    """A person's name as shown: trimmed, inner spaces squeezed, at most MAX_NAME letters."""
    if not isinstance(name, str):
        raise ValueError("a name must be text")
    text = " ".join(name.split())[:MAX_NAME]
    if not text:
        raise ValueError("a person needs a name")
    return text


def plan_seats(raw: Any, *, min_people: int = 1) -> tuple[Seat, ...]:
    """Check a seat plan (a list of {kind, name, bot}); ValueError says what is wrong.

    2–4 seats; at least ``min_people`` people; people's names distinct (the cover
    screen calls them by name); each bot a known strength.
    """
    if not isinstance(raw, (list, tuple)) or not 2 <= len(raw) <= 4:
        raise ValueError("a table has 2 to 4 seats")
    out = []
    for i, s in enumerate(raw):
        if isinstance(s, Seat):
            s = s.to_json()
        if not isinstance(s, dict):
            raise ValueError(f"seat {i + 1}: must be an object")
        kind = s.get("kind")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1}: kind must be one of {', '.join(SEAT_KINDS)}")
        bot = s.get("bot", "normal")
        if bot not in BOT_STRENGTHS:
            raise ValueError(f"seat {i + 1}: unknown bot strength {bot!r}")
        if kind == "bot":
            name = s.get("name") or ""
            name = clean_name(name) if isinstance(name, str) and name.strip() else ""
        else:
            try:
                name = clean_name(s.get("name"))
            except ValueError as e:
                raise ValueError(f"seat {i + 1}: {e}") from None
        out.append(Seat(kind, name, bot))
    people = [s for s in out if s.person]
    if len(people) < min_people:
        raise ValueError(f"at least {min_people} of the seats must be people")
    names = [s.name.casefold() for s in people]
    if len(set(names)) != len(names):
        raise ValueError("two people have the same name")
    return tuple(out)


def _new_token() -> str:
    return f"{random.SystemRandom().getrandbits(96):024x}"


class Session:
    """A match and its seats, as the host keeps it. See the module docstring."""

    def __init__(self, seats: Any, rules: Rules | None = None, seed: int | None = None,
                 starter: int = 0, *, min_people: int = 1) -> None:
        self.seats = plan_seats(seats, min_people=min_people)
        self.rules = rules if rules is not None else Rules()
        if len(self.seats) not in self.rules.players_allowed:
            raise ValueError(f"{self.rules.name} is played by "
                             f"{', '.join(map(str, self.rules.players_allowed))} players")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.match = Match(self.rules, len(self.seats), self.seed, starter=starter)
        self.tokens: dict[int, str] = {}      # guest seat -> the token its phone holds
        self.connected: set[int] = set()      # guest seats whose link is up
        self.covered: set[int] = set()        # guest seats a bot plays while the guest is away
        self.seq = 0                          # bumps with every change a guest must see
        self.hand_no = 0
        self._bots: dict[int, Any] = {}
        self.new_hand()

    @classmethod
    def around(cls, match: Match, seats: Any, seed: int, hand_no: int) -> Session:
        """A session for a match already dealt (the page keeps its own match and saves)."""
        s = object.__new__(cls)
        s.seats = plan_seats(seats)
        if len(s.seats) != match.players or match.current is None:
            raise ValueError("the seats do not fit the match")
        s.rules, s.seed, s.match, s.hand_no = match.rules, seed, match, hand_no
        s.tokens, s.connected, s.covered = {}, set(), set()
        s.seq, s._bots = 1, {}
        return s

    def link_state(self) -> dict[str, Any]:
        """What the page saves beside its match to host again after a reload."""
        return {"tokens": {str(k): v for k, v in self.tokens.items()}, "covered": sorted(self.covered),
                "seq": self.seq}

    def restore_links(self, d: Any) -> None:
        """The inverse of ``link_state`` (ValueError if it does not fit these seats)."""
        if not isinstance(d, dict):
            raise ValueError("saved links must be an object")
        tokens, covered = {}, set()
        for k, v in dict(d.get("tokens", {})).items():
            seat = int(k)
            if not 0 <= seat < self.players or self.seats[seat].kind != "guest" or not isinstance(v, str):
                raise ValueError("a token for a seat that is no guest's")
            tokens[seat] = v
        for x in d.get("covered", []):
            if not isinstance(x, int) or not 0 <= x < self.players or self.seats[x].kind != "guest":
                raise ValueError("a covered seat that is no guest's")
            covered.add(x)
        self.tokens, self.covered = tokens, covered
        self.seq = int(d.get("seq", 0)) + 1     # whatever a guest had in hand is stale now

    # ---------------------------------------------------------------- the hand
    @property
    def game(self) -> Any:
        assert self.match.current is not None
        return self.match.current

    @property
    def players(self) -> int:
        return len(self.seats)

    def new_hand(self, deck: Any = None) -> None:
        """Deal the next hand (the finished one is recorded first)."""
        cur = self.match.current
        if cur is not None and cur.is_over and not self.match.recorded:
            self.match.record(cur)
        self.match.new_hand(deck=deck)
        self.hand_no += 1
        self._bots = {}
        self.seq += 1

    labels: list[str] | None = None
    """What the host's page calls each seat (bots' names), sent to the guests; else names."""

    def names(self) -> list[str]:
        if self.labels is not None and len(self.labels) == self.players:
            return list(self.labels)
        return [s.name or f"#{i + 1}" for i, s in enumerate(self.seats)]

    def guests(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "guest"]

    def controller(self, seat: int) -> str:
        """Who acts for ``seat`` now: "here", "guest", "bot" (a bot seat, or a covered guest)."""
        kind = self.seats[seat].kind
        if kind == "guest" and seat in self.covered:
            return "bot"
        return kind

    def bot_to_move(self) -> bool:
        g = self.game
        return not g.is_over and self.controller(g.to_move) == "bot"

    def bot_for(self, seat: int) -> Any:
        """The bot playing ``seat`` this hand (a covered guest gets its seat's strength)."""
        bot = self._bots.get(seat)
        if bot is None:
            seed = (self.seed * 1009 + self.hand_no * 101 + seat * 7 + len(self.game.actions)) % 2**31
            bot = _bots.make(self.seats[seat].bot, seed=seed)
            self._bots[seat] = bot
        return bot

    def play(self, action: Action) -> None:
        """The host applies a move (a bot's, or a person's here); IllegalAction as the engine says."""
        g = self.game
        if g.is_over:
            raise IllegalAction("the hand is over")
        g.apply(action)
        self._after_move()

    def _after_move(self) -> None:
        g = self.game
        if g.is_over and not self.match.recorded:
            self.match.record(g)
        self.seq += 1

    def step_bot(self) -> Action:
        """Let the bot to move choose and play (at once; the page slices its own thinking)."""
        if not self.bot_to_move():
            raise ValueError("no bot is to move")
        g = self.game
        seat = g.to_move
        action: Action = self.bot_for(seat).choose(g.view(seat), g.legal_actions())
        self.play(action)
        return action

    # ---------------------------------------------------------------- guests
    def cover(self, seat: int, on: bool = True) -> None:
        """Let a bot play an absent guest's seat (or hand it back)."""
        if self.seats[seat].kind != "guest":
            raise ValueError("only a guest's seat can be covered by a bot")
        if on:
            self.covered.add(seat)
        else:
            self.covered.discard(seat)
        self.seq += 1

    def release(self, seat: int) -> None:
        """Forget a guest seat's token, so another phone may take it."""
        self.tokens.pop(seat, None)
        self.connected.discard(seat)

    def drop(self, seat: int) -> None:
        """The guest's link went down; its seat and token stay for a rejoin."""
        self.connected.discard(seat)

    def join(self, raw: Any, seat: int | None = None) -> dict[str, Any]:
        """A guest's ``join``; returns the ``welcome``. ``seat``: the seat the host's code
        was made for (the message must ask for that one). Refused if it cannot sit."""
        msg = self._parse(raw, "join")
        want = msg.get("seat")
        if not isinstance(want, int) or isinstance(want, bool) or not 0 <= want < self.players:
            raise Refused("no_seat", "join names no seat at this table")
        if seat is not None and want != seat:
            raise Refused("forged", f"this link was made for seat {seat + 1}, not {want + 1}")
        if self.seats[want].kind != "guest":
            raise Refused("no_seat", f"seat {want + 1} is not a guest's seat")
        token = msg.get("token")
        have = self.tokens.get(want)
        if have is not None and token != have:
            raise Refused("seat_taken", f"seat {want + 1} belongs to another phone")
        if have is None:
            have = self.tokens[want] = _new_token()
        self.connected.add(want)
        self.covered.discard(want)
        return {"v": PROTOCOL, "type": "welcome", "seat": want, "token": have,
                "names": self.names()}

    def receive(self, seat: int, raw: Any) -> Action:
        """A guest's ``act`` on the link bound to ``seat``: checked, then played.

        Returns the action played; raises Refused (and changes nothing) otherwise.
        """
        msg = self._parse(raw, "act")
        if msg.get("seat") != seat:
            raise Refused("forged", f"a message for seat {msg.get('seat')!r} came on seat {seat + 1}'s link")
        if self.seats[seat].kind != "guest" or self.tokens.get(seat) is None:
            raise Refused("no_seat", f"seat {seat + 1} has no guest")
        if msg.get("token") != self.tokens[seat]:
            raise Refused("forged", "the token does not match this seat")
        if msg.get("seq") != self.seq:
            raise Refused("stale", f"the table has moved on (turn {self.seq}, message for {msg.get('seq')!r})")
        g = self.game
        if g.is_over:
            raise Refused("over", "the hand is over")
        if seat in self.covered:
            raise Refused("covered", "a bot is playing this seat while you were away")
        if g.to_move != seat:
            raise Refused("not_your_turn", f"it is seat {g.to_move + 1}'s turn")
        try:
            action = action_from_json(msg.get("action"))
        except ValueError as e:
            raise Refused("malformed", str(e)) from None
        if action not in g.legal_actions():
            try:
                g.clone().apply(action)
                reason = "not allowed now"
            except IllegalAction as e:
                reason = str(e)
            raise Refused("illegal", reason)
        self.play(action)
        return action

    def _parse(self, raw: Any, kind: str) -> dict[str, Any]:
        try:
            msg = json.loads(raw) if isinstance(raw, (str, bytes)) else raw
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise Refused("malformed", f"not JSON: {e}") from None
        if not isinstance(msg, dict):
            raise Refused("malformed", "a message must be a JSON object")
        if msg.get("v") != PROTOCOL:
            raise Refused("version", f"protocol version {msg.get('v')!r}, this table speaks {PROTOCOL}")
        if msg.get("type") != kind:
            raise Refused("malformed", f"expected a {kind!r} message, got {msg.get('type')!r}")
        return msg

    def refusal(self, err: Refused) -> dict[str, Any]:
        return {"v": PROTOCOL, "type": "refused", "code": err.code, "reason": err.reason,
                "seq": self.seq}

    def message_for(self, seat: int) -> dict[str, Any]:
        """The ``state`` a guest at ``seat`` gets: its view, its legal actions, nothing else."""
        g = self.game
        mine = not g.is_over and g.to_move == seat and self.controller(seat) == "guest"
        return {
            "v": PROTOCOL, "type": "state", "seq": self.seq, "seat": seat, "hand_no": self.hand_no,
            "moves": len(g.actions),
            "view": view_to_json(g.view(seat)),
            "legal": actions_to_json(g.legal_actions()) if mine else [],
            "result": public_result_to_json(g),
            "totals": list(self.match.totals), "names": self.names(),
            "seats": [self.controller(i) for i in range(self.players)],
        }

    # ---------------------------------------------------------------- saving
    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "seats": [s.to_json() for s in self.seats], "seed": self.seed,
            "match": json.loads(self.match.to_json()), "tokens": {str(k): v for k, v in self.tokens.items()},
            "covered": sorted(self.covered), "seq": self.seq, "hand_no": self.hand_no,
        }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> Session:
        d = load_object(text, "session")
        if d.get("format") != FORMAT:
            raise ValueError(f"saved session has an unknown format (expected {FORMAT!r})")
        try:
            s = object.__new__(cls)
            s.seats = plan_seats(d["seats"])
            s.match = Match.from_json(d["match"])
            if s.match.players != len(s.seats) or s.match.current is None:
                raise ValueError("the saved match does not fit the seats")
            s.rules = s.match.rules
            s.seed = int(d["seed"])
            s.tokens = {}
            for k, v in d["tokens"].items():
                seat = int(k)
                if not 0 <= seat < len(s.seats) or s.seats[seat].kind != "guest" or not isinstance(v, str):
                    raise ValueError("a token for a seat that is no guest's")
                s.tokens[seat] = v
            s.covered = {int(x) for x in d["covered"]}
            if any(not 0 <= x < len(s.seats) or s.seats[x].kind != "guest" for x in s.covered):
                raise ValueError("a covered seat that is no guest's")
            s.connected = set()
            s.seq = int(d["seq"]) + 1   # whatever a guest had in hand is stale now
            s.hand_no = int(d["hand_no"])
            s._bots = {}
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"saved session is malformed: {e!r}") from None
        return s
