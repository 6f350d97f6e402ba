"""The table — its state record, its intents, its pure view.

``ui/table/app.py``'s ``App`` is the table a page holds; what it is made of lives
here, one concern a module, so a newcomer can read each on its own (as
chessground splits state, intents and render, and python-chess keeps a
board's fields apart from its moves):

* ``state``: ``TableState``, every field the table keeps, declared once;
* ``intents``: what each tap or key does, one function an intent name;
* ``match``: starting, resuming and dealing, and what follows every move;
* ``saving``: the match and the settings in storage, and saves that fail;
* ``settings``: the settings panel's staged choices and the seat plan;
* ``hand``: the hand on show (groups, the player's order), the lay-down choices;
* ``bots``: which bot plays a seat, seeded so a review can replay it;
* ``source``: where the game comes from — ``OwnMatch``, this device's match,
  or a linked guest's ``HostFeed`` (ui/friends/linkplay.py);
* ``render``: ``page_html(app)``, the whole table as HTML, a pure function,
  with its parts beside it: ``seats`` (who sits where, the pass-and-play
  cover), ``banners`` (notices), ``handover`` (the end of a hand),
  ``scoresheet``, ``movelog`` (the log and what is said aloud), ``menu``,
  ``confirm``, ``rules_text``.

The functions take the ``App`` and call its methods (``app.save()``,
``app.legal()``), never each other's module behind its back: a test that
replaces a method is obeyed. What depends on who holds the match the
``App`` asks its ``source``.
All of it is pure Python: the tests drive it on CPython, with no browser.
"""
