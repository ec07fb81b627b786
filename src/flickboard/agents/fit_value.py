"""Fitting the learned position value on self-played rounds (needs scikit-learn).

Reads rounds written by :mod:`flickboard.agents.selfplay`, turns every shot into the
game's features (:meth:`~flickboard.agents.tactics.Tactics.features`) and its round's
result class from the shooter's side, holds out every :data:`HOLD_OUT`-th round, fits
scikit-learn's ``MLPClassifier`` (two ReLU layers, log-loss, Adam) on the rest, epoch by
epoch, stopping early and choosing the L2 penalty on validation rounds (never on shots
of a round it fits: they share its result), reports the held-out error, and writes the
fitted parameters to ``agents/models/GAME.npz`` (:class:`ValueModel`).

``python -m flickboard.agents.fit_value --game crokinole DATA.jsonl [...]``
"""

from __future__ import annotations

import argparse
import copy
import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.agents.selfplay import turn_of, twenties_after, view_of
from flickboard.agents.tactics import tactics_for
from flickboard.agents.valuation import outlook_after
from flickboard.agents.value_model import PLAYING_LEVELS, ValueModel, model_path
from flickboard.errors import IllegalInPosition
from flickboard.play.kind import game_kind

HOLD_OUT = 5
"""Every fifth round is held out of the fit to measure the error."""

HIDDEN = (64, 32)
"""Units in the two hidden layers."""

FIT_SEED = 20_251_124

PENALTIES = (0.1, 1.0, 3.0, 10.0, 30.0)
"""L2 penalties tried; the one with the least validation log-loss is kept."""

MAX_EPOCHS = 80
"""Most passes over the fitted shots."""

PATIENCE = 8
"""Passes without a better validation log-loss before the fit stops (the best is kept)."""


