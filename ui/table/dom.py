"""The table's DOM as other features point at it: the selectors of what the table
draws (ui/table/render.py writes these attributes: ``data-act`` on a control,
``data-card`` on a hand card, ``data-key`` on a send). The learning side's hint
and tutorial aim at the table through these, never retyping them.
"""

from __future__ import annotations

from phom import Action, Card, DeclareU, Discard, Draw, Eat, LayDown, Pass, Send

STOCK = ".stock"


def card(c: Card | str) -> str:
    """A card of the hand on show."""
    return f'.hand [data-card="{c}"]'


def act(intent: str, arg: object = None) -> str:
    """The control that sends ``intent`` (with ``arg``, when given)."""
    return f'[data-act="{intent}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")


def send(c: Card, meld_id: int) -> str:
    """The button that sends ``c`` onto meld ``meld_id``."""
    return f'[data-key="send-{c}-{meld_id}"]'


def target(a: Action) -> str | None:
    """The control that plays ``a``: a card to discard, a button for the rest."""
    if isinstance(a, Discard):
        return card(a.card)
    if isinstance(a, Send):
        return send(a.card, a.meld_id)
    for kind, intent in ((Draw, "draw"), (Eat, "eat"), (LayDown, "lay"), (DeclareU, "u"),
                         (Pass, "pass")):
        if isinstance(a, kind):
            return act(intent)
    return None
