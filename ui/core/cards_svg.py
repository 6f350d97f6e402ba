"""Cards drawn in code: pure functions that return SVG strings.

Suits are SVG paths (no font glyphs). ``sprite()`` returns one hidden <svg>
with a <symbol> per suit and the card-back pattern; every card then <use>s
them, so a table of 52 cards stays small. The rank is SVG text in the system
sans-serif, so it scales with the card.

Colours: the classic deck has ♠♣ black and ♦♥ red; the four-colour deck has
♠ black, ♥ red, ♦ blue, ♣ green. The choice is a CSS class on the table root
(``four-color``), so switching needs no re-render of the SVG.
"""

from __future__ import annotations

from html import escape

# Each path fills a 100 x 100 box.
SUIT_PATHS = {
    "H": (
        "M50 92C47 88 30 74 18 62 6 50 0 40 0 28 0 12 12 2 27 2"
        "c10 0 18 5 23 14C55 7 63 2 73 2c15 0 27 10 27 26 0 12-6 22-18 34C70 74 53 88 50 92Z"
    ),
    "D": "M50 2L88 50 50 98 12 50Z",
    "S": (
        "M50 2C44 12 30 24 18 35 7 45 2 53 2 63c0 14 11 24 24 24 9 0 16-4 21-11"
        "-1 10-6 17-15 22h36c-9-5-14-12-15-22 5 7 12 11 21 11 13 0 24-10 24-24 "
        "0-10-5-18-16-28C70 24 56 12 50 2Z"
    ),
    "C": (
        "M50 4a21 21 0 0 0-17 33A21 21 0 1 0 44 70c-1 12-6 20-14 26h40"
        "c-8-6-13-14-14-26a21 21 0 1 0 11-33A21 21 0 0 0 50 4Z"
    ),
}

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def suit_svg(suit: str, size: int | str = "1em", label: str | None = None) -> str:
    """A standalone suit shape (for text: prompts, buttons, the payments list)."""
    a11y = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="suit suit-{suit}" viewBox="0 0 100 100" width="{size}" height="{size}" '
        f'{a11y} focusable="false"><path d="{SUIT_PATHS[suit]}"/></svg>'
    )


def sprite() -> str:
    """Hidden <svg> defining #suit-S/C/D/H and the back pattern; put it once in the page."""
    symbols = "".join(
        f'<symbol id="suit-{s}" viewBox="0 0 100 100"><path d="{p}"/></symbol>'
        for s, p in SUIT_PATHS.items()
    )
    back = (
        '<pattern id="back-lattice" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="10" height="10" fill="#9b1c2c"/>'
        '<path d="M0 5H10M5 0V10" stroke="#c6464f" stroke-width="2.2"/>'
        "</pattern>"
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" '
        'class="sprite-defs" aria-hidden="true" focusable="false">'
        f"<defs>{back}</defs>{symbols}</svg>"
    )


# Court figures, drawn in a 52 x 72 box (placed bottom-right of the card, the
# part that shows where hand cards overlap): clothes, hair and outlines in the
# suit's colour (so the four-colour deck recolours them), the face and the
# gold of crowns fixed. K: a crown and a beard; Q: a tiara and long hair;
# J: a feathered cap and a collar.
_FACE = ('<ellipse class="skin" cx="26" cy="38" rx="9.5" ry="11.5"/>'
         '<circle class="ink" cx="22.3" cy="37" r="1.5"/><circle class="ink" cx="29.7" cy="37" r="1.5"/>'
         '<path class="line" d="M22.5 44q3.5 2.6 7 0"/>')