def rounds(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    """The stored rounds of the files, in order."""
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    yield json.loads(line)


def result_class(game: str, final: list[int], side: int) -> int:
    """A round's result from one side: crokinole -1/0/1 (lost, tied, won); shuffleboard
    the frame's points, positive when the side scored (clipped to the model's classes)."""
    return tactics_for(game).result_class(final, side)


def samples(
    game: str, data: Iterable[dict[str, Any]]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Features, result classes and round numbers of every shot that leaves discs to come."""
    kind = game_kind(game)
    tactics = tactics_for(kind.name)
    rows: list[npt.NDArray[np.float64]] = []
    labels: list[int] = []
    groups: list[int] = []
    for number, rnd in enumerate(data):
        skill = kind.level_scales[rnd["level"]]
        for shot in rnd["shots"]:
            turn, to_come = turn_of(shot)
            if len(to_come) <= 1:
                continue  # the round's last shot: its value is exact
            try:
                view = view_of(kind.name, rnd["rules"], shot)
            except IllegalInPosition:
                continue  # touching discs stored to the micrometre may overlap
            outlook = replace(outlook_after(view), skill=skill)
            f = tactics.features(view, [(view.position, twenties_after(shot))], outlook)
            rows.append(f[0])
            labels.append(result_class(kind.name, rnd["final"], turn.side))
            groups.append(number)
    return np.array(rows), np.array(labels, dtype=np.int64), np.array(groups, dtype=np.int64)


def start_table(game: str, data: Iterable[dict[str, Any]], classes: npt.NDArray[np.int64]) -> Any:
    """Frequencies of each round result from the hammer's side, by level, over the
    classes ``-k .. k`` (add-one smoothed): how a round goes from its first shot (the
    race to the target reads it)."""
    results = [
        (PLAYING_LEVELS.index(rnd["level"]), result_class(game, rnd["final"], rnd["hammer"]))
        for rnd in data
        if rnd["hammer"] is not None
    ]
    k = max([int(np.abs(classes).max()), *(abs(c) for _, c in results)])
    counts = np.ones((len(PLAYING_LEVELS), 2 * k + 1))
    for level, c in results:
        counts[level, c + k] += 1
    return counts / counts.sum(axis=1, keepdims=True)


def expected(classes: npt.NDArray[np.int64], p: npt.NDArray[np.float64]) -> Any:
    """The expected result of each row of class probabilities."""
    return p @ classes.astype(np.float64)


def split(groups: npt.NDArray[np.int64]) -> tuple[Any, Any, Any]:
    """Masks of the shots fitted, validated on and held out, by round: every
    :data:`HOLD_OUT`-th round is held out, the round after it validates (with a single
    round, it is both fitted and validated on)."""
    held = groups % HOLD_OUT == 0
    val = groups % HOLD_OUT == 1
    fit = ~held & ~val
    if not fit.any():
        fit = val = ~held
    if not val.any():
        val = fit
    return fit, val, held


def train(
    x: npt.NDArray[np.float64],
    y: npt.NDArray[np.int64],
    fit: Any,
    val: Any,
    penalty: float,
) -> tuple[Any, float, int]:
    """The network fitted epoch by epoch with one L2 ``penalty``, at the epoch of least
    log-loss on the validation rounds; that log-loss and the epoch."""
    from sklearn.metrics import log_loss
    from sklearn.neural_network import MLPClassifier

    classes = np.unique(y[fit])
    seen = val & np.isin(y, classes)
    net = MLPClassifier(
        hidden_layer_sizes=HIDDEN,
        alpha=penalty,
        batch_size=min(512, max(1, int(fit.sum()))),
        learning_rate_init=1e-3,
        random_state=FIT_SEED,
    )
    best: tuple[float, Any, int] = (math.inf, None, 0)
    for epoch in range(1, MAX_EPOCHS + 1):
        net.partial_fit(x[fit], y[fit], classes=classes)
        loss = float(log_loss(y[seen], net.predict_proba(x[seen]), labels=classes))
        if loss < best[0]:
            best = (loss, copy.deepcopy(net), epoch)
        elif epoch - best[2] >= PATIENCE:
            break
    return best[1], best[0], best[2]


def fit(game: str, paths: list[Path], out: Path | None = None) -> dict[str, float]:
    """Fit, report and save the model of ``game``; the held-out measures."""
    from sklearn.metrics import log_loss

    data = list(rounds(paths))
    x, y, groups = samples(game, data)
    fitted, val, held = split(groups)
    mean = x[fitted].mean(axis=0)
    scale = x[fitted].std(axis=0)
    scale[scale < 1e-9] = 1.0
    scaled = (x - mean) / scale
    tries = [train(scaled, y, fitted, val, penalty) for penalty in PENALTIES]
    choice = min(range(len(tries)), key=lambda k: tries[k][1])
    net, val_loss, epochs = tries[choice]
    classes = np.asarray(net.classes_, dtype=np.int64)
    extra = {"start": start_table(game, data, classes)}
    model = ValueModel(
        mean=mean,
        scale=scale,
        weights=tuple(np.asarray(w) for w in net.coefs_),
        biases=tuple(np.asarray(b) for b in net.intercepts_),
        classes=classes,
        extra=extra,
    )
    # Held-out shots of a result never seen in the fit (rare on small data) are left out.
    test = held & np.isin(y, classes)
    p = model.probabilities(x[test])
    truth = y[test].astype(np.float64)
    prior = np.bincount(np.searchsorted(classes, y[fitted]), minlength=classes.size)
    prior = prior / prior.sum()
    report = {
        "rounds": float(len(data)),
        "shots_fitted": float(fitted.sum()),
        "shots_validated": float(val.sum()),
        "shots_held_out": float(test.sum()),
        "penalty": PENALTIES[choice],
        "epochs": float(epochs),
        "log_loss_validation": val_loss,
        "log_loss": float(log_loss(y[test], p, labels=classes)),
        "log_loss_prior": float(log_loss(y[test], np.tile(prior, (test.sum(), 1)), labels=classes)),
        "rmse_expected": math.sqrt(float(np.mean((expected(classes, p) - truth) ** 2))),
        "rmse_prior": math.sqrt(float(np.mean((expected(classes, prior[None, :]) - truth) ** 2))),
        "accuracy": float(np.mean(classes[p.argmax(axis=1)] == y[test])),
    }
    model.save(out or model_path(game))
    return report


def main(argv: list[str] | None = None) -> None:
    """Fit a game's value model from self-play files and print the held-out error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="crokinole")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("data", type=Path, nargs="+")
    args = parser.parse_args(argv)
    report = fit(args.game, args.data, args.out)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
