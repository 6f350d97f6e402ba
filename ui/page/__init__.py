"""The page's browser side: the only layer of ui/ that talks to the browser.

DOM wiring, keys, the bot loop, motion, drag, tabs and the test hooks live
here, one concern to a module, so that the rest of ui/ (the App, the Learn
tab, render.py's HTML) stays plain Python the tests run on CPython. This
layer puts on screen what ui/table/render.py makes and sends the player's intents
back to the App; ui/page/main.py (the page's entry module) wires it together.
The learning tab's browser side is ``learn``, linked play's is ``link`` (it
calls ui/friends/link.js), the table's sounds are ``sound``.

Nothing is imported here: the memory snapshot (ui/boot/snapshot.worker.mjs)
imports every module of ui/ in a worker, where the page's DOM is missing, and
the modules that can be imported there (dom, drag, motion, bots) must not fail
because their package pulled in one that cannot.
"""
