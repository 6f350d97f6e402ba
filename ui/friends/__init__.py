"""Playing with friends: phones linked to one table, the host's engine deciding.

* ``linkplay``: pure Python — the host's bookkeeping of its guests' links
  (``HostLinks``: each guest gets only its own ``PlayerView`` and legal
  actions, through ``phom.session``) and the guest's table's source
  (``HostFeed``, given to an ``App`` by ``guest_app``), which holds only what
  the host sent it;
* ``link.js``: the browser's part that only moves strings — one WebRTC data
  channel per guest, the codes people copy or scan;
* ``friends.css``: how the linking dialogs look.

The DOM wiring is ui/page/link.py, the one place that calls link.js.
"""
