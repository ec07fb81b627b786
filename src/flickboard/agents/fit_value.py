"""Fitting the learned position value on self-played rounds (needs scikit-learn).

Reads rounds written by :mod:`flickboard.agents.selfplay`, turns every shot into the
game's features (:meth:`~flickboard.agents.tactics.Tactics.features`) and its round's
result class from the shooter's side, holds out every :data:`HOLD_OUT`-th round, fits
scikit-learn's ``MLPClassifier`` (two ReLU layers, log-loss, Adam) on the rest, epoch by
epoch, stopping early and choosing the L2 penalty on validation rounds (never on shots
of a round it fits: they share its result), reports the held-out error, and writes the
fitted parameters (:class:`ValueModel`) to ``GAME.npz`` in the current folder, ``--out``
elsewhere, or with ``--ship`` over the model the package ships (``agents/models``, in a
checkout).

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
from flickboard.agents.value_model import (
    PLAYING_LEVELS,
    VARIANTS,
    ValueModel,
    model_path,
    value_model,
)
from flickboard.errors import IllegalInPosition, InvalidInput
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

RATE = 1e-3
"""Adam's step size for a fit from random weights."""

WARM_RATE = 3e-4
"""Adam's step size for a fit that starts from a shipped model's weights."""

PATIENCE = 8
"""Passes without a better validation log-loss before the fit stops (the best is kept)."""


def rounds(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    """The stored rounds of the files, in order. A file's last line cut short (self-play
    stopped while writing it) is skipped; a bad line elsewhere is refused."""
    for path in paths:
        with path.open(encoding="utf-8") as file:
            lines = [(k, line) for k, line in enumerate(file, 1) if line.strip()]
        for k, line in lines:
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                if k == lines[-1][0] and not line.endswith("\n"):
                    continue
                raise InvalidInput(f"{path}:{k}: not a stored round ({error.msg})") from error


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
    start: ValueModel | None = None,
) -> tuple[Any, float, int]:
    """The network fitted epoch by epoch with one L2 ``penalty``, at the epoch of least
    log-loss on the validation rounds; that log-loss and the epoch. With ``start`` (a
    model of the same layers and classes, ``x`` scaled by its scaling), the fit starts
    from its weights, and they are kept (epoch 0) when no pass validates better."""
    from sklearn.metrics import log_loss
    from sklearn.neural_network import MLPClassifier

    classes = np.unique(y[fit]) if start is None else start.classes
    seen = val & np.isin(y, classes)
    net = MLPClassifier(
        hidden_layer_sizes=HIDDEN,
        alpha=penalty,
        batch_size=min(512, max(1, int(fit.sum()))),
        learning_rate_init=RATE if start is None else WARM_RATE,
        random_state=FIT_SEED,
    )
    best: tuple[float, Any, int] = (math.inf, None, 0)
    if start is not None:
        first = np.flatnonzero(fit)[: net.batch_size]
        net.partial_fit(x[first], y[first], classes=classes)  # builds the layers
        for layer, weights in zip(net.coefs_, start.weights, strict=True):
            layer[...] = weights
        for layer, biases in zip(net.intercepts_, start.biases, strict=True):
            layer[...] = biases
        del net._optimizer  # the next pass starts Adam afresh from these weights
        loss = float(log_loss(y[seen], net.predict_proba(x[seen]), labels=classes))
        best = (loss, copy.deepcopy(net), 0)
    for epoch in range(1, MAX_EPOCHS + 1):
        net.partial_fit(x[fit], y[fit], classes=classes)
        loss = float(log_loss(y[seen], net.predict_proba(x[seen]), labels=classes))
        if loss < best[0]:
            best = (loss, copy.deepcopy(net), epoch)
        elif epoch - best[2] >= PATIENCE:
            break
    return best[1], best[0], best[2]


def _shipped(game: str, fitted: ValueModel) -> ValueModel | None:
    """The game's own shipped model, when it reads the same features and classes."""
    if not model_path(game).exists():
        return None
    shipped = value_model(game)
    same = shipped.features == fitted.features and np.array_equal(shipped.classes, fitted.classes)
    return shipped if same else None


def fit(
    game: str,
    paths: list[Path],
    out: Path,
    variant: str | None = None,
    warm: bool = False,
) -> dict[str, float]:
    """Fit, report and save the model of ``game`` (its ``variant``) to ``out``; the
    held-out measures. With ``warm``, the fit starts from the game's shipped model (its
    scaling and weights)."""
    from sklearn.metrics import log_loss

    data = list(rounds(paths))
    x, y, groups = samples(game, data)
    fitted, val, held = split(groups)
    start = value_model(game) if warm else None
    if start is not None:
        if start.features != x.shape[1] or tuple(w.shape[1] for w in start.weights[:-1]) != HIDDEN:
            raise InvalidInput(f"the shipped {game} model's layers are not the fit's")
        if not np.isin(y, start.classes).all():
            raise InvalidInput(f"the data has round results the shipped {game} model has not")
        mean, scale = start.mean, start.scale
    else:
        mean = x[fitted].mean(axis=0)
        scale = x[fitted].std(axis=0)
        scale[scale < 1e-9] = 1.0
    scaled = (x - mean) / scale
    tries = [train(scaled, y, fitted, val, penalty, start) for penalty in PENALTIES]
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
        "warm": float(warm),
        "penalty": PENALTIES[choice],
        "epochs": float(epochs),
        "log_loss_validation": val_loss,
        "log_loss": float(log_loss(y[test], p, labels=classes)),
        "log_loss_prior": float(log_loss(y[test], np.tile(prior, (test.sum(), 1)), labels=classes)),
        "rmse_expected": math.sqrt(float(np.mean((expected(classes, p) - truth) ** 2))),
        "rmse_prior": math.sqrt(float(np.mean((expected(classes, prior[None, :]) - truth) ** 2))),
        "accuracy": float(np.mean(classes[p.argmax(axis=1)] == y[test])),
    }
    shipped = _shipped(game, model)
    if shipped is not None:  # the model shipped now, on the same held-out shots
        q = shipped.probabilities(x[test])
        report["log_loss_shipped"] = float(log_loss(y[test], q, labels=classes))
        report["rmse_shipped"] = math.sqrt(float(np.mean((expected(classes, q) - truth) ** 2)))
    model.save(out)
    return report


def main(argv: list[str] | None = None) -> None:
    """Fit a game's value model from self-play files and print the held-out error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="crokinole")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--out", type=Path, default=None, help="the model file (default: GAME.npz here)"
    )
    where.add_argument(
        "--ship",
        action="store_true",
        help="write over the model the package ships (agents/models, in a checkout)",
    )
    parser.add_argument(
        "--variant", choices=VARIANTS, default=None, help="write the game's model of this name"
    )
    parser.add_argument(
        "--warm", action="store_true", help="start from the game's shipped model's weights"
    )
    parser.add_argument(
        "--report", type=Path, default=None, help="also write the held-out error as JSON here"
    )
    parser.add_argument("data", type=Path, nargs="+")
    args = parser.parse_args(argv)
    shipped = model_path(args.game, args.variant)
    out = shipped if args.ship else args.out or Path(shipped.name)
    try:
        report = fit(args.game, args.data, out, args.variant, args.warm)
    except (InvalidInput, OSError) as refused:
        parser.error(str(refused))
    text = json.dumps({"game": args.game, "variant": args.variant, **report}, indent=2)
    print(text)
    if args.report is not None:
        args.report.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
