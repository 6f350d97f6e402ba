"""What every part of the page shares, and nothing that decides a move.

* ``i18n``: every word the table shows, Vietnamese first, English second;
* ``notices``: the page's notice, kept as what it says and said again at each render;
* ``store``: storage — every key the page keeps in localStorage or
  sessionStorage is named here (``KEYS``); the JS start-up (ui/boot/), which
  runs before Python, names the few it reads as literals, and
  tests/ui/test_store_keys.py holds them to ``KEYS``;
* ``params``: the URL's parameters, checked before anything changes;
* ``widgets``: small HTML parts (cards, buttons, icons, the dialog frame);
* ``cards_svg``: the cards drawn in code; ``order``: the player's own order of a hand.

Pure Python, no browser: the table (ui/table/), the learning side (ui/learn/)
and linked play (ui/friends/) import from here, never the other way round.
Nothing is imported here, so that importing one module pulls in no other.
"""