_COURT = {
    13: ('<path class="cloth" d="M3 72 6 58Q9 51 18 50H34Q43 51 46 58L49 72Z"/>'
         '<path class="trim" d="M20 50 26 62 32 50"/>'
         + _FACE
         + '<path class="beard" d="M16 37Q16 59 26 61Q36 59 36 37Q34 47.5 26 47.5Q18 47.5 16 37Z"/>'
         '<path class="gold" d="M14 27V11L20 18 26 6 32 18 38 11V27Z"/>'
         '<circle class="jewel" cx="26" cy="21" r="2.4"/>'),
    12: ('<path class="cloth" d="M13 39Q11 21 26 20Q41 21 39 39L41 56 34 52V38Q26 30 18 38V52L11 56Z"/>'
         '<path class="cloth" d="M4 72 7 59Q10 52 19 51H33Q42 52 45 59L48 72Z"/>'
         '<path class="trim" d="M18 52Q26 60 34 52"/>'
         + _FACE
         + '<path class="gold" d="M15 25Q15 16 19 18 22 10 26 15 30 10 33 18 37 16 37 25Z"/>'
         '<circle class="jewel" cx="26" cy="19" r="2.2"/>'),
    11: ('<path class="cloth" d="M4 72 7 59Q10 52 19 51H33Q42 52 45 59L48 72Z"/>'
         '<path class="trim" d="M17 51 26 58 35 51 30 49H22Z"/>'
         + _FACE
         + '<path class="cloth" d="M14.5 31Q15 16 27 16Q39 17 39.5 31Z"/>'
         '<path class="gold" d="M13 31H41V34H13Z"/>'
         '<path class="gold" d="M36 20Q44 8 51 5Q47 14 39 23Z"/>'),
}


def court_svg(rank: int, suit: str, x: float = 42, y: float = 62) -> str:
    """The figure of a J, Q or K (a group of shapes) with its suit on the chest."""
    return (f'<g class="court-fig" transform="translate({x:g} {y:g})">'
            '<rect class="court-frame" x="0" y="0" width="52" height="72" rx="6"/>'
            + _COURT[rank]
            + f'<use class="emblem" href="#suit-{suit}" x="20" y="59" width="12" height="12"/></g>')


def _use(suit: str, x: float, y: float, size: float) -> str:
    return f'<use href="#suit-{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'


def card_face(rank: int, suit: str, compact: bool = False) -> str:
    """The face of one card as an <svg> (viewBox 100 x 140), decorative (aria-hidden).

    Normal cards carry a big index top-left (it stays visible where cards
    overlap) and a big suit bottom-right. ``compact`` is for the small cards of
    discard rows and melds: rank and suit fill the card.
    """
    r = rank_text(rank)
    cls = f"face suit-{suit}"
    head = (
        f'<svg class="{cls}" viewBox="0 0 100 140" preserveAspectRatio="xMidYMid meet" '
        'aria-hidden="true" focusable="false">'
        '<rect class="card-bg" x="1.5" y="1.5" width="97" height="137" rx="9"/>'
    )
    if compact:
        # Rank and suit stacked on the left, so they show where minis overlap: the rank
        # stays within the card's left half (ui/style.css overlaps a meld's cards by 46 %),
        # "10" squeezed to that width by the SVG itself (textLength), whatever the font.
        fs = 54 if len(r) == 1 else 50
        fit = ' textLength="43" lengthAdjust="spacingAndGlyphs"' if len(r) > 1 else ""
        body = (
            f'<text class="rank" x="5" y="56" font-size="{fs}"{fit}>{r}</text>'
            + _use(suit, 8, 70, 54)
        )
    else:
        fs = 46 if len(r) == 1 else 40
        ls = ' textLength="40" lengthAdjust="spacingAndGlyphs"' if len(r) > 1 else ""
        body = f'<text class="rank" x="8" y="44" font-size="{fs}"{ls}>{r}</text>' + _use(suit, 10, 52, 28)
        if rank >= 11:
            body += court_svg(rank, suit)
        else:
            body += _use(suit, 40, 70, 54)
    return head + body + "</svg>"


def card_back() -> str:
    return (
        '<svg class="face back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
        '<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fdfaf2" stroke="#c9c2ad" stroke-width="2"/>'
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="url(#back-lattice)"/>'
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#6d0f1c" stroke-width="2"/>'
        "</svg>"
    )
