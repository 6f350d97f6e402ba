"""The teacher's gate: can a forecast learned from the view beat today's? (issue 49)

    python3 bench/teacher_data.py --out /tmp/teacher --preset basic --hands 3000 --seed 1
    .venv/bin/python bench/teacher_gate.py --data /tmp/teacher --preset basic

Reads the rows of ``bench/teacher_data.py`` (features from the mover's view,
and whether the next player could eat each candidate, from the true hands),
holds out every fifth deal, fits a gradient-boosted forecast (LightGBM, one
thread, seeded, early stopping on a part of the training deals) and scores
it, on the held-out deals, as Brier skill over always forecasting the
training base rate, beside:

* ``model``: today's opponent model (``holdings`` + ``meld_pair_prob``, what
  ``hard`` and the expert price a feed with);
* ``model, recalibrated``: the same number passed through a logistic fit on
  the training deals (what calibration alone would give);
* ``sampled``: the share of deals sampled the expert's way in which the next
  player can eat the card (what the expert's search implies);
* ``sampled, endless deals``: its Brier less the binomial noise of a finite
  sample (an unbiased correction), what the sampler itself forecasts;
* ``learned``: the boosted trees on ``phom.bots.features.NAMES``;
* ``learned + sampled``: the same with ``sampled`` as one more input;
* ``learned card location``: the way Skat programs infer where the cards lie,
  a learned chance that the next player holds each unseen card
  (``phom.bots.features.HOLD_NAMES``, from the generator's ``hold-`` files),
  turned into an eat forecast by ``meld_pair_prob`` as today's model is.

Skills are printed with 95% intervals from a bootstrap over held-out deals (a
deal's rows move together), and the learned forecast's gain over each
baseline the same way: paired, on the same resampled deals. Per kind of
discard (ordinary, chốt, after laying down) and in all. The learning curve
(a quarter, half and all of the training deals) says whether more data would
help. Training only: numpy and LightGBM are development dependencies.
"""

from __future__ import annotations

import argparse
import csv
import glob
import gzip
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from phom.bots.features import HOLD_NAMES, NAMES  # noqa: E402
from phom.bots.handeval import meld_pair_prob  # noqa: E402

KINDS = {0: "ordinary", 1: "chốt", 2: "after laying down"}


def load(data: str, preset: str, prefix: str = "") -> dict[str, np.ndarray]:
    files = sorted(glob.glob(os.path.join(data, f"{prefix}{preset}-s*-c*.csv.gz")))
    if not files:
        raise SystemExit(f"no data for {preset} in {data}")
    cols: dict[str, list] = {}
    for path in files:
        with gzip.open(path, "rt", newline="") as f:
            r = csv.reader(f)
            head = next(r)
            for h in head:
                cols.setdefault(h, [])
            for row in r:
                for h, x in zip(head, row, strict=True):
                    cols[h].append(x)
    out = {}
    for h, v in cols.items():
        try:
            out[h] = np.asarray(v, dtype=np.float64)
        except ValueError:
            out[h] = np.asarray(v)
    out["_files"] = np.asarray([len(files)])
    return out


