"""Crafted deals that more than one test plays (tests/engine is on pytest's path)."""

# A village hand, four players, seat 1 starts: seats 1-3 lay down before us;
# at our lay-down turn the hand melds 5♠6♠7♠ (or lays nothing), and 7♥, 9♥
# and 10♣ can be sent onto three players' melds (checked on CPython with the
# same seed and bots: tests/ui/test_table_words.py; played by taps at every
# viewport: tests/browser/test_layout.py).
SENDS_HANDS = {0: "5S 6S 7S 7H 9H 10C QD 2D KH",
               1: "4H 5H 6H 8C 8D 8S KS AD 10D 4S",
               2: "9S 9C 9D AC 2C 3C QH JS 6D",
               3: "JC QC KC 3H 3S 3D AH 10S 7D"}
SENDS_STOCK = "KD QS JD 2H AS 5C 4D 8H 6C 4C 2S 10H JH 7C 5D"
SENDS_KEEP = {"5S", "6S", "7S", "7H", "9H", "10C"}
