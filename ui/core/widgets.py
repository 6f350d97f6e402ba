"""The page's small HTML parts: cards, buttons, icons and the dialog frame.

Pure functions returning strings, shared by the table (render.py) and the
panels beside it (handover.py, scoresheet.py, confirm.py). Every interactive
element carries ``data-act`` (what a click does, read by the one delegated
listener in ui/page/main.py) and ``data-key`` (a stable name, so focus survives a
re-render).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from phom.words import in_order

from .cards_svg import card_back, card_face, suit_svg
from .i18n import t

if TYPE_CHECKING:
    from collections.abc import Iterable

    from phom.cards import Card


def attrs(**kw: str | int | bool | None) -> str:
    out: list[str] = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(name if v is True else f'{name}="{escape(str(v))}"')
    return (" " + " ".join(out)) if out else ""


def card_html(card: Card, lang: str, *, cls: str = "", act: str | None = None, key: str | None = None,
              compact: bool = False, tabindex: int | None = None, title: str | None = None,
              pressed: bool | None = None, disabled: bool = False, extra: str = "",
              note: str | None = None) -> str:
    """A face-up card, named by the card's name ("7 cơ").

    A card a tap does something with (``act``) is a button. One that only shows
    (melds, discards, the hand over) is a picture, ``role="img"``: it is not a
    control, so it takes no focus, and what it shows beside its face (``extra``:
    bars, badges) is told in its name through ``note`` ("7 cơ, Minh gửi"), never
    a control whose visible text its name leaves out. ``tabindex`` is a button's."""
    classes = f"card {'mini ' if compact else ''}{cls}".strip()
    name = card.name(lang) + (f", {note}" if note else "")
    if act is None:
        return (f'<span{attrs(class_=classes, data_card=str(card), data_key=key, role="img", aria_label=name, title=title)}>'
                + card_face(card.rank, card.suit, compact=compact) + extra + "</span>")
    return (
        "<button"
        + attrs(
            type="button",
            class_=classes,
            data_card=str(card),
            data_act=act,
            data_key=key,
            aria_label=name,
            title=title,
            tabindex=tabindex,
            aria_pressed=None if pressed is None else ("true" if pressed else "false"),
            aria_disabled="true" if disabled else None,
        )
        + ">"
        + card_face(card.rank, card.suit, compact=compact)
        + extra
        + "</button>"
    )


def back_html(lang: str, cls: str = "") -> str:
    return f'<span class="card back {cls}" role="img" aria-label="{escape(t(lang, "face_down"))}">{card_back()}</span>'


def btn(label: str, act: str, *, key: str | None = None, cls: str = "", kbd: str | None = None,
        disabled: bool = False, arg: str | int | None = None, aria_label: str | None = None, html_label: str | None = None,
        title: str | None = None, keys: str | None = None) -> str:
    """A button: the page's one builder of them (the table's, the learning side's, the
    review's). ``kbd`` is its key, shown only while the player uses a keyboard (CSS);
    ``keys`` its aria-keyshortcuts where they are not ``kbd`` itself ("ArrowLeft" for "←")."""
    inner = html_label if html_label is not None else escape(label)
    if kbd:
        inner += f' <kbd aria-hidden="true">{escape(kbd)}</kbd>'
    return (
        "<button"
        + attrs(type="button", class_=f"btn {cls}".strip(), data_act=act, data_key=key or f"btn-{act}",
                data_arg=arg, aria_label=aria_label, title=title, aria_disabled="true" if disabled else None,
                aria_keyshortcuts=keys or (kbd if kbd and len(kbd) == 1 else None))
        + f">{inner}</button>"
    )


def scroll_box(tag: str, label: str, inner: str, *, cls: str, key: str | None = None) -> str:
    """A region that scrolls on its own (a move log): a keyboard reaches it (tabindex 0)
    and a screen reader hears its name, so what scrolls out of sight is never out of reach."""
    return (f'<{tag}{attrs(class_=cls, data_key=key, tabindex="0", role=None if tag in ("ol", "ul") else "region", aria_label=label)}>'
            f"{inner}</{tag}>")