def brier_by_deal(deal_idx: np.ndarray, n_deals: int, p: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.bincount(deal_idx, weights=(p - y) ** 2, minlength=n_deals)


def fit_logistic(x: np.ndarray, y: np.ndarray, iters: int = 200) -> tuple[float, float]:
    """y ~ sigmoid(a + b * logit(x)) by Newton's method (a one-feature recalibration)."""
    z = np.log(np.clip(x, 1e-4, 1 - 1e-4) / (1 - np.clip(x, 1e-4, 1 - 1e-4)))
    X = np.stack([np.ones_like(z), z], axis=1)
    w = np.zeros(2)
    for _ in range(iters):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (p - y)
        H = (X * (p * (1 - p))[:, None]).T @ X + 1e-6 * np.eye(2)
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return float(w[0]), float(w[1])


def apply_logistic(x: np.ndarray, ab: tuple[float, float]) -> np.ndarray:
    z = np.log(np.clip(x, 1e-4, 1 - 1e-4) / (1 - np.clip(x, 1e-4, 1 - 1e-4)))
    return 1 / (1 + np.exp(-(ab[0] + ab[1] * z)))


def card_location(a, d, deals, test_d, valid_d, t0) -> np.ndarray | None:
    """The eat forecast from a learned card-location model: the chance the next
    seat holds each unseen card (boosted trees on ``HOLD_NAMES``), scaled so a
    position's chances sum to the cards it holds unseen, then
    ``meld_pair_prob`` as today's model does with its own chances."""
    try:
        h = load(a.data, a.preset, prefix="hold-")
    except SystemExit:
        return None
    hd = np.searchsorted(deals, h["deal"])
    ok = (hd < len(deals))
    ok[ok] = deals[hd[ok]] == h["deal"][ok]
    htest, hvalid = test_d[hd] & ok, valid_d[hd] & ok
    hfit = ~htest & ~hvalid & ok
    X = np.stack([h[n] for n in HOLD_NAMES], axis=1)
    y = h["y_hold"]
    b = train(X[hfit], y[hfit], X[hvalid], y[hvalid], a.seed, HOLD_NAMES)
    q = b.predict(X, num_iteration=b.best_iteration)
    m = htest
    ref = ((y[m] - y[hfit].mean()) ** 2).mean()
    print(f"card location: {len(y)} rows (unseen cards), holds {y.mean():.1%}; {b.best_iteration} trees; "
          f"held-out Brier skill: model {1 - ((h['p_model'][m] - y[m]) ** 2).mean() / ref:+.2%}, "
          f"uniform {1 - ((h['p_uniform'][m] - y[m]) ** 2).mean() / ref:+.2%}, "
          f"learned {1 - ((q[m] - y[m]) ** 2).mean() / ref:+.2%}; {time.time() - t0:.0f} s")
    key = h["deal"] * 1000 + h["pos"]
    need = h["next_unknown"]
    vecs: dict[float, list[float]] = {}
    order = np.argsort(key, kind="stable")
    ks = key[order]
    starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
    ends = np.r_[starts[1:], len(ks)]
    for s0, s1 in zip(starts, ends, strict=True):
        idx = order[s0:s1]
        if not (htest[idx[0]] or hvalid[idx[0]]):
            continue
        v = [0.0] * 52
        p = np.clip(q[idx], 1e-4, 0.97)
        for _ in range(3):
            p = np.clip(p * need[idx[0]] / max(p.sum(), 1e-9), 0, 0.97)
        for c, x in zip(h["card"][idx].astype(int), p, strict=True):
            v[c] = float(x)
        vecs[float(ks[s0])] = v
    dkey = d["deal"] * 1000 + d["pos"]
    out = np.full(len(dkey), np.nan)
    for i, (k, c) in enumerate(zip(dkey, d["card"].astype(int), strict=True)):
        v = vecs.get(float(k))
        if v is not None:
            out[i] = meld_pair_prob(c, v)
    return out


def train(X: np.ndarray, y: np.ndarray, Xv: np.ndarray, yv: np.ndarray, seed: int,
          names: tuple[str, ...] = NAMES):
    import lightgbm as lgb

    params = {
        "objective": "binary", "learning_rate": 0.05, "num_leaves": 31,
        "min_data_in_leaf": 200, "feature_fraction": 0.8, "bagging_fraction": 0.8,
        "bagging_freq": 1, "lambda_l2": 1.0, "num_threads": 1, "seed": seed,
        "deterministic": True, "verbose": -1,
    }
    dt = lgb.Dataset(X, y, feature_name=list(names))
    dv = lgb.Dataset(Xv, yv, reference=dt)
    return lgb.train(params, dt, num_boost_round=2000, valid_sets=[dv],
                     callbacks=[lgb.early_stopping(50, verbose=False)])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--preset", default="basic")
    ap.add_argument("--label", default="y", choices=("y", "y_free"))
    ap.add_argument("--seed", type=int, default=49)
    ap.add_argument("--boot", type=int, default=400)
    ap.add_argument("--deals", type=int, default=32, help="the generator's sampled deals per position")
    ap.add_argument("--curve", action="store_true", help="also fit on 1/4 and 1/2 of the training deals")
    a = ap.parse_args(argv)
    t0 = time.time()
    d = load(a.data, a.preset)
    y = d[a.label]
    deals, deal_idx = np.unique(d["deal"], return_inverse=True)
    nd = len(deals)
    rng = np.random.default_rng(a.seed)
    perm = rng.permutation(nd)
    test_d = np.zeros(nd, bool)
    test_d[perm[: nd // 5]] = True
    valid_d = np.zeros(nd, bool)
    valid_d[perm[nd // 5: nd // 5 + nd // 10]] = True
    test = test_d[deal_idx]
    valid = valid_d[deal_idx]
    fit = ~test & ~valid
    X = np.stack([d[n] for n in NAMES], axis=1)
    positions = len(np.unique(d["deal"] * 1000 + d["pos"]))
    print(f"{a.preset}: {int(d['_files'][0])} chunks, {nd} deals, {positions} positions, "
          f"{len(y)} rows (candidate cards); label {a.label}, base rate {y.mean():.3f}")
    print(f"train {int(fit.sum())} rows / {int((~test_d & ~valid_d).sum())} deals, early stopping "
          f"{int(valid.sum())} / {int(valid_d.sum())}, held out {int(test.sum())} / {int(test_d.sum())}")

    base = float(y[fit | valid].mean())
    ab = fit_logistic(d["p_model"][fit | valid], y[fit | valid])
    booster = train(X[fit], y[fit], X[valid], y[valid], a.seed)
    print(f"learned: {booster.best_iteration} trees (early stopping), {time.time() - t0:.0f} s")
    forecasts = {
        "model": d["p_model"],
        "model, recalibrated": apply_logistic(d["p_model"], ab),
        "sampled": d["p_sampled"],
        "uniform": d["p_uniform"],
        "learned": booster.predict(X, num_iteration=booster.best_iteration),
    }
    # the expert's sampled deals as one more input (they are built from the view too)
    Xs = np.concatenate([X, d["p_sampled"][:, None]], axis=1)
    bs = train(Xs[fit], y[fit], Xs[valid], y[valid], a.seed, NAMES + ("p_sampled",))
    forecasts["learned + sampled"] = bs.predict(Xs, num_iteration=bs.best_iteration)
    loc = card_location(a, d, deals, test_d, valid_d, t0)
    if loc is not None:
        forecasts["learned card location"] = np.where(np.isnan(loc), base, loc)
    if a.curve:
        fit_deals = np.flatnonzero(~test_d & ~valid_d)
        for frac in (4, 2):
            sub = np.zeros(nd, bool)
            sub[fit_deals[: len(fit_deals) // frac]] = True
            m = sub[deal_idx]
            b = train(X[m], y[m], X[valid], y[valid], a.seed)
            forecasts[f"learned, 1/{frac} of the data"] = b.predict(X, num_iteration=b.best_iteration)

    kinds = d["kind"].astype(int)
    brng = np.random.default_rng(a.seed + 1)
    tdeals = np.flatnonzero(test_d)
    boots = [brng.choice(tdeals, len(tdeals)) for _ in range(a.boot)]
    for kind in (0, 1, 2, None):
        m = test & ((kinds == kind) if kind is not None else True)
        if not m.any():
            continue
        yy = y[m]
        di = deal_idx[m]
        ref = brier_by_deal(di, nd, np.full(len(yy), base), yy)
        per = {k: brier_by_deal(di, nd, f[m], yy) for k, f in forecasts.items()}
        # the sampled share is k of n deals: its Brier less an unbiased estimate of the
        # binomial noise q(1-q)/n is what the same sampler would score with endless deals
        n = a.deals
        q = np.clip(np.rint(d["p_sampled"][m] * (n + 1) - 0.5), 0, n) / n
        per["sampled, endless deals"] = np.bincount(
            di, weights=(q - yy) ** 2 - q * (1 - q) / (n - 1), minlength=nd)

        def skill(s, ids, ref=ref):
            return 1 - s[ids].sum() / ref[ids].sum()

        name = KINDS[kind] if kind is not None else "all"
        print(f"\n{name}: {int(m.sum())} rows, {len(np.unique(di))} held-out deals, "
              f"next can eat {yy.mean():.1%}, base-rate Brier {ref.sum() / m.sum():.4f}")
        print(f"  {'forecast':<30}{'Brier skill':>12}{'95% CI':>20}{'learned minus it':>18}{'95% CI':>20}")
        allids = np.arange(nd)
        for k, s in per.items():
            sk = skill(s, allids)
            bs = np.array([skill(s, ids) for ids in boots])
            lo, hi = np.percentile(bs, [2.5, 97.5])
            line = f"  {k:<30}{sk:>+12.2%}{f'[{lo:+.2%}, {hi:+.2%}]':>20}"
            if k != "learned":
                ls = per["learned"]
                diff = skill(ls, allids) - sk
                bd = np.array([skill(ls, ids) - skill(s, ids) for ids in boots])
                dlo, dhi = np.percentile(bd, [2.5, 97.5])
                line += f"{diff:>+18.2%}{f'[{dlo:+.2%}, {dhi:+.2%}]':>20}"
            print(line)
    imp = booster.feature_importance("gain")
    top = np.argsort(-imp)[:12]
    tot = imp.sum()
    print("\nlearned: share of split gain by feature: " +
          ", ".join(f"{NAMES[i]} {imp[i] / tot:.0%}" for i in top))
    print(f"seconds {time.time() - t0:.0f}")


if __name__ == "__main__":
    main()
