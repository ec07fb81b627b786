"""The learned position value: a small network, fitted on self-played rounds, run in numpy.

A game's tactics turn a position into features (:meth:`Tactics.features`); this model
turns features into the probability of each round result class (crokinole: the round
lost, tied or won; table shuffleboard: the frame's points from -8 to +8, from the
shooter's side). The fitted parameters ship with the package as a compact ``.npz``
(``agents/models/``), loaded once: the input scaling, each layer's weights and biases
(ReLU between layers, softmax at the end), and the game's extra tables (the frame
results from an empty table by level, for the race to the target). The layers run in a
compiled loop, one thread.

Fit with :mod:`flickboard.agents.fit_value` (docs/ai.md, "The learned position value").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics.jit import njit

Array = npt.NDArray[np.float64]

PLAYING_LEVELS: tuple[str, ...] = (
    "novice",
    "recreational",
    "competitive",
    "top-competitive",
    "champion",
)
"""Levels self-play is drawn from and the race tables are kept for (the shipped models
were fitted on these; ``strong-recreational`` is valued with its own noise scale and
the tables of the level nearest it)."""

MODELS = "models"
"""Folder of :mod:`flickboard.agents` holding the fitted models."""

VARIANTS: tuple[str, ...] = ("search",)
"""Named models a game may ship beside its own: ``search``, fitted on play at the
planner's full budget, weighs the default search's shots (docs/ai.md, "The search's
value"); a game without one values with its own."""


@dataclass(frozen=True)
class ValueModel:
    """A fitted classifier: features -> probability of each result class."""

    mean: Array
    scale: Array
    weights: tuple[Array, ...]
    biases: tuple[Array, ...]
    classes: npt.NDArray[np.int64]
    extra: dict[str, Array]

    def __post_init__(self) -> None:
        if len(self.weights) != len(self.biases) or not self.weights:
            raise InvalidInput("a value model needs as many bias vectors as weight matrices")
        if self.weights[0].shape[0] != self.mean.shape[0]:
            raise InvalidInput("a value model's first layer does not match its features")
        if self.weights[-1].shape[1] != self.classes.shape[0]:
            raise InvalidInput("a value model's last layer does not match its classes")

    @property
    def features(self) -> int:
        """Number of input features."""
        return int(self.mean.shape[0])

    def probabilities(self, x: Array) -> Array:
        """Class probabilities for each row of features (rows sum to 1)."""
        h = (np.asarray(x, dtype=np.float64) - self.mean) / self.scale
        last = len(self.weights) - 1
        for k, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = _dense(np.ascontiguousarray(h), w, b, k < last)
        z = h
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        out: Array = e / e.sum(axis=1, keepdims=True)
        return out

    def save(self, path: Path) -> None:
        """Write the parameters as a compressed ``.npz``."""
        arrays: dict[str, npt.NDArray[np.generic]] = {
            "mean": self.mean,
            "scale": self.scale,
            "classes": self.classes,
        }
        for k, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{k}"] = w
            arrays[f"b{k}"] = b
        for name, value in self.extra.items():
            arrays[f"extra_{name}"] = value
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> ValueModel:
        """Read parameters written by :meth:`save`."""
        with np.load(path) as data:
            layers = sum(1 for k in data.files if k.startswith("w"))
            return cls(
                mean=data["mean"],
                scale=data["scale"],
                weights=tuple(data[f"w{k}"] for k in range(layers)),
                biases=tuple(data[f"b{k}"] for k in range(layers)),
                classes=data["classes"].astype(np.int64),
                extra={k[6:]: data[k] for k in data.files if k.startswith("extra_")},
            )


@njit(cache=True)
def _dense(  # pragma: no cover - compiled
    h: Array, w: Array, b: Array, relu: bool
) -> Array:
    """One layer, ``h @ w + b`` (ReLU'd when asked), in a compiled single-threaded loop:
    numpy's BLAS would start threads for a few hundred rows and, on a busy machine,
    spend more time spinning than multiplying."""
    rows, inner = h.shape
    out = np.empty((rows, w.shape[1]))
    for i in range(rows):
        for j in range(w.shape[1]):
            total = b[j]
            for k in range(inner):
                total += h[i, k] * w[k, j]
            out[i, j] = max(total, 0.0) if relu else total
    return out


def check_variant(variant: str | None) -> None:
    """Refuse a variant name that is not one of :data:`VARIANTS` (None is the game's own)."""
    if variant is not None and variant not in VARIANTS:
        raise InvalidInput(f"no value model variant {variant!r}; known: {', '.join(VARIANTS)}")


def model_path(game: str, variant: str | None = None) -> Path:
    """Where the fitted model of a game ships (``agents/models/GAME.npz``), or its
    ``variant`` (``GAME-VARIANT.npz``)."""
    name = game if variant is None else f"{game}-{variant}"
    return Path(str(resources.files("flickboard.agents") / MODELS / f"{name}.npz"))


@cache
def value_model(game: str, variant: str | None = None) -> ValueModel:
    """The shipped model of a game, loaded once; with ``variant``, the game's model of
    that name where it ships one (:data:`VARIANTS`), else its own."""
    check_variant(variant)
    path = model_path(game, variant)
    if variant is not None and not path.exists():
        return value_model(game)
    if not path.exists():
        raise InvalidInput(f"no fitted value model for {game!r} at {path}")
    return ValueModel.load(path)
