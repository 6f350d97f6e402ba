"""Internet play's drawing, pure: the host's consent and invitation panels, the
requests to sit down (a banner at the table), and the guest's screen from the link
to the table. The state is ui/friends/invite.py's (``NetHost``, ``NetGuest``) and
the device's record (``app.friends.net``: consent, TURN), hung on the app by ui/page/net.py."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..core.widgets import btn, dialog
from .invite import NetGuest, NetHost, consent_items, error_html, key_fits, turn_html
from .linkplay import feed_of
from .state import friends_of
from .words import fw

if TYPE_CHECKING:
    from ..table.app import App

PANELS = ("net_consent", "invite")


def host_of(app: App) -> NetHost | None:
    return friends_of(app).net_host


def invite_button_html(app: App) -> str:
    """Settings: "Mời bạn" on a host's table (not on a guest's)."""
    if app.guest:
        return ""
    return f'<div class="link-actions net-buttons">{btn(fw(app.lang, "invite_btn"), "net_invite", key="net-invite", cls="primary")}</div>'


def consent_html(app: App) -> str:
    """The first time: which third parties internet play contacts, and what they see."""
    lang = app.lang
    net = friends_of(app).net
    body = (consent_items(lang, net.get("turn"))
            + turn_html(lang, net.get("turn"), friends_of(app).net_note)
            + '<div class="link-actions">'
            + btn(fw(lang, "consent_ok"), "net_consent", key="net-consent-ok", cls="primary")
            + btn(fw(lang, "cancel"), "close", key="net-consent-cancel", cls="ghost") + "</div>")
    return dialog("net_consent", fw(lang, "consent_title"), body, lang)


def invite_html(app: App) -> str:
    """The host's panel: the link to send, the relays, who asks and who sits where."""
    lang = app.lang
    host = host_of(app)
    net = friends_of(app).net
    parts: list[str] = []
    guests = app.session.guests() if app.session is not None else []
    if not guests:
        parts.append(f'<p class="link-error" role="alert">{escape(fw(lang, "no_guest_seat"))}</p>')
    url = friends_of(app).net_url
    if url:
        parts.append(f'<p>{escape(fw(lang, "link_intro"))}</p>'
                     f'<input class="net-link" id="net-link" data-key="net-link" readonly value="{escape(url)}" '
                     f'aria-label="{escape(fw(lang, "link_intro"))}">'
                     f'<div class="link-actions">{btn(fw(lang, "share"), "net_share", key="net-share", cls="primary")}'
                     "</div>")
    if host is not None:
        status = fw(lang, "relays_on", n=host.relays) if host.relays else fw(lang, "relays_none")
        if host.error != "offline":   # the error says it better
            parts.append(f'<p class="note net-status" role="status" data-relays="{host.relays}">{escape(status)}</p>')
        parts.append(error_html(lang, host.error))
        parts.append(requests_rows(app, host))
        for seat in sorted(host.seated):
            parts.append(f'<p class="net-seated" data-seat="{seat}">'
                         f'{escape(fw(lang, "in_seat", name=host.names.get(seat, app.name(seat)), seat=seat + 1))}</p>')
    note = friends_of(app).net_note
    parts.append(turn_html(lang, net.get("turn"), note))
    return dialog("invite", fw(lang, "invite_title"), "".join(parts), lang)


def requests_rows(app: App, host: NetHost) -> str:
    lang = app.lang
    free = host.free_seats(app.session)
    names = [s.name for s in app.seats]
    rows: list[str] = []
    for peer, name in host.asking.items():
        meant = host.meant_seat(peer, app.session, names)
        if meant is None:
            continue
        # the seat the host meant, at once; any other free one on request (a fold)
        others = "".join(btn(fw(lang, "admit_at", seat=s + 1), "net_admit", arg=f"{peer}:{s}",
                             key=f"admit-{peer}-{s}", cls="ghost") for s in free if s != meant)
        more = (f'<details class="net-other-seats"><summary>{escape(fw(lang, "other_seat"))}</summary>'
                f'<div class="link-actions">{others}</div></details>') if others else ""
        rows.append(f'<div class="net-ask" role="alert" data-peer="{escape(peer)}" data-key="ask-{escape(peer)}">'
                    f'<p>{escape(fw(lang, "asks", name=name))}</p><div class="link-actions">'
                    + btn(fw(lang, "admit", seat=meant + 1, name=name), "net_admit", arg=f"{peer}:{meant}",
                          key=f"admit-{peer}-{meant}", cls="primary")
                    + f'{btn(fw(lang, "deny"), "net_deny", arg=peer, key=f"deny-{peer}", cls="ghost")}</div>{more}</div>')
    return "".join(rows)


