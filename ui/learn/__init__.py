"""The page's learning side: hints, the review of a hand, the tutorial, shared and
daily deals, and the statistics. Pure Python, no browser (``ui/page/learn.py`` wires
it to the DOM); it sits beside ``ui.table.app.App`` and decides no rule itself.

Split by concern, so each can be read alone:

- ``state``: the declared record of everything it holds (``LearnState``) and what
  can be read off it, whose statistics a seat's hand goes to (``record_owner``);
- ``intents``: the table intent → function, each True when something changed;
- ``core``: ``Learn``, the commands (observe a change, handle an intent, compute a
  hint, start a deal or the lesson);
- ``render``, ``stats_view``, ``controls``: the HTML, pure functions of the state;
- ``words``: its texts in Vietnamese and English;
- ``review_view``: the review of a finished hand; ``tutorial``: the guided first hand.

The names other code imports from ``ui.learn`` are re-exported here, so
``from ui.learn import Learn`` reads the same as before the split.
"""

from __future__ import annotations

from ..core.store import LEARN_KEY, STATS_CORRUPT_KEY, STATS_KEY
from .core import Learn
from .intents import GAME_INTENTS, HOST_ONLY
from .state import DIALOGS, LearnState, record_owner
from .stats_view import chart_svg
from .words import TEXT, tx

__all__ = ["DIALOGS", "GAME_INTENTS", "HOST_ONLY", "LEARN_KEY", "STATS_CORRUPT_KEY", "STATS_KEY",
           "TEXT", "Learn", "LearnState", "chart_svg", "record_owner", "tx"]
