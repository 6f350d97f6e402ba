"""The page's start-up: in JavaScript (ui/boot/README.md), but for ``snapshot``, the
Python of the memory snapshot that ui/boot/snapshot.make.mjs and interpreter.mjs call.

Nothing of the page imports this package: the snapshot's makers import it beside
every module of ours, and a restored page finds it in the snapshot.
"""
