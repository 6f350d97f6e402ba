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
* ``bots``: which bot plays a seat, seeded so a review can replay it.

The functions take the ``App`` and call its methods (``app.save()``,
``app.legal()``), never each other's module behind its back: a test that
replaces a method is obeyed. What depends on who holds the match is the
table's ``source`` (``source``: ``OwnMatch`` here, a linked guest's ``HostFeed``).
All of it is pure Python: the tests drive it on CPython, with no browser.
"""