def icon_btn(label: str, act: str, icon: str, *, cls: str = "", kbd: str | None = None) -> str:
    """A tool button: an icon, and its word beside it where there is room (CSS hides it on
    phones); the word is its hover text too, for a mouse where only the icon shows."""
    return btn(label, act, cls=f"ghost tool {cls}".strip(), aria_label=label, kbd=kbd, title=label,
               html_label=icon + f'<span class="lbl">{escape(label)}</span>')


def card_text_html(card: Card, lang: str | None = None) -> str:
    """"7♥" with the suit as a shape, for prompts and buttons. Given ``lang``, it is
    named as a picture ("7 cơ"), so a control whose name comes from its content
    says the card, not "7"."""
    a11y = attrs(role="img", aria_label=card.name(lang)) if lang else ""
    return (f'<span class="ctext suit-{card.suit}"{a11y}>{escape(card.rank_text)}'
            f'{suit_svg(card.suit, "0.95em")}</span>')


def meld_text_html(cards: Iterable[Card], lang: str | None = None) -> str:
    """A meld in short: "5♠–7♠" for a run, "7♠7♦7♥" for a set (named in ``lang``, as card_text_html)."""
    cards = in_order(cards)
    if len({c.suit for c in cards}) == 1:
        return card_text_html(cards[0], lang) + "–" + card_text_html(cards[-1], lang)
    return "".join(card_text_html(c, lang) for c in cards)


def meld_words(cards: Iterable[Card], lang: str) -> str:
    """A table meld in words: "5 bích – 7 bích" for a run, "7 · 7 · 7" for a set."""
    cards = in_order(cards)
    if len({c.suit for c in cards}) == 1:
        return f"{cards[0].name(lang)} – {cards[-1].name(lang)}"
    return " · ".join(c.rank_text for c in cards)


def _svg(path: str) -> str:
    return ('<svg class="ico" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
            f'<path d="{path}" fill="currentColor"/></svg>')


ICONS = {
    "gear": _svg("M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8.6 4.9-.1-2.8 2-1.6-2-3.5-2.5.8"
                 "-2.3-1.4L15 2.2h-4l-.7 2.6-2.3 1.3-2.5-.8-2 3.5 2 1.7v2.8l-2 1.6 2 3.5 2.5-.8 2.3 1.4.7 2.6h4"
                 "l.7-2.6 2.3-1.4 2.5.8 2-3.5Z"),
    "book": _svg("M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5a1 1 0 0 0 0 2H20v1H6.5A2.5 2.5 0 0 1 4 19.5Z"
                 "M8 6v2h8V6Zm0 4v2h6v-2Z"),
    "table": _svg("M3 3h18v18H3Zm2 2v3h4V5Zm6 0v3h8V5ZM5 10v4h4v-4Zm6 0v4h8v-4ZM5 16v3h4v-3Zm6 0v3h8v-3Z"),
    "sort": _svg("M7 3 2.5 8h3.5v13h2V8h3.5Zm10 18 4.5-5H18V3h-2v13h-3.5Z"),
    "keys": _svg("M2 6h20v12H2Zm2 2v2h2V8Zm3 0v2h2V8Zm3 0v2h2V8Zm3 0v2h2V8Zm3 0v2h2V8ZM4 11v2h2v-2Zm3 0v2h2v-2Z"
                 "m3 0v2h2v-2Zm3 0v2h2v-2Zm3 0v2h2v-2ZM7 14v2h10v-2Z"),
}


def dialog(name: str, title: str, body: str, lang: str, wide: bool = False, cls: str = "") -> str:
    """A modal panel with a title and a close button."""
    return (
        f'<div class="overlay dialog-layer"><div class="panel dialog dlg-{name}{" wide" if wide else ""} {cls}" '
        f'role="dialog" aria-modal="true" aria-labelledby="dlg-{name}" data-key="dlg-{name}">'
        f'<div class="dlg-head"><h2 id="dlg-{name}">{escape(title)}</h2>'
        + btn("×", "close", cls="ghost icon close", aria_label=t(lang, "btn_close"), key=f"close-{name}")
        + "</div>" + scroll_box("div", title, body, cls="dlg-body") + "</div></div>"
    )
