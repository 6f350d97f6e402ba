"""The soak (bench/soak.py) in miniature: every table, a few hands, 0 violations."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))

import soak  # noqa: E402


def test_short_soak_finds_no_violation(capsys):
    assert soak.main(["--hands", "12", "--chunk", "12", "--jobs", "1", "--json-every", "20"]) == 0
    out = capsys.readouterr().out
    assert "violations: 0" in out and "done: 180 hands" in out


def test_the_soak_catches_a_broken_engine(monkeypatch):
    """Self-check: a refusal that changes the hand is reported."""
    import phom

    real = phom.Game.apply

    def leaky(self, action):
        if action not in self.legal_actions():
            self.events.append((0, "oops", None))
        return real(self, action)

    monkeypatch.setattr(phom.Game, "apply", leaky)
    _p, _n, out = soak.play_chunk(("basic", 3, 0, 2, 2, 1e9, 1))
    assert out["violations"] >= 1 and "refused" in out["examples"][0]
