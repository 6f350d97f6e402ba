"""Playing with friends: phones linked to one table, the host's engine deciding.

* ``linkplay``: pure Python — the host's bookkeeping of its guests' links
  (``HostLinks``: each guest gets only its own ``PlayerView`` and legal
  actions, through ``phom.session``) and the guest's table's source
  (``HostFeed``, given to an ``App`` by ``guest_app``), which holds only what
  the host sent it;
* ``intents``: what each of linked play's taps, each message from another phone
  and each tick of the turn clock does (the True/False/None convention of the
  table's intents), and ``publish``, which sends guests the table after each save;
  the browser is a ``Port`` it is given (ui/page/link.py);
* ``invite``, ``invite_view``, ``clock``, ``react``: internet play by one link, the
  turn clock, quick reactions; ``words``: the feature's one word table (``fw``);
* ``link.js``: the browser's part that only moves strings — one WebRTC data
  channel per guest, the codes people copy or scan;
* ``friends.css``: how the linking dialogs look.

The DOM wiring is ui/page/link.py (and net.py), the one place that calls link.js
(and net.js); it decides nothing.
"""