def banners_html(app: App) -> str:
    """At the table (the panel closed): who asks to sit down, and a room's trouble."""
    host = host_of(app)
    if host is None or app.dialog == "invite":
        return ""
    return requests_rows(app, host) + error_html(app.lang, host.error)


def panel_html(app: App) -> str:
    if app.dialog == "net_consent":
        return consent_html(app)
    if app.dialog == "invite":
        return invite_html(app)
    return ""


def guest_screen_html(app: App) -> str:
    """A guest who came by an invitation link: a name, the third parties said, then each
    step in words (never a silent spinner) and each failure with the way on."""
    g = friends_of(app).net_guest
    if g is None:
        raise RuntimeError("no invitation on this table")
    lang = app.lang
    net = friends_of(app).net
    parts: list[str] = []
    if g.error == "host_left" or feed_of(app).host_gone:
        parts.append(error_html(lang, "host_left"))
    parts.append(f'<h2 id="join-title">{escape(fw(lang, "join_net_title"))}</h2>')
    if g.step == "form" and not key_fits(g.room, g.secret):
        # the link's key is not its room's: nothing to type, nothing to try, nothing contacted
        parts.append(error_html(lang, "secret"))
        parts.append('<div class="link-actions">'
                     + btn(fw(lang, "cancel"), "link_leave", key="leave", cls="ghost") + "</div>")
    elif g.step == "form":
        parts.append(f'<div class="field"><label for="net-name">{escape(fw(lang, "your_name"))}</label>'
                     f'<input id="net-name" data-key="net-name" maxlength="16" autocomplete="nickname" '
                     f'value="{escape(g.name)}"></div>')
        if g.name_error:
            parts.append(f'<p class="link-error" role="alert">{escape(fw(lang, "bad_name"))}</p>')
        parts.append(error_html(lang, g.error if g.error != "host_left" else None))
        parts.append(consent_items(lang, net.get("turn")))
        parts.append(turn_html(lang, net.get("turn"), friends_of(app).net_note))
        parts.append('<div class="link-actions">'
                     + btn(fw(lang, "consent_join"), "net_join", key="net-join", cls="primary")
                     + btn(fw(lang, "cancel"), "link_leave", key="leave", cls="ghost") + "</div>")
    else:
        if g.error and g.error != "host_left":
            parts.append(error_html(lang, g.error))
            parts.append(turn_html(lang, net.get("turn"), friends_of(app).net_note,
                                   opened=g.error == "no_path"))
            parts.append('<div class="link-actions">'
                         + btn(fw(lang, "retry"), "net_retry", key="net-retry", cls="primary")
                         + btn(fw(lang, "cancel"), "link_leave", key="leave", cls="ghost") + "</div>")
        else:
            parts.append(f'<p class="note net-step" role="status" data-step="{g.step}">'
                         f'{escape(fw(lang, "st_" + ("finding" if g.step == "in" else g.step)))}</p>'
                         '<div class="link-actions">'
                         + btn(fw(lang, "cancel"), "link_leave", key="leave", cls="ghost") + "</div>")
    return ('<section class="join panel net-join" aria-labelledby="join-title" data-key="join">'
            + "".join(parts) + "</section>")


def bad_link_html(app: App, code: str) -> str:
    lang = app.lang
    return ('<section class="join panel net-join" aria-labelledby="join-title" data-key="join">'
            f'<h2 id="join-title">{escape(fw(lang, "join_net_title"))}</h2>'
            f'<p class="link-error" role="alert" data-error="{escape(code)}">'
            f'{escape(fw(lang, "bad_link", reason=fw(lang, code)))}</p>'
            f'<div class="link-actions">{btn(fw(lang, "cancel"), "link_leave", key="leave", cls="ghost")}</div>'
            "</section>")


def plug_guest(app: App, guest: NetGuest) -> None:
    """A guest's table that came by an invitation link: its NetGuest, and its screen
    until the host's table arrives."""
    friends_of(app).net_guest = guest
    feed_of(app).use_join_screen(guest_screen_html)


def plug(app: App) -> None:
    """Internet play's part of a host's table: the button, the two panels, the requests."""
    app.plug("settings", invite_button_html)
    if app.guest:
        return
    app.register_panels(*PANELS)
    app.plug("panel", panel_html)
    app.plug("banners", banners_html)
