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


def test_a_journalled_soak_takes_up_where_it_stopped(tmp_path, capsys):
    """Chunks in the journal are not played again and still count; a line of
    other code is passed over (that work is done again)."""
    j = tmp_path / "soak.jsonl"
    small = ["--presets", "basic", "--players", "2", "--chunk", "4", "--jobs", "1", "--journal", str(j)]
    assert soak.main(["--hands", "8", *small]) == 0
    first = capsys.readouterr().out
    assert "done: 8 hands" in first and len(j.read_text().splitlines()) == 2
    lines = j.read_text().splitlines()
    stale = soak.json.loads(lines[1])
    stale["code"] = "something-else"
    j.write_text(lines[0] + "\n" + soak.json.dumps(stale) + "\n")
    assert soak.main(["--hands", "12", *small]) == 0
    out = capsys.readouterr().out
    assert "4 hands in 1 chunks already played" in out and "1 lines of other code" in out
    assert "done: 12 hands" in out and "this run played 8" in out
    assert len(j.read_text().splitlines()) == 4
